/**
 * Money, in one place for the API and the web app. Amounts travel as dollars (JSON numbers, spec) but are
 * stored, added and compared as integer cents: floating point cannot hold most cent values exactly
 * (0.29 * 100 is 28.999999999999996; a browser's sum of 76.48 worth of prices can be 76.47999999999999).
 */

/** How far from a whole cent a dollar amount may be and still be that cent: float noise, never a real fraction. */
const CENT_TOLERANCE = 1e-6;

/** Dollars (possibly a float sum) to integer cents, rounded to the nearest cent: 76.47999999999999 is 7648. */
export function amountToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to the wire's dollars: 7648 is 76.48. */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/**
 * True when `dollars` is a whole number of cents up to floating-point noise: 76.47999999999999 and 0.29 are,
 * 76.483 is not.
 */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) <= CENT_TOLERANCE;
}

/** Cents as a decimal string with exactly two decimals, as Braintree wants amounts: 123450 is "1234.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A decimal string ("12", "12.5", "12.50") to integer cents from its digits, without floating point; undefined
 * when it is not a non-negative amount with at most `maxDecimals` decimals (2 by default).
 */
export function decimalToCents(text: string, maxDecimals = 2): number | undefined {
  const match = new RegExp(`^(\\d+)(?:\\.(\\d{1,${maxDecimals}}))?$`).exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0').slice(0, 2));
}

/** Cents for people: 123450 is "$1234.50". */
export function formatCents(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}

/** Dollars for people, via cents so float noise never shows: 76.47999999999999 is "$76.48". */
export function formatAmount(dollars: number): string {
  return formatCents(amountToCents(dollars));
}

/** The sum of dollar prices, added in cents so that 0.1 + 0.2 is 0.30 (the result in dollars). */
export function sumAmounts(prices: readonly number[]): number {
  return centsToAmount(prices.reduce((cents, price) => cents + amountToCents(price), 0));
}
