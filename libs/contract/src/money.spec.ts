import { centsToDecimal, decimalToCents, formatCents, formatDollars, fromCents, isWholeCents, toCents } from './money.js';

describe('money', () => {
  it('rounds a float sum of prices to the cents the buyer was shown', () => {
    const sum = 19.99 + 24.99 + 31.5;
    expect(sum).not.toBe(76.48);
    expect(toCents(sum)).toBe(7648);
    expect(isWholeCents(sum)).toBe(true);
  });

  it('tells whole cents from more decimals', () => {
    expect(isWholeCents(12.5)).toBe(true);
    expect(isWholeCents(0)).toBe(true);
    expect(isWholeCents(12.505)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
    expect(isWholeCents(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('converts every cent exactly both ways', () => {
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(toCents(fromCents(cents))).toBe(cents);
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
    }
  });

  it('reads and writes decimal strings as payment providers use them', () => {
    expect(centsToDecimal(1234)).toBe('12.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-250)).toBe('-2.50');
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents('12.3')).toBe(1230);
    expect(decimalToCents(' 0.29 ')).toBe(29);
    expect(decimalToCents('1e3')).toBeUndefined();
    expect(decimalToCents('12.345')).toBeUndefined();
  });

  it('formats for people', () => {
    expect(formatCents(123450)).toBe('$1234.50');
    expect(formatDollars(19.9)).toBe('$19.90');
    expect(formatDollars(19.99 + 24.99 + 31.5)).toBe('$76.48');
  });
});
