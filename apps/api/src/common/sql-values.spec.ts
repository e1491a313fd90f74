import { isCalendarDateTime, isInt4 } from './sql-values.js';

describe('sql values', () => {
  it.each([
    [0, true],
    [2_147_483_647, true],
    [-2_147_483_648, true],
    [2_147_483_648, false],
    [-2_147_483_649, false],
    [1e300, false],
    [2 ** 60, false],
    [1.5, false],
    [Number.NaN, false],
    ['12', false],
  ])('isInt4(%p) is %p', (value, ok) => {
    expect(isInt4(value)).toBe(ok);
  });

  it('narrows the range when asked', () => {
    expect(isInt4(-1, 0)).toBe(false);
    expect(isInt4(10_000_001, 0, 10_000_000)).toBe(false);
    expect(isInt4(10_000_000, 0, 10_000_000)).toBe(true);
  });

  it.each([
    ['2026-11-25', true],
    ['2024-02-29', true],
    ['2000-02-29 23:59:59.999999+00', true],
    ['9999-12-31T23:59:59.000000Z', true],
    ['0001-01-01T00:00:00.000000', true],
    ['2026-13-45', false],
    ['0000-01-01', false],
    ['2026-02-30', false],
    ['2100-02-29', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-01-01 24:00:00.000000+00', false],
    ['2026-01-01T23:60:00', false],
    ['2026-01-01T23:59:60', false],
    ['1e300', false],
    ['2147483648', false],
    ['Tue Nov 24 2026', false],
  ])('isCalendarDateTime(%p) is %p', (text, ok) => {
    expect(isCalendarDateTime(text)).toBe(ok);
  });
});
