import { type INestApplicationContext, Injectable } from '@nestjs/common';
import { UnknownElementException } from '@nestjs/core/errors/exceptions/unknown-element.exception.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERROR_STATUS } from '@store/contract';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';

/** The outcomes a checkout ends in: the gateway's three, or the cart refused before any charge. */
export type CheckoutOutcome = 'approved' | 'declined' | 'provider-error' | 'refused';

/** Latency buckets in seconds: catalogue reads sit in the low milliseconds, a card charge in the seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The contract maps each error code to one status and back (a unit test holds it to that), so the status the
 * exception filter answered with names its code without a hook in the filter.
 */
const CODE_BY_STATUS = new Map<number, string>(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code]));

/** Label of requests no route matched (404s of unknown paths, files of the web app): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const STARTED = Symbol('metricsStarted');
type TimedResponse = Response & { [STARTED]?: bigint };

interface RouteSeries {
  requests: Counter.Internal;
  duration: Histogram.Internal<'method' | 'route' | 'status'>;
}

/**
 * The API's Prometheus metrics, one registry per application (tests run several apps in one process).
 * Other modules inject this service and report through its methods; the names are listed in docs/operations.md, "Metrics".
 * Reading them is {@link MetricsServer}'s job, on its own port.
 */
@Injectable()
export class StoreMetrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'store_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'store_http_request_duration_seconds',
    help: 'Time from the first middleware to the last byte handed to the socket, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'store_http_errors_total',
    help: 'Failed answers (status >= 400) by error code ({error, code} body); HTTP_<status> for statuses without a code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly checkouts = new Counter({
    name: 'store_checkout_outcomes_total',
    help: 'Checkouts by outcome: approved, declined, provider-error (charge not settled), refused (cart refused before charging)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly sweeps = new Counter({
    name: 'store_reservation_sweeps_total',
    help: 'Runs of the stale-reservation sweep, by result (ok or failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly released = new Counter({
    name: 'store_reservations_released_total',
    help: 'Stale checkout reservations the sweep released (their orders failed, their stock returned)',
    registers: [this.registry],
  });
  private readonly outboxMails = new Counter({
    name: 'store_outbox_mails_total',
    help: 'Outbox e-mail attempts by result: sent, failed (will be retried), rejected (refused for good by the mail server)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly cache = new Counter({
    name: 'store_cache_lookups_total',
    help: 'Cache lookups by cache name and result (hit or miss); hit ratio = rate(hit) / rate(hit + miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  /** Children by "method route status": the label hash is computed once per series, not once per request. */
  private readonly series = new Map<string, RouteSeries>();
  /** Cache lookup counters by "cache:result". */
  private readonly lookups = new Map<string, Counter.Internal>();

  constructor(@InjectDataSource() dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    // Read at scrape time from node-postgres's own counters: no cost per query.
    const pool = (): { totalCount: number; idleCount: number; waitingCount: number } | undefined =>
      (dataSource.driver as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master;
    new Gauge({
      name: 'store_db_pool_connections',
      help: 'Database pool of this replica: total open connections, idle ones, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        this.set({ state: 'total' }, p?.totalCount ?? 0);
        this.set({ state: 'idle' }, p?.idleCount ?? 0);
        this.set({ state: 'waiting' }, p?.waitingCount ?? 0);
      },
    });
  }

  /**
   * Express middleware timing every request. Registered first (see configureApp) so body-parser's 413s and
   * unknown paths are counted too. Per request: one bigint, one listener, one map lookup at the end.
   */
  readonly httpMiddleware = (_request: Request, response: Response, next: NextFunction): void => {
    (response as TimedResponse)[STARTED] = process.hrtime.bigint();
    response.once('finish', this.onFinish);
    next();
  };

  /** One listener for every response (`this` is the response), so no closure is allocated per request. */
  private readonly onFinish = ((metrics: StoreMetrics) =>
    function finished(this: TimedResponse): void {
      const started = this[STARTED];
      if (started === undefined) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Express leaves the matched route on the request: its pattern keeps the label set bounded.
      const request = this.req as Request;
      const route = request.route?.path;
      metrics.observe(request.method, typeof route === 'string' ? request.baseUrl + route : UNMATCHED_ROUTE, this.statusCode, seconds);
    })(this);

  /** Records one answered request; `route` is the route pattern (`/api/products/:productId`), never the URL. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let s = this.series.get(key);
    if (s === undefined) {
      const labels = [method, route, String(status)];
      s = { requests: this.requests.labels(...labels), duration: this.duration.labels(...labels) };
      this.series.set(key, s);
    }
    s.requests.inc();
    s.duration.observe(seconds);
    if (status >= 400) this.errors.inc({ code: CODE_BY_STATUS.get(status) ?? `HTTP_${status}` });
  }

  /** One finished checkout. */
  checkoutOutcome(outcome: CheckoutOutcome): void {
    this.checkouts.inc({ outcome });
  }

  /** One run of the stale-reservation sweep: how many reservations it released, or that it failed. */
  sweepDone(releasedCount: number): void {
    this.sweeps.inc({ result: 'ok' });
    if (releasedCount > 0) this.released.inc(releasedCount);
  }

  sweepFailed(): void {
    this.sweeps.inc({ result: 'failed' });
  }

  /** One attempt of the outbox worker to send a mail. */
  outboxMail(result: 'sent' | 'failed' | 'rejected'): void {
    this.outboxMails.inc({ result });
  }

  /** For caches: report every lookup; the hit ratio is derived in PromQL from the two results. */
  cacheLookup(cache: string, hit: boolean): void {
    const result = hit ? 'hit' : 'miss';
    // Per lookup on every catalogue read: the child is looked up by a short key, not by hashing a label object.
    const key = `${cache}:${result}`;
    let counter = this.lookups.get(key);
    if (counter === undefined) {
      counter = this.cache.labels(cache, result);
      this.lookups.set(key, counter);
    }
    counter.inc();
  }
}

/**
 * The HTTP metrics middleware of an app built on AppModule (see configureApp), or undefined for an app whose own
 * module has no {@link StoreMetrics} (a unit test's small module), which then simply is not measured.
 */
export function httpMetricsMiddleware(app: INestApplicationContext): StoreMetrics['httpMiddleware'] | undefined {
  try {
    return app.get(StoreMetrics).httpMiddleware;
  } catch (error) {
    if (error instanceof UnknownElementException) return undefined;
    throw error;
  }
}
