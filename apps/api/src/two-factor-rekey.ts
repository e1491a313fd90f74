import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { Database } from './database/transactions.js';
import { SecretBox } from './modules/auth/two-factor/secret-box.js';
import { rekeyTwoFactorSecrets } from './modules/auth/two-factor/two-factor-rekey.js';
import { TwoFactorRepository } from './modules/auth/two-factor/two-factor.repository.js';

/**
 * `npm run two-factor:rekey`: the second step of rotating TWO_FACTOR_KEY (docs/operations.md). With the new key in
 * TWO_FACTOR_KEY (or JWT_SECRET) and the old one in TWO_FACTOR_KEY_PREVIOUS, writes every member's TOTP secret under
 * the new key, in one transaction: all of them or, if the old key does not open one, none.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const problems: string[] = [];
  if (!config.databaseUrl) problems.push('DATABASE_URL: required to re-encrypt the two-factor secrets');
  if (!config.twoFactor.previousKey) problems.push('TWO_FACTOR_KEY_PREVIOUS: required (the key the secrets are under now)');
  if (problems.length > 0 || !config.databaseUrl) throw new ConfigError(problems);

  const dataSource = new DataSource({ ...dataSourceOptions(config.databaseUrl), migrationsRun: false });
  await dataSource.initialize();
  try {
    const box = new SecretBox(config.twoFactor.key, config.twoFactor.previousKey);
    const { rekeyed, current } = await Database.inTransaction(dataSource, (db) => rekeyTwoFactorSecrets(new TwoFactorRepository(db), box));
    console.log(`Done: ${rekeyed} two-factor secret(s) re-encrypted under the new key, ${current} already under it.`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
