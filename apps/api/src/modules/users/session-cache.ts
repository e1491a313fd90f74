import { Inject, Injectable } from '@nestjs/common';
import type { StaffRole } from '@store/contract';
import { ByteLru } from '../../common/byte-lru.js';
import { ReadThrough } from '../../common/read-through.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeed, SESSIONS_CHANNEL } from '../../database/change-feed.js';
import { Database } from '../../database/transactions.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import type { UserEntity } from './user.entity.js';

/** The most tokens whose check is kept at once, per process; the least recently used go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** About what an entry holds (a row of six short fields and its key), to bound the cache in bytes as well. */
const ENTRY_BYTES = 400;

/** A user as the per-request token check reads them (UsersRepository.findForToken). */
export interface SessionUserRow {
  id: string;
  name: string;
  email: string;
  role: UserEntity['role'];
  staffRole: StaffRole | null;
  sessionVersion: number;
  /** The token's id is in `revoked_tokens` (signed out). */
  revoked: boolean;
  /** Two-factor sign-in is on (a confirmed row in `user_two_factor`). */
  twoFactorEnabled: boolean;
}

interface KeptCheck {
  row: SessionUserRow;
  /** Date.now() past which the row is read again, notification or not. */
  until: number;
}

/**
 * The API process's copy of the signed-in request's check (UsersRepository.findForToken: the account, its session
 * version, whether the token was signed out, its two-factor set-up), per token, so a request of a session seen in
 * the last SESSION_CACHE_SECONDS costs no round trip to Postgres (docs/security.md, "Sessions kept in memory").
 *
 * Never staler than a notification's delivery: every write that changes what the check reads notifies
 * `sessions_changed` at its commit (migration SessionChanges), which every replica hears through {@link ChangeFeed}
 * and drops the account's or the token's entries; this process drops its own writes' entries at their commit
 * ({@link userChanged}, {@link tokenSignedOut}, called where they are written), so the answer to a sign-out is never
 * followed here by a request the old session gets through. While the listening connection is
 * down nothing is served from or kept here; a check read while anything was dropped is not kept (it may be the row
 * from before the change). SESSION_CACHE_SECONDS bounds an entry's life whatever happens (a write made with the
 * triggers switched off, as a restore may).
 */
@Injectable()
export class SessionCache {
  private readonly checks = new ByteLru<KeptCheck>(SESSION_CACHE_MAX_ENTRIES * ENTRY_BYTES, SESSION_CACHE_MAX_ENTRIES);
  /** Concurrent first requests of a token share one read; a read across a drop is not kept. */
  private readonly reads = new ReadThrough();
  private readonly keepMs: number;

  constructor(
    private readonly changes: ChangeFeed,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: StoreMetrics,
    private readonly db: Database,
  ) {
    this.keepMs = config.sessionCacheSeconds * 1000;
    changes.subscribe(
      {
        changed: (payload) => {
          if (payload?.startsWith('user:')) this.dropUser(payload.slice('user:'.length));
          else if (payload?.startsWith('token:')) this.dropToken(payload.slice('token:'.length));
          else this.clear(); // 'all' (the users table emptied), or anything this version does not know: be safe
        },
        flush: () => this.clear(),
      },
      SESSIONS_CHANNEL,
    );
  }

  /** How many checks are kept (for tests and diagnostics). */
  get size(): number {
    return this.checks.size;
  }

  /**
   * The check of token `jti` of user `userId`: kept, or read by `read` and kept (unless the token is signed out, the
   * account is gone, or something was dropped while it was read).
   */
  async check(userId: string, jti: string, read: () => Promise<SessionUserRow | undefined>): Promise<SessionUserRow | undefined> {
    if (this.keepMs === 0 || !this.changes.isLive) return read();
    const kept = this.checks.get(jti);
    // Past its time (or, against a forged pairing, another account's): read again, as a miss.
    if (kept !== undefined && (kept.row.id !== userId || kept.until <= Date.now())) this.checks.delete(jti);
    const checked = await this.reads.read(
      this.checks,
      'session',
      jti,
      async () => {
        const row = await read();
        return row && { row, until: Date.now() + this.keepMs };
      },
      () => ENTRY_BYTES,
      ({ row }) => !row.revoked && row.id === userId && this.changes.isLive,
      (hit) => this.metrics.cacheLookup('session', hit),
    );
    return checked?.row;
  }

  /**
   * This process changed the account `userId` (or its two-factor set-up), or removed it, in the transaction in
   * context: its tokens' checks are read again once that commits (at once outside a transaction). Dropped before the
   * commit, a request could keep the row as it was again.
   */
  userChanged(userId: string): void {
    this.db.afterCommit(() => this.dropUser(userId));
  }

  /** This process signed token `jti` out, in the transaction in context: its check is read again once that commits. */
  tokenSignedOut(jti: string): void {
    this.db.afterCommit(() => this.dropToken(jti));
  }

  private dropUser(userId: string): void {
    this.reads.invalidate();
    this.checks.deleteWhere((kept) => kept.row.id === userId);
  }

  private dropToken(jti: string): void {
    this.reads.invalidate();
    this.checks.delete(jti);
  }

  private clear(): void {
    this.reads.invalidate();
    this.checks.clear();
  }
}
