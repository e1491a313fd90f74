import {
  amountToCents,
  centsToAmount,
  centsToDecimal,
  decimalToCents,
  formatAmount,
  formatCents,
  isWholeCents,
  sumAmounts,
} from './money.js';

describe('money', () => {
  it('rounds a float sum to the cent it means', () => {
    const browserSum = [19.99, 19.99, 16.51, 19.99].reduce((a, b) => a + b, 0);
    expect(amountToCents(76.47999999999999)).toBe(7648);
    expect(amountToCents(browserSum)).toBe(7648);
    expect(amountToCents(0.29)).toBe(29);
    expect(centsToAmount(7648)).toBe(76.48);
  });

  it('tells a whole-cent amount (up to float noise) from a real fraction of a cent', () => {
    expect(isWholeCents(76.47999999999999)).toBe(true);
    expect(isWholeCents(0.29)).toBe(true);
    expect(isWholeCents(12)).toBe(true);
    expect(isWholeCents(76.483)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
  });

  it('writes and reads decimal strings exactly', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('12.345')).toBeUndefined();
    expect(decimalToCents('-1')).toBeUndefined();
    expect(decimalToCents('abc')).toBeUndefined();
    for (let cents = 0; cents < 10_000; cents += 1) expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
  });

  it('formats for people and sums in cents', () => {
    expect(formatCents(123450)).toBe('$1234.50');
    expect(formatAmount(76.47999999999999)).toBe('$76.48');
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
  });
});
