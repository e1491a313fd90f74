import http from 'node:http';
import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../src/config/env.js';
import { cachedGetsOf } from '../src/http/cached-get.js';
import { StoreMetrics } from '../src/modules/metrics/store-metrics.js';
import { CatalogueCache } from '../src/modules/catalogue/catalogue-cache.js';
import { CachedListRoute } from '../src/modules/catalogue/cached-list-route.js';
import { ProductsService } from '../src/modules/catalogue/products.service.js';
import type { ConcurrencyGate } from '../src/common/concurrency-gate.js';
import { rm } from 'node:fs/promises';
import { type Product, Role } from '@store/contract';
import { PhotoCache } from '../src/modules/photos/photo-cache.js';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { catalogueNotificationsDelivered } from './support/notifications.js';
import { seedProduct } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

interface RawAnswer {
  status: number;
  /** Every header but Date, by lower-case name. */
  headers: Record<string, string>;
  body: Buffer;
}

const ALLOWED_ORIGIN = 'https://shop.example';

/** The fields of the chain's request log line, sorted: a cached answer's line has exactly these too. */
const REQUEST_LINE_FIELDS = ['context', 'durationMs', 'level', 'message', 'method', 'path', 'requestId', 'status', 'time'];

/** The raw bytes of an answer, undecoded (supertest would decompress them), over a real connection. */
function rawRequest(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { date: _date, ...rest } = response.headers;
        const flat = Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
        resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The requests a shop's clients send: browsers (gzip, br), fetch without compression, odd Accept-Encodings. */
const HEADER_VARIANTS: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'identity' },
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { 'accept-encoding': 'br;q=0, gzip;q=0.8, *;q=0.1' },
  { 'accept-encoding': '*' },
  { 'accept-encoding': 'gzip', 'x-request-id': 'proxy-id.42' },
  { 'accept-encoding': 'br', authorization: 'Bearer not-checked-on-public-routes' },
];

/** A small page (identity whatever is asked), the home page's 100, and a sorted page carrying a next cursor. */
const URLS = ['/api/products?limit=1', '/api/products?limit=100', '/api/products', '/api/products?sortBy=price&order=desc&limit=3'];

const SETUPS: Array<[string, Partial<AppConfig>, Array<string | undefined>]> = [
  ['without CORS', {}, [undefined]],
  ['with CORS and HSTS', { corsOrigins: [ALLOWED_ORIGIN], hsts: true }, [undefined, ALLOWED_ORIGIN, 'https://elsewhere.example']],
];

