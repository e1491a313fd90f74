import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of an e-mailed link (password reset, e-mail verification): 32 random bytes in base64url, of which only the
 * SHA-256 is stored (a hash without a salt is enough: 256 random bits cannot be guessed back).
 */
export function newAccountToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: accountTokenHash(token) };
}

/** What account_tokens stores for a token, and looks a presented one up by. */
export function accountTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
