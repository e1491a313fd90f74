import { ApiRoute } from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MetricsServer } from '../src/modules/metrics/metrics-server.js';
import { ReservationSweeper } from '../src/modules/payments/reservation-sweeper.js';
import { pay, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** One sample of the Prometheus text exposition format: `name{label="value",...} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A small parser of the text format (what Prometheus reads): comments skipped, label values unescaped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key] = raw.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; 0 when it has not been recorded yet. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

/** The API's metrics, scraped from METRICS_PORT the way Prometheus does, before and after real traffic. */
describe('metrics (e2e)', () => {
  let t: TestApp;
  let metricsUrl: string;

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await response.text());
  }

  beforeAll(async () => {
    t = await createTestApp({ metricsPort: 0 });
    const port = t.app.get(MetricsServer).port();
    expect(port).toEqual(expect.any(Number));
    metricsUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => t.close());

  it('serves /metrics on its own port, not on the API port', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await request(t.http).get('/metrics')).status).toBe(404);
    expect((await request(t.http).get('/api/metrics')).status).toBe(404);
  });

  it('counts requests and their latency by route pattern and status', async () => {
    const route = `/api${ApiRoute.categories}`;
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await request(t.http).get(route).expect(200);
    const after = await scrape();

    const labels = { method: 'GET', route, status: '200' };
    expect(valueOf(after, 'store_http_requests_total', labels) - valueOf(before, 'store_http_requests_total', labels)).toBe(3);
    const count = (s: Sample[]): number => valueOf(s, 'store_http_request_duration_seconds_count', labels);
    expect(count(after) - count(before)).toBe(3);
    const inf = (s: Sample[]): number => valueOf(s, 'store_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' });
    expect(inf(after) - inf(before)).toBe(3);
    // Three real requests took some time, and no more than the largest finite bucket.
    expect(valueOf(after, 'store_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(valueOf(after, 'store_http_request_duration_seconds_bucket', { ...labels, le: '10' })).toBe(inf(after));
  });

  it('labels a route by its pattern, never by the URL, and counts a 404 by its code', async () => {
    const missing = randomUUID();
    const before = await scrape();
    await request(t.http)
      .get(api(ApiRoute.product, { productId: missing }))
      .expect(404);
    await request(t.http).get(`/api/no-such-thing/${randomUUID()}`).expect(404);
    const samples = await scrape();

    expect(valueOf(samples, 'store_http_requests_total', { method: 'GET', route: '/api/product/:productId', status: '404' })).toBe(1);
    expect(valueOf(samples, 'store_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    const notFound = (s: Sample[]): number => valueOf(s, 'store_http_errors_total', { code: 'NOT_FOUND' });
    expect(notFound(samples) - notFound(before)).toBe(2);
    // Bounded cardinality: no label anywhere carries an id from a URL.
    expect(samples.some((s) => Object.values(s.labels).some((v) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(v)))).toBe(false);
  });

  it('counts a body-parser refusal (before any route) by its code', async () => {
    const invalid = (s: Sample[]): number => valueOf(s, 'store_http_errors_total', { code: 'VALIDATION_FAILED' });
    const before = await scrape();
    await request(t.http).post('/api/signin').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(invalid(await scrape()) - invalid(before)).toBe(1);
  });

  it('counts checkout outcomes and sweeps', async () => {
    const before = await scrape();
    const buyer = await signedInUser(t);
    const tee = await seedProduct(t, { name: 'Metrics Tee', price: 12, stock: 1 });
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 12, products: [{ _id: tee, count: 1 }] }).expect(200);
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 12, products: [{ _id: tee, count: 1 }] }).expect(409);
    const declined = await seedProduct(t, { name: 'Declined Metrics Tee', price: 2001, stock: 1 });
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 2001, products: [{ _id: declined, count: 1 }] }).expect(402);
    // The sweep's timer fires once a minute; run one pass now as the timer would.
    await (t.app.get(ReservationSweeper) as unknown as { sweep(): Promise<void> }).sweep();
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>): number => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('store_checkout_outcomes_total', { outcome: 'approved' })).toBe(1);
    expect(moved('store_checkout_outcomes_total', { outcome: 'refused' })).toBe(1);
    expect(moved('store_checkout_outcomes_total', { outcome: 'declined' })).toBe(1);
    expect(moved('store_http_errors_total', { code: 'PAYMENT_DECLINED' })).toBe(1);
    expect(moved('store_reservation_sweeps_total', { result: 'ok' })).toBe(1);
  });

  it('reports the database pool and the process', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'store_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'store_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});
