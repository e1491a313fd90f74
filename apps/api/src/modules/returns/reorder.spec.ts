import { reorderQuantity } from './reorder.js';

describe('reorderQuantity', () => {
  const base = { stock: 0, sold: 0, exchangesIn: 0, exchangesOut: 0, historyDays: 30, horizonDays: 30 };

  it('covers the sales rate over the horizon, less the stock on hand', () => {
    expect(reorderQuantity({ ...base, sold: 30, stock: 10 })).toBe(20);
    expect(reorderQuantity({ ...base, sold: 30, stock: 10, horizonDays: 15 })).toBe(5);
  });

  it('rounds the demand up and never goes below 0', () => {
    expect(reorderQuantity({ ...base, sold: 1, horizonDays: 7 })).toBe(1);
    expect(reorderQuantity({ ...base, sold: 3, stock: 50 })).toBe(0);
  });

  it('adds exchanges into the variant and takes off those out of it', () => {
    expect(reorderQuantity({ ...base, sold: 10, exchangesIn: 6 })).toBe(16);
    expect(reorderQuantity({ ...base, sold: 10, exchangesOut: 4 })).toBe(6);
    expect(reorderQuantity({ ...base, sold: 2, exchangesOut: 5 })).toBe(0);
  });

  it('adds the shoppers waiting for the variant, when counted', () => {
    expect(reorderQuantity({ ...base, sold: 30, stock: 10, waiting: 4 })).toBe(24);
    expect(reorderQuantity({ ...base, waiting: 3 })).toBe(3);
  });
});
