import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/env.js';

/** The channel the catalogue triggers (migration CatalogueSpeed) notify on, at the commit of every catalogue write. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * The channel the session triggers (migration SessionChanges) notify on, at the commit of every write that changes
 * what a signed-in request's check reads: `user:<id>` (the account's name, address, roles or session version, or
 * its removal; its two-factor set-up) and `token:<jti>` (a token signed out).
 */
export const SESSIONS_CHANNEL = 'sessions_changed';

/** The channels the feed listens to. */
export type ChangeChannel = typeof CATALOGUE_CHANNEL | typeof SESSIONS_CHANNEL;

/** Reconnect back-off of the listening connection, from first to longest. */
const RECONNECT_MS = [50, 100, 250, 500, 1000, 2000];
/** How often the idle listening connection is checked: a silently dead TCP connection would deliver nothing. */
const PING_MS = 5000;

/**
 * The payload of a statement that moved only stock and `sold` (a checkout, a cancel, a refund's return to stock):
 * caches whose answers show those figures may reflect them after a short delay (LIST_STOCK_REFRESH_MS) instead of
 * dropping everything at every sale (docs/performance.md, "Staleness bound").
 */
export const STOCK_MOVED = 'stock';

/**
 * A cache's drop for stock moves: {@link soon} runs `drop` once `delayMs` after the first call since the last drop
 * (however many calls come meanwhile), or at once when `delayMs` is 0; {@link cancel} forgets a pending one (the
 * cache was dropped for another reason meanwhile).
 */
export class DelayedDrop {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly drop: () => void,
  ) {}

  soon(): void {
    if (this.delayMs === 0) return this.drop();
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drop();
    }, this.delayMs);
    this.timer.unref();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A cache that follows a channel's notifications (the catalogue's list cache, the photo cache, the session cache). */
export interface ChangeListener {
  /**
   * A notification's payload: on the catalogue's channel `lists`, `counts`, `stock`, `photo:<id>` or `photos`; on the
   * sessions' `user:<id>` or `token:<jti>`; or one this version does not know.
   */
  changed(payload: string | undefined): void;
  /** The connection went down or came back: notifications may have been lost, so everything kept is dropped. */
  flush(): void;
  /**
   * This process committed a catalogue write ({@link ChangeFeed.wroteHere}): what any write may change is
   * dropped at once (its NOTIFY follows a moment later). Caches that keep no catalogue rows leave it out.
   */
  wroteHere?(): void;
}

/**
 * The one connection per API process that LISTENs to the database's change channels (`catalogue_changed`,
 * `sessions_changed`), shared by every cache of data another replica may change (each module keeps its own cache and
 * subscribes here to its channel). Every such write NOTIFYs from a trigger in the writing transaction, so every
 * replica hears it when (and only when) the write commits. While the connection is
 * down, {@link isLive} is false and the caches neither serve nor keep anything; when it comes back they are
 * flushed, since notifications sent meanwhile are lost. It reconnects with a back-off and pings the idle
 * connection, which would otherwise die silently.
 *
 * A session for notifications, not a statement on the shop's tables: which is why it lives beside the pool
 * helpers rather than in a repository.
 */
@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  private readonly listeners = new Map<ChangeChannel, ChangeListener[]>([
    [CATALOGUE_CHANNEL, []],
    [SESSIONS_CHANNEL, []],
  ]);
  private listener: pg.Client | undefined;
  private live = false;
  private stopped = false;
  private attempts = 0;
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;
  /** DATABASE_LISTEN_URL: a session-capable connection when the pool goes through a transaction-mode pooler. */
  private readonly listenUrl: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.listenUrl = config.databaseListenUrl;
  }

  /** Whether caches may be used: the listening connection is up (and they were flushed since it came up). */
  get isLive(): boolean {
    return this.live;
  }

  /** The server process id of the listening connection, while it is up (a test terminates it to show the flush). */
  get listenerPid(): number | undefined {
    return this.live ? (this.listener as unknown as { processID?: number } | undefined)?.processID : undefined;
  }

  /** `listener` hears `channel`'s notifications (the catalogue's when none is named) and every flush. */
  subscribe(listener: ChangeListener, channel: ChangeChannel = CATALOGUE_CHANNEL): void {
    this.listeners.get(channel)?.push(listener);
  }

  /**
   * This process committed a write to the catalogue (a product, its variants, a batch of an import): the caches that
   * keep catalogue rows drop them at once, so this process's next read shows the write; every replica, this one
   * too, also hears the write's NOTIFY a moment later.
   */
  wroteHere(): void {
    for (const listener of this.listeners.get(CATALOGUE_CHANNEL) ?? []) listener.wroteHere?.();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.goOffline();
  }

  private flushAll(): void {
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener.flush();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const options = this.dataSource.options as { url?: string };
    const client = new pg.Client({
      connectionString: this.listenUrl ?? options.url,
      keepAlive: true,
      application_name: 'tshirt-store-api-listen',
    });
    client.on('notification', (message) => {
      for (const listener of this.listeners.get(message.channel as ChangeChannel) ?? []) listener.changed(message.payload);
    });
    const lost = (reason: unknown) => {
      if (this.listener !== client) return;
      this.logger.warn(`Change listener lost (${reason instanceof Error ? reason.message : String(reason)}); caches off until it is back`);
      this.goOffline();
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost('connection ended'));
    try {
      this.listener = client;
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
    } catch (error) {
      lost(error);
      client.end().catch(() => undefined);
      return;
    }
    if (this.stopped || this.listener !== client) return;
    // Whatever was written while nobody listened is unknown: start empty.
    this.flushAll();
    this.attempts = 0;
    this.live = true;
    this.ping = setInterval(() => void client.query('SELECT 1').catch(lost), PING_MS);
    this.ping.unref();
  }

  private goOffline(): void {
    this.live = false;
    this.flushAll();
    clearInterval(this.ping);
    const client = this.listener;
    this.listener = undefined;
    client?.removeAllListeners('notification');
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)];
    this.attempts += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }
}

/** The change feed, one per process whichever modules import it. */
@Module({ providers: [ChangeFeed], exports: [ChangeFeed] })
export class ChangeFeedModule {}
