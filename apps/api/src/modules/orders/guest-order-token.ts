import { createHash, randomBytes } from 'node:crypto';

/**
 * The page of a guest order's link on the web app; the token goes in the fragment, which browsers never send to a
 * server or in a Referer (the web app's lib/paths.ts has the same path).
 */
export const GUEST_ORDER_PAGE = '/guest/order';

/**
 * A guest order's link token: 32 random bytes in base64url, of which only the SHA-256 is stored (256 random bits
 * cannot be guessed or worked back from the hash, so no salt is needed). Never the order id.
 */
export function newGuestOrderToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: guestOrderTokenHash(token) };
}

export function guestOrderTokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function guestOrderLink(publicUrl: string, token: string): string {
  return `${publicUrl}${GUEST_ORDER_PAGE}#${token}`;
}
