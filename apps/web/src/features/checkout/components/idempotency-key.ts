/**
 * A fresh key for one payment attempt. `crypto.randomUUID` exists only on secure origins (https, localhost),
 * so a shop opened over plain http on a LAN address falls back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
