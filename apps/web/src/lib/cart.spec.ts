import { product } from '@/testing/fixtures';
import { CART_STORAGE_KEY, addToCart, emptyCart, readCart, removeFromCart } from './cart';
import { addSizeToCart, cartLines, cartTotal, syncCart } from './cart-changes';

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

describe('cart storage', () => {
  it('keeps the cart in localStorage under "cart" as product objects with count 1', () => {
    const tee = product({ name: 'Sunset Tee', price: 24.99 });
    addToCart(tee);
    expect(stored()).toEqual([{ ...tee, count: 1 }]);
  });

  it('adding the same product twice makes two entries', () => {
    const tee = product();
    addToCart(tee);
    addToCart(tee);
    expect(readCart()).toHaveLength(2);
    expect(stored().map((item: { _id: string }) => item._id)).toEqual([tee._id, tee._id]);
  });

  it('remove deletes one entry with the matching _id and keeps the rest', () => {
    const a = product();
    const b = product();
    addToCart(a);
    addToCart(b);
    addToCart(a);
    removeFromCart(a._id);
    expect(readCart().map((item) => item._id)).toEqual([b._id, a._id]);
    removeFromCart('not-in-cart');
    expect(readCart()).toHaveLength(2);
  });

  it('emptying removes the key', () => {
    addToCart(product());
    emptyCart();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCart()).toEqual([]);
  });

  it('reads a damaged or foreign value as an empty cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ _id: 'x' }));
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ _id: 'x', price: 3, count: 1 }, { nope: true }]));
    expect(readCart()).toHaveLength(1);
  });
});

describe('cart total and lines', () => {
  it('sums the prices of the entries in dollars, without float drift', () => {
    const items = [0.1, 0.2, 24.99].map((price) => ({ ...product({ price }), count: 1 }));
    expect(cartTotal(items)).toBe(25.29);
    expect(cartTotal([])).toBe(0);
  });

  it('ignores count, as the spec says (each entry is one item)', () => {
    expect(cartTotal([{ ...product({ price: 10 }), count: 5 }])).toBe(10);
  });

  it('sends each product once with the number of entries it has', () => {
    const a = product();
    const b = product();
    const items = [a, b, a].map((p) => ({ ...p, count: 1 }));
    expect(cartLines(items)).toEqual([
      { _id: a._id, count: 2 },
      { _id: b._id, count: 1 },
    ]);
  });

  it('syncCart takes the current copy of changed products, drops gone ones and counts what the shopper should hear of', () => {
    const repriced = product({ name: 'Repriced', price: 20 });
    const renamed = product({ name: 'Old Name', price: 15 });
    const gone = product({ name: 'Gone' });
    const same = product({ name: 'Same' });
    [repriced, repriced, renamed, gone, same].forEach(addToCart);
    const later = '2026-12-01T00:00:00.000Z';
    const result = syncCart(
      [{ ...repriced, price: 18, updatedAt: later }, { ...renamed, name: 'New Name', updatedAt: later }, same],
      [gone._id],
    );
    expect(result).toEqual({ repriced: 2, removed: 1, resized: 0 });
    expect(readCart().map((item) => [item.name, item.price, item.count])).toEqual([
      ['Repriced', 18, 1],
      ['Repriced', 18, 1],
      ['New Name', 15, 1],
      ['Same', same.price, 1],
    ]);
  });

  it('syncCart leaves storage alone when nothing changed', () => {
    const tee = product();
    addToCart(tee);
    const before = localStorage.getItem(CART_STORAGE_KEY);
    expect(syncCart([tee], [])).toEqual({ repriced: 0, removed: 0, resized: 0 });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(before);
  });

  it('syncCart drops entries whose size the product no longer takes, and keeps the ones it does', () => {
    const plain = product({ name: 'Now Sized' });
    const sized = product({
      name: 'Sized',
      sizes: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 1 },
      ],
    });
    const unsized = product({ name: 'No Longer Sized', sizes: [{ size: 'L', stock: 1 }] });
    addToCart(plain);
    addSizeToCart(sized, 'S');
    addSizeToCart(sized, 'M');
    addSizeToCart(unsized, 'L');
    const later = '2026-12-01T00:00:00.000Z';
    const result = syncCart(
      [
        { ...plain, sizes: [{ size: 'M', stock: 3 }], stock: 3, updatedAt: later },
        { ...sized, sizes: [{ size: 'M', stock: 1 }], stock: 1, updatedAt: later },
        { ...unsized, sizes: [], stock: 4, updatedAt: later },
      ],
      [],
    );
    expect(result).toEqual({ repriced: 0, removed: 0, resized: 3 });
    expect(readCart().map((item) => [item.name, item.size, item.stock])).toEqual([['Sized', 'M', 1]]);
  });
});
