import { jest } from '@jest/globals';
import type { AppConfig } from '../../config/env.js';
import type { ChangeFeed, ChangeListener } from '../../database/change-feed.js';
import type { Database } from '../../database/transactions.js';
import type { StoreMetrics } from '../metrics/store-metrics.js';
import { SESSION_CACHE_MAX_ENTRIES, SessionCache, type SessionUserRow } from './session-cache.js';

/**
 * The session cache's own rules, with the notifications and the commits played by the test: its channel is a
 * listener it subscribes (session-cache.e2e-spec.ts runs it on Postgres, across replicas).
 */
describe('SessionCache', () => {
  let listener: ChangeListener;
  let live: boolean;
  /** The callbacks a transaction would run at its commit. */
  let atCommit: (() => void)[];
  let cache: SessionCache;

  const feed = {
    get isLive() {
      return live;
    },
    subscribe: (subscriber: ChangeListener) => (listener = subscriber),
  } as unknown as ChangeFeed;
  const inTransaction = { afterCommit: (callback: () => void) => atCommit.push(callback) } as unknown as Database;
  const commit = () => atCommit.splice(0).forEach((callback) => callback());
  /** The lookups the cache reports (`session:hit`, `session:miss`), as the metrics would count them. */
  let lookups: string[];
  const metrics = {
    cacheLookup: (name: string, hit: boolean) => lookups.push(`${name}:${hit ? 'hit' : 'miss'}`),
  } as unknown as StoreMetrics;

  const row = (id: string, changes: Partial<SessionUserRow> = {}): SessionUserRow => ({
    id,
    name: 'Ada',
    email: `${id}@example.com`,
    role: 0,
    staffRole: null,
    sessionVersion: 0,
    revoked: false,
    twoFactorEnabled: false,
    ...changes,
  });
  /** A read of the check that counts its calls and answers `answer()`. */
  const reader = (answer: () => SessionUserRow | undefined) => {
    const read = jest.fn(async () => answer());
    return read;
  };

  beforeEach(() => {
    live = true;
    atCommit = [];
    lookups = [];
    cache = new SessionCache(feed, { sessionCacheSeconds: 60 } as AppConfig, metrics, inTransaction);
  });

  it('reads a check once and answers it from memory after', async () => {
    const read = reader(() => row('u1'));
    expect(await cache.check('u1', 't1', read)).toEqual(row('u1'));
    expect(await cache.check('u1', 't1', read)).toEqual(row('u1'));
    expect(read).toHaveBeenCalledTimes(1);
    expect(lookups).toEqual(['session:miss', 'session:hit']);
  });

  it('keeps neither a signed-out token nor a missing account', async () => {
    const signedOut = reader(() => row('u1', { revoked: true }));
    await cache.check('u1', 't1', signedOut);
    await cache.check('u1', 't1', signedOut);
    expect(signedOut).toHaveBeenCalledTimes(2);
    const gone = reader(() => undefined);
    await cache.check('u2', 't2', gone);
    await cache.check('u2', 't2', gone);
    expect(gone).toHaveBeenCalledTimes(2);
  });

  it("reads again for a token kept under another account's id", async () => {
    await cache.check(
      'u1',
      't1',
      reader(() => row('u1')),
    );
    const other = reader(() => undefined);
    expect(await cache.check('u2', 't1', other)).toBeUndefined();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("drops an account's tokens on its notification, a token on its own, and everything on one it does not know", async () => {
    const read = reader(() => row('u1'));
    const other = reader(() => row('u2'));
    await cache.check('u1', 't1', read);
    await cache.check('u1', 't2', read);
    await cache.check('u2', 't3', other);
    listener.changed('user:u1');
    await cache.check('u1', 't1', read);
    await cache.check('u1', 't2', read);
    await cache.check('u2', 't3', other);
    expect(read).toHaveBeenCalledTimes(4);
    expect(other).toHaveBeenCalledTimes(1);
    listener.changed('token:t3');
    await cache.check('u2', 't3', other);
    expect(other).toHaveBeenCalledTimes(2);
    listener.changed('all');
    expect(cache.size).toBe(0);
    listener.changed('user:u1');
    listener.flush();
    expect(cache.size).toBe(0);
  });

  it("drops this process's own change only once it commits", async () => {
    let version = 0;
    const read = reader(() => row('u1', { sessionVersion: version }));
    await cache.check('u1', 't1', read);
    version = 1;
    cache.userChanged('u1');
    // Not committed yet: the session as it was is still the committed one.
    expect((await cache.check('u1', 't1', read))?.sessionVersion).toBe(0);
    commit();
    expect((await cache.check('u1', 't1', read))?.sessionVersion).toBe(1);
    cache.tokenSignedOut('t1');
    expect(read).toHaveBeenCalledTimes(2);
    commit();
    await cache.check('u1', 't1', read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('does not keep a check read while something was dropped: it may be the row from before the change', async () => {
    let finish!: (value: SessionUserRow) => void;
    const slow = jest.fn(() => new Promise<SessionUserRow>((resolve) => (finish = resolve)));
    const pending = cache.check('u1', 't1', slow);
    listener.changed('user:u1');
    finish(row('u1'));
    expect(await pending).toEqual(row('u1'));
    const read = reader(() => row('u1', { sessionVersion: 1 }));
    expect((await cache.check('u1', 't1', read))?.sessionVersion).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('neither answers from nor keeps anything while the listening connection is down', async () => {
    const read = reader(() => row('u1'));
    await cache.check('u1', 't1', read);
    live = false;
    await cache.check('u1', 't1', read);
    await cache.check('u1', 't1', read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads a check again once SESSION_CACHE_SECONDS have passed, and never keeps one with 0', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const read = reader(() => row('u1'));
      await cache.check('u1', 't1', read);
      now.mockReturnValue(1_000_000 + 59_999);
      await cache.check('u1', 't1', read);
      expect(read).toHaveBeenCalledTimes(1);
      now.mockReturnValue(1_000_000 + 60_000);
      await cache.check('u1', 't1', read);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
    const off = new SessionCache(feed, { sessionCacheSeconds: 0 } as AppConfig, metrics, inTransaction);
    const read = reader(() => row('u1'));
    await off.check('u1', 't1', read);
    await off.check('u1', 't1', read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(off.size).toBe(0);
  });

  it(`keeps at most ${SESSION_CACHE_MAX_ENTRIES.toLocaleString('en-US')} checks, the least recently used going first`, async () => {
    for (let i = 0; i <= SESSION_CACHE_MAX_ENTRIES; i += 1)
      await cache.check(
        `u${i}`,
        `t${i}`,
        reader(() => row(`u${i}`)),
      );
    expect(cache.size).toBe(SESSION_CACHE_MAX_ENTRIES);
    const first = reader(() => row('u0'));
    await cache.check('u0', 't0', first);
    expect(first).toHaveBeenCalledTimes(1);
  });
});
