import { useSyncExternalStore } from 'react';

/**
 * One JSON value kept in localStorage under a fixed key, readable from React with {@link useStoredValue}.
 * Changes made in this tab notify subscribers directly; changes from another tab arrive as `storage` events,
 * so signing out in one tab updates the nav bar of the others.
 */
export interface StoredValue<T> {
  readonly key: string;
  get(): T;
  /** The value as if nothing were stored: what a server-rendered page shows, and so its hydration too. */
  initial(): T;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function storedValue<T>(key: string, parse: (raw: unknown) => T): StoredValue<T> {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs the same object back while the stored text is unchanged.
  let cachedRaw: string | null | undefined;
  let cachedValue: T;
  const initialValue = parse(undefined);

  const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
  const notify = (): void => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent): void => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    key,
    get() {
      const raw = storage()?.getItem(key) ?? null;
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        let decoded: unknown;
        try {
          decoded = raw === null ? undefined : JSON.parse(raw);
        } catch {
          decoded = undefined;
        }
        cachedValue = parse(decoded);
      }
      return cachedValue;
    },
    initial() {
      return initialValue;
    },
    set(value) {
      storage()?.setItem(key, JSON.stringify(value));
      notify();
    },
    clear() {
      storage()?.removeItem(key);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/**
 * The stored value. A hydrating render (and the server's) reads {@link StoredValue.initial}: the server has no
 * storage, and the browser's first render must match its HTML; React renders again with the stored value at once.
 */
export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.initial);
}
