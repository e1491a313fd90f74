import type { ByteLru } from './byte-lru.js';

/**
 * The read-through part of a cache invalidated by notifications: a miss loads once however many ask for the key
 * at the same time (concurrent misses share one load), and a load that was under way when the cache was
 * invalidated is not kept, so it cannot put back what was just dropped. One generation per group of LRUs that are
 * invalidated together.
 */
export class ReadThrough {
  private generation = 0;
  /** Loads under way, per generation and key. */
  private readonly loading = new Map<string, Promise<unknown>>();

  /** Everything loaded from now on belongs to a new generation; loads under way are not kept. */
  invalidate(): void {
    this.generation += 1;
  }

  /** Whether a load of `key` (of the LRU called `name`) is under way in this generation: one more read would share it. */
  isLoading(name: string, key: string): boolean {
    return this.loading.has(`${name}:${this.generation}:${key}`);
  }

  /**
   * The value of `key`, from `lru` or from `load` (then kept, while `keep(value)` still says so and no invalidation
   * came meanwhile); `lookup` is told whether it was a hit. Null and undefined are never kept.
   */
  read<V>(
    lru: ByteLru<NonNullable<V>>,
    name: string,
    key: string,
    load: () => Promise<V>,
    sizeOf: (value: NonNullable<V>) => number,
    keep: (value: NonNullable<V>) => boolean,
    lookup: (hit: boolean) => void,
  ): Promise<V> {
    const hit = lru.get(key);
    lookup(hit !== undefined);
    if (hit !== undefined) return Promise.resolve(hit);
    const started = this.generation;
    const loadKey = `${name}:${started}:${key}`;
    const pending = this.loading.get(loadKey) as Promise<V> | undefined;
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.loading.delete(loadKey);
        if (value !== undefined && value !== null && keep(value) && this.generation === started) lru.set(key, value, sizeOf(value));
        return value;
      },
      (error: unknown) => {
        this.loading.delete(loadKey);
        throw error;
      },
    );
    this.loading.set(loadKey, loaded);
    return loaded;
  }
}
