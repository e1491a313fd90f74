import type { SecretBox } from './secret-box.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

/** What a key rotation did. */
export interface RekeyResult {
  /** Secrets that were under the previous key, now under the current one. */
  rekeyed: number;
  /** Secrets already under the current key (written since the rotation began, or by an earlier run). */
  current: number;
}

/**
 * Writes every two-factor secret under the current key, in the transaction in context: each is read with the current
 * key or the previous one, and those under the previous one are encrypted again. A secret neither key opens stops the
 * whole run (thrown, so the caller's transaction rolls back and nothing is half done): the previous key is wrong.
 * Running it again changes nothing.
 */
export async function rekeyTwoFactorSecrets(repository: TwoFactorRepository, box: SecretBox): Promise<RekeyResult> {
  const rows = await repository.lockAllSecrets();
  const unreadable: string[] = [];
  const result: RekeyResult = { rekeyed: 0, current: 0 };
  for (const row of rows) {
    let read: { secret: string; current: boolean };
    try {
      read = box.read(row.secretEncrypted);
    } catch {
      unreadable.push(row.userId);
      continue;
    }
    if (read.current) {
      result.current += 1;
      continue;
    }
    await repository.replaceSecret(row.userId, box.encrypt(read.secret));
    result.rekeyed += 1;
  }
  if (unreadable.length > 0) {
    throw new Error(
      `${unreadable.length} two-factor secret(s) open with neither TWO_FACTOR_KEY nor TWO_FACTOR_KEY_PREVIOUS ` +
        `(users ${unreadable.join(', ')}); nothing was changed. Check TWO_FACTOR_KEY_PREVIOUS.`,
    );
  }
  return result;
}
