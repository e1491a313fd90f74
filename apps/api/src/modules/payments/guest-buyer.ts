import { createHash } from 'node:crypto';

/**
 * The id a guest's Idempotency-Keys belong to (the keys are scoped per buyer, and a guest has no account): a
 * name-based UUID made from the e-mail, so every retry of the same guest finds its key and two guests never share
 * one. Its version digit is 5 (name-based) while account ids are random (version 4), so it never equals an account's.
 */
export function guestKeyOwner(email: string): string {
  const bytes = createHash('sha256').update(`guest-checkout:${email}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
