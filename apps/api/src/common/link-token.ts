import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of an e-mailed link (password reset, e-mail verification, a stock alert's confirm and unsubscribe
 * links): 32 random bytes in base64url, of which only the SHA-256 is stored (a hash without a salt is enough: 256
 * random bits cannot be guessed back).
 */
export function newLinkToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

/** What a table stores for a token, and looks a presented one up by. */
export function linkTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
