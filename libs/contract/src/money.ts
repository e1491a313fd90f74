/**
 * Money: the wire carries dollars as JSON numbers (the spec's `price`, `amount`), the server keeps integer
 * cents. Every conversion between the two, on both sides, goes through here.
 */

/**
 * Dollars to integer cents, rounded: a browser's float sum of prices (76.47999999999999) is 7648 cents,
 * which is what the buyer was shown. Use {@link isWholeCents} first where more than 2 decimals must be refused.
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to the wire's dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * True when `dollars` is a whole number of cents up to floating-point noise: 12.5 and 76.47999999999999 (a
 * float sum of 2-decimal prices) are, 12.505 is not. The tolerance is far below a cent and far above the
 * error of summing a cart's prices (a few ulps per addition).
 */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** Cents as a decimal string with exactly 2 decimals, as payment providers take amounts: 1234 -> "12.34". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A decimal string ("12", "12.3", "12.34") to cents, exactly (no float on the way); undefined if it is not one. */
export function decimalToCents(text: string): number | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents for people: 1234 -> "$12.34". */
export function formatCents(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}

/** Dollars for people: 19.9 -> "$19.90" (rounded to the cent, never "$19.899999"). */
export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars));
}