describe.each(SETUPS)('cached GETs answered before the framework, %s (e2e)', (_name, overrides, origins) => {
  let t: TestApp;
  let port: number;
  let images: ImageFixtures;
  let photographed: Product;
  /** A product whose answer is over the 1 kB compression threshold (so it is kept in gzip and brotli too). */
  let described: Product;
  const logLines: string[] = [];
  const cachedGets = () => cachedGetsOf(t.http)!;
  const cache = () => t.app.get(CatalogueCache);

  beforeAll(async () => {
    t = await createTestApp({
      ...overrides,
      log: { format: 'json', level: 'info', destination: { write: (line: string) => void logLines.push(line) } },
    });
    // Enough products that a page of 100 is well over the 1 kB compression threshold.
    for (let i = 0; i < 30; i += 1) await seedProduct(t, { name: `Cached Tee ${i}`, price: 10 + i, stock: 5 });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    images = await createImageFixtures();
    const admin = await signedInUser(t, Role.Admin);
    const calls = productCalls(t, () => admin);
    photographed = await calls.created(productForm(await calls.category('Cached Photos')), images.jpeg);
    described = await calls.created(
      productForm(await calls.category('Cached Products'), { description: 'Soft cotton, a relaxed fit. '.repeat(60) }),
    );
    await catalogueNotificationsDelivered(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    if (images) await rm(images.dir, { recursive: true, force: true });
  });

  /**
   * A miss (the whole chain answers and fills the cache), then the same request again (answered by the cached GET
   * when `cached`).
   */
  async function missThenHit(url: string, headers: Record<string, string>, cached = true): Promise<[RawAnswer, RawAnswer]> {
    cache().invalidate();
    const before = cachedGets().answered;
    const slow = await rawRequest(port, url, headers);
    expect(cachedGets().answered).toBe(before);
    const fast = await rawRequest(port, url, headers);
    expect([url, headers, cachedGets().answered]).toEqual([url, headers, before + (cached ? 1 : 0)]);
    return [slow, fast];
  }

  /**
   * The second answer is the first to the byte and header, but for the request id: each request's own, unless the
   * proxy sent a sane one (echoed by both).
   */
  function expectSameAnswer(url: string, headers: Record<string, string>, [slow, fast]: [RawAnswer, RawAnswer]): void {
    const label = `${url} ${JSON.stringify(headers)}`;
    expect([label, fast.status, fast.body.toString('base64')]).toEqual([label, slow.status, slow.body.toString('base64')]);
    if (!headers['x-request-id']) {
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(fast.headers['x-request-id']).not.toBe(slow.headers['x-request-id']);
      delete fast.headers['x-request-id'];
      delete slow.headers['x-request-id'];
    }
    expect([label, fast.headers]).toEqual([label, slow.headers]);
  }

  it.each(URLS)('answers %s from the cache exactly as the whole chain does, for every client', async (url) => {
    for (const origin of origins) {
      for (const variant of HEADER_VARIANTS) {
        const headers = origin ? { ...variant, origin } : variant;
        const [slow, fast] = await missThenHit(url, headers);
        expectSameAnswer(url, headers, [slow, fast]);
        expect(slow.status).toBe(200);
      }
    }
  });

  /**
   * The chain's answer to a photo request (the photo dropped from memory first: a conditional request is then
   * answered from the row's ETag), then, once a plain request has put the photo back in memory (if the first had
   * not), the same request again, answered from memory before the framework.
   */
  async function photoChainThenCached(url: string, headers: Record<string, string>): Promise<[RawAnswer, RawAnswer]> {
    t.app.get(PhotoCache).invalidate(photographed._id);
    const before = cachedGets().answered;
    const slow = await rawRequest(port, url, headers);
    expect(cachedGets().answered).toBe(before);
    await rawRequest(port, url, {});
    const warm = cachedGets().answered;
    const fast = await rawRequest(port, url, headers);
    expect(cachedGets().answered).toBe(warm + 1);
    return [slow, fast];
  }

  it('answers product photos from memory exactly as the whole chain does: 200s, 304s, versioned URLs, any client', async () => {
    const id = photographed._id;
    const urls = [
      `/api/product/photo/${id}`,
      `/api/product/photo/${id}?size=card`,
      `/api/product/photo/${id}?size=large`,
      `/api/product/photo/${id}?size=card&v=${encodeURIComponent(photographed.updatedAt)}`,
      `/api/product/photo/${id.toUpperCase()}?size=card&v=2000-01-01T00:00:00.000Z`,
      // A photo of the gallery by its id (here photo 1, the same bytes under its own key).
      `/api/product/photo/${id}/${photographed.photos![0]._id}?size=large`,
      `/api/product/photo/${id}/${photographed.photos![0]._id.toUpperCase()}?size=card&v=${encodeURIComponent(photographed.updatedAt)}`,
    ];
    for (const url of urls) {
      const plain = await rawRequest(port, url, {});
      expect(plain.status).toBe(200);
      const variants: Array<Record<string, string>> = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'deflate' },
        { 'if-none-match': plain.headers.etag },
        { 'if-none-match': `W/${plain.headers.etag}, "other"` },
        { 'if-none-match': '"not-this-one"' },
        { authorization: 'Bearer not-checked-on-public-routes', 'x-request-id': 'proxy-id.43' },
        // A browser revalidating: its one tag with its usual Accept-Encoding; signed in, behind a proxy; any tag.
        { 'if-none-match': plain.headers.etag, 'accept-encoding': 'gzip, deflate, br, zstd' },
        { 'if-none-match': plain.headers.etag, authorization: 'Bearer not-checked-on-public-routes', 'x-request-id': 'proxy-id.44' },
        { 'if-none-match': `W/${plain.headers.etag}`, 'accept-encoding': 'deflate' },
        { 'if-none-match': '*' },
      ];
      for (const origin of origins) {
        for (const variant of variants) {
          const headers = origin ? { ...variant, origin } : variant;
          const [slow, fast] = await photoChainThenCached(url, headers);
          expectSameAnswer(url, headers, [slow, fast]);
          expect([url, headers, slow.status]).toEqual([
            url,
            headers,
            variant['if-none-match'] === '*' || variant['if-none-match']?.includes(plain.headers.etag) ? 304 : 200,
          ]);
        }
      }
    }
  });

  it("answers a product's page data from memory exactly as the whole chain does, for every client", async () => {
    const small = photographed._id;
    const large = described._id;
    const urls = [
      `/api/product/${small}`,
      `/api/product/${large}`,
      `/api/product/${large.toUpperCase()}`,
      `/api/product/${large}?from=grid`,
    ];
    for (const url of urls) {
      const plain = await rawRequest(port, url, {});
      expect([url, plain.status]).toEqual([url, 200]);
      const conditional: Array<Record<string, string>> = [
        { 'if-none-match': plain.headers.etag },
        { 'if-none-match': `"other", ${plain.headers.etag}`, 'accept-encoding': 'br' },
        { 'if-none-match': '"not-this-one"' },
        { 'accept-encoding': 'deflate' },
      ];
      for (const origin of origins) {
        for (const [variant, cached] of [
          ...HEADER_VARIANTS.map((v): [Record<string, string>, boolean] => [v, true]),
          ...conditional.map((v): [Record<string, string>, boolean] => [v, false]),
        ]) {
          const headers = origin ? { ...variant, origin } : variant;
          const [slow, fast] = await missThenHit(url, headers, cached);
          expectSameAnswer(url, headers, [slow, fast]);
          expect([url, headers, slow.status]).toEqual([
            url,
            headers,
            variant['if-none-match'] === '*' || variant['if-none-match']?.includes(plain.headers.etag) ? 304 : 200,
          ]);
        }
      }
    }
    // Over 1 kB: the coding the compression middleware would pick, made once; the JSON is the product as before.
    const [, br] = await missThenHit(`/api/product/${large}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const [, identity] = await missThenHit(`/api/product/${large}`, {});
    expect(JSON.parse(identity.body.toString())).toMatchObject({ _id: large, description: described.description, photos: [] });
    expect(identity.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
  });

  it('leaves to the chain a product it does not hold: an unknown id is a 404, a malformed one a 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i += 1) {
      const before = cachedGets().answered;
      const unknown = await rawRequest(port, `/api/product/${missing}`, {});
      expect([unknown.status, JSON.parse(unknown.body.toString())]).toEqual([404, { error: 'Product not found', code: 'NOT_FOUND' }]);
      const malformed = await rawRequest(port, '/api/product/not-a-uuid', {});
      expect([malformed.status, JSON.parse(malformed.body.toString()).code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(cachedGets().answered).toBe(before);
    }
  });

  it('leaves to the chain a photo request it does not hold or would refuse', async () => {
    const id = photographed._id;
    await rawRequest(port, `/api/product/photo/${id}?size=card`, {});
    const before = cachedGets().answered;
    const refused = [
      `/api/product/photo/${id}?size=huge`,
      `/api/product/photo/${id}?size=card&debug=1`,
      `/api/product/photo/not-a-uuid`,
      `/api/product/photo/${id}/not-a-uuid`,
    ];
    for (const url of refused) {
      const answer = await rawRequest(port, url, {});
      expect([url, answer.status, JSON.parse(answer.body.toString()).code]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
    const missing = await rawRequest(port, '/api/product/photo/00000000-0000-4000-8000-000000000000', {});
    expect(missing.status).toBe(404);
    expect(cachedGets().answered).toBe(before);
  });

  it('sends the precompressed page in the coding the compression middleware would pick, and identity below 1 kB', async () => {
    const [, br] = await missThenHit('/api/products?limit=100', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const [, gzip] = await missThenHit('/api/products?limit=100', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const [, small] = await missThenHit('/api/products?limit=1', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toHaveLength(1);
    if (origins.includes(ALLOWED_ORIGIN)) {
      const [, cors] = await missThenHit('/api/products?limit=100', { 'accept-encoding': 'gzip', origin: ALLOWED_ORIGIN });
      expect(cors.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(cors.headers.vary).toBe('Origin, Accept-Encoding');
    }
  });

  it('leaves to the chain a client taking deflate alone (compressed per request), a HEAD, and a GET with a body', async () => {
    await rawRequest(port, '/api/products?limit=100', {});
    const before = cachedGets().answered;
    const deflated = await rawRequest(port, '/api/products?limit=100', { 'accept-encoding': 'deflate' });
    expect([deflated.status, deflated.headers['content-encoding']]).toEqual([200, 'deflate']);
    const head = await rawRequest(port, '/api/products?limit=100', {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
    const withBody = await new Promise<number>((resolve, reject) => {
      const sent = http.request({ host: '127.0.0.1', port, path: '/api/products?limit=100', method: 'GET', agent: false });
      sent.setHeader('content-type', 'text/plain');
      sent.setHeader('content-length', '5');
      sent.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
      sent.end('hello');
    });
    expect(withBody).toBe(415);
    expect(cachedGets().answered).toBe(before);
  });

  it('refuses hostile list URLs exactly as before, even when the page they resemble is cached', async () => {
    await rawRequest(port, '/api/products?limit=100', {});
    const before = cachedGets().answered;
    const refused = [
      '/api/products?limit=100&limit=100', // a parameter twice
      '/api/products?limit=100&q=ab%ZZcd', // a bad %-encoding the query parser would let through
      '/api/products?limit=100&sortBy=price%00', // a control character
      '/api/products?limit=100&debug=1', // an unknown parameter
      '/api/products?limit=1000000', // out of range
      '/api/products?limit=100&after=not-a-cursor',
    ];
    for (const url of refused) {
      const answer = await rawRequest(port, url, {});
      expect([url, answer.status, JSON.parse(answer.body.toString()).code]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
    expect(cachedGets().answered).toBe(before);
  });

  it('counts and logs a cached answer as the chain does (route label, request id, method, path, status, duration)', async () => {
    const metric = async () => {
      const values = (await t.app.get(StoreMetrics).registry.getSingleMetric('store_http_requests_total')!.get()).values;
      return (
        values.find((v) => v.labels.method === 'GET' && v.labels.route === '/api/products' && String(v.labels.status) === '200')?.value ?? 0
      );
    };
    logLines.length = 0;
    const counted = await metric();
    const [slow, fast] = await missThenHit('/api/products?limit=100', { 'accept-encoding': 'gzip' });
    expect(await metric()).toBe(counted + 2);
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.path === '/api/products');
    expect(lines.map((line) => line.requestId)).toEqual([slow.headers['x-request-id'], fast.headers['x-request-id']]);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(REQUEST_LINE_FIELDS);
      expect(line).toMatchObject({
        level: 'info',
        context: 'HTTP',
        method: 'GET',
        path: '/api/products',
        status: 200,
        durationMs: expect.any(Number),
      });
      expect(line.message).toMatch(/^GET \/api\/products 200 [\d.]+ms$/);
    }
  });

  it("counts and logs a cached photo's 200 and 304 as the chain does", async () => {
    const route = '/api/product/photo/:productId';
    const metric = async (status: number) => {
      const values = (await t.app.get(StoreMetrics).registry.getSingleMetric('store_http_requests_total')!.get()).values;
      return (
        values.find((v) => v.labels.method === 'GET' && v.labels.route === route && String(v.labels.status) === String(status))?.value ?? 0
      );
    };
    const path = `/api/product/photo/${photographed._id}`;
    const url = `${path}?size=card`;
    const { etag } = (await rawRequest(port, url, {})).headers;
    // The chain's answer, the plain request between (a 200 from memory after a 200, the one that puts the photo back
    // in memory after a 304 from the row's ETag), and the cached GET's answer.
    for (const [headers, status, more] of [
      [{ 'accept-encoding': 'gzip, deflate, br' }, 200, 3],
      [{ 'if-none-match': etag }, 304, 2],
    ] as const) {
      logLines.length = 0;
      const counted = await metric(status);
      const [slow, fast] = await photoChainThenCached(url, headers);
      expect([slow.status, fast.status]).toEqual([status, status]);
      expect(await metric(status)).toBe(counted + more);
      const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.path === path);
      expect(lines.map((line) => line.requestId)).toEqual([slow.headers['x-request-id'], expect.any(String), fast.headers['x-request-id']]);
      for (const line of lines.filter((entry) => entry.status === status)) {
        expect(Object.keys(line).sort()).toEqual(REQUEST_LINE_FIELDS);
        expect(line).toMatchObject({ level: 'info', context: 'HTTP', method: 'GET', path, status, durationMs: expect.any(Number) });
        expect(line.message).toMatch(new RegExp(`^GET ${path} ${status} [\\d.]+ms$`));
      }
    }
  });

  it('refuses a search past SEARCH_CONCURRENCY before the framework exactly as the chain does (503, Retry-After)', async () => {
    // Every place of this process's search gate taken, as by searches still running.
    const gate = (t.app.get(ProductsService) as unknown as { searches: ConcurrencyGate }).searches;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = Array.from({ length: t.config.search.concurrency }, () => gate.run(() => held));
    const route = t.app.get(CachedListRoute);
    try {
      for (const origin of origins) {
        for (const variant of HEADER_VARIANTS) {
          const headers = origin ? { ...variant, origin } : variant;
          const url = `/api/products?q=${encodeURIComponent('cached tee')}&limit=5`;
          const before = cachedGets().answered;
          const fast = await rawRequest(port, url, headers);
          expect(cachedGets().answered).toBe(before + 1);
          // The same request with the route's refusal withheld: the controller throws it and the chain writes it.
          const withheld = jest.spyOn(route, 'refusal').mockReturnValue(undefined);
          const slow = await rawRequest(port, url, headers).finally(() => withheld.mockRestore());
          expect(cachedGets().answered).toBe(before + 1);
          expectSameAnswer(url, headers, [slow, fast]);
          expect([slow.status, slow.headers['retry-after'], JSON.parse(slow.body.toString()).code]).toEqual([
            503,
            '1',
            'SERVICE_UNAVAILABLE',
          ]);
        }
      }
    } finally {
      release();
      await Promise.all(running);
    }
    // With a place free again, the search is the chain's (and then memory's).
    const answered = await rawRequest(port, `/api/products?q=${encodeURIComponent('cached tee')}&limit=5`, {});
    expect(answered.status).toBe(200);
  });

  it('answers nothing the cache does not hold: a dropped page goes through the chain to Postgres', async () => {
    await rawRequest(port, '/api/products?limit=100', {});
    const before = cachedGets().answered;
    cache().invalidate();
    const answer = await rawRequest(port, '/api/products?limit=100', {});
    expect(answer.status).toBe(200);
    expect(cachedGets().answered).toBe(before);
  });
});
