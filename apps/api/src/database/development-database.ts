import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '../config/env.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

interface DemoAdmin {
  email: string;
  password: string;
  name: string;
}

export interface DevelopmentDatabase {
  databaseUrl: string;
  /** Seeds the demo catalogue on first start and makes sure the demo admin exists. */
  afterStart(app: INestApplication): Promise<void>;
  printWelcome(url: string): void;
}

/**
 * `npm start` without DATABASE_URL: an embedded Postgres with its data under `.data/` (kept between runs),
 * a demo catalogue seeded the first time, and a demo admin whose password is generated once and kept beside the data.
 */
export async function prepareDevelopmentDatabase(config: AppConfig): Promise<DevelopmentDatabase> {
  const dataRoot = path.resolve(process.env.STORE_DATA_DIR ?? '.data');
  await mkdir(dataRoot, { recursive: true });
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataRoot, 'postgres'), persistent: true });
  const databaseUrl = await ensureDatabase(server.serverUrl, 'store');
  const admin = config.admin ?? (await demoAdmin(dataRoot));

  return {
    databaseUrl,
    async afterStart(app) {
      await app.get(AuthService).ensureAdmin(admin);
      await seedDemoCatalogue(app);
    },
    printWelcome(url) {
      console.log(
        [
          '',
          `  The store is open at ${url}`,
          `  Embedded Postgres data: ${displayPath(path.join(dataRoot, 'postgres'))}`,
          `  Admin sign-in: ${admin.email} / ${admin.password}`,
          config.mail.smtpUrl
            ? `  E-mails: sent through SMTP_URL (${new URL(config.mail.smtpUrl).host})`
            : `  E-mails: no SMTP_URL set, so order mails are written to ${displayPath(config.mail.outboxDir)}/ as .eml files`,
          '',
        ].join('\n'),
      );
    },
  };
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(target: string): string {
  const relative = path.relative(process.cwd(), target);
  return relative.startsWith('..') ? target : relative;
}

async function demoAdmin(dataRoot: string): Promise<DemoAdmin> {
  const file = path.join(dataRoot, 'demo-admin.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoAdmin;
  const admin = { email: 'admin@example.com', password: randomBytes(9).toString('base64url'), name: 'Demo Admin' };
  await writeFile(file, JSON.stringify(admin, null, 2), { mode: 0o600 });
  return admin;
}
