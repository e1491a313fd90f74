import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used to stay within its bytes', () => {
    const lru = new ByteLru<string>(10, 100);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', 4);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c')]).toEqual(['A', 'C']);
    expect(lru.bytes).toBe(8);
  });

  it('stays within its entries, refuses a value larger than the whole bound, and replaces in place', () => {
    const lru = new ByteLru<number>(100, 2);
    lru.set('a', 1, 1);
    lru.set('b', 2, 1);
    lru.set('c', 3, 1);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBeUndefined();
    lru.set('huge', 4, 101);
    expect(lru.get('huge')).toBeUndefined();
    lru.set('b', 5, 50);
    expect([lru.get('b'), lru.bytes]).toEqual([5, 51]);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});
