// The CPU of a cached card photo's answers, in process: real node:http request and response objects (no network,
// no load generator), answered by the API's cached GET (apps/api/dist: CachedGets over the photo route, the photo
// service and its cache holding the photo, the chain's header middleware, its request logger writing JSON lines to
// stdout and its metrics), against the same objects answered as the plain in-memory server answers them
// (plain-server.mjs's photo route: URL parsing, the If-None-Match list, the security headers), in the same run.
// Each way: a 200 (no If-None-Match) and a 304 (the browser's one tag), each with a browser's Accept-Encoding.
// Run after the build, stdout to /dev/null:  node apps/api/bench/photo-answers.mjs > /dev/null
// A benchmark, not a test: on a busy machine compare the lines of one run (medians of rounds taken in turn).
import { URL, URLSearchParams } from 'node:url';
import { fromDist, inProcessRequests, mediansAfterWarmUp } from './support.mjs';

const { CachedGets } = await fromDist('http/cached-get.js');
const { globalHeaderMiddleware } = await fromDist('http/global-headers.js');
const { createLogger, requestLogger } = await fromDist('common/logging/logger.js');
const { StoreMetrics } = await fromDist('modules/metrics/store-metrics.js');
const { PhotoCache } = await fromDist('modules/photos/photo-cache.js');
const { ProductPhotosService } = await fromDist('modules/photos/product-photos.service.js');
const { CachedPhotoRoute } = await fromDist('modules/photos/cached-photo-route.js');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = 5;
const PRODUCT = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const URL_PATH = `/api/product/photo/${PRODUCT}?size=card`;
const BYTES = Buffer.alloc(15_000, 7);
const ETAG = '"q2l1Zm5vdC1hLXJlYWwtdGFnLWJ1dC1hcy1sb25nLWFz"';
const BROWSER = 'gzip, deflate, br, zstd';

// The API's pieces, as configureApp wires them (no CORS, no HSTS: the bench's defaults).
const metrics = new StoreMetrics({ driver: {} });
const changes = { isLive: true, subscribe: () => undefined };
const cache = new PhotoCache(changes, { photoCacheMaxBytes: 64 * 1024 * 1024 }, metrics);
const photos = new ProductPhotosService({}, cache);
const stored = { photoId: 'b1c2d3e4-0000-4000-8000-000000000001', etag: ETAG, contentType: 'image/jpeg', bytes: BYTES, version: 'v1' };
await cache.read({ productId: PRODUCT }, 'card', async () => stored);
const cachedGets = new CachedGets([new CachedPhotoRoute(photos)], {
  headerMiddleware: globalHeaderMiddleware({ braintree: undefined, hsts: false, corsOrigins: [] }),
  parseQuery: (query) => Object.fromEntries(new URLSearchParams(query)),
  logRequest: requestLogger(createLogger({ format: 'json', level: 'info' })),
  observe: (method, route, status, seconds) => metrics.observe(method, route, status, seconds),
  errors: { toResponse: () => ({ status: 500, body: {} }), retryAfterOf: () => undefined, etag: () => undefined },
});

// The plain in-memory server's photo route (plain-server.mjs), with the same security headers as the API's.
const SECURITY = {};
for (const handler of globalHeaderMiddleware({ braintree: undefined, hsts: false, corsOrigins: [] })) {
  handler(
    { method: 'GET', url: '/', headers: {} },
    { setHeader: (name, value) => (SECURITY[name] = value), getHeader: () => undefined, removeHeader: () => undefined },
    () => undefined,
  );
}
const memory = new Map([[`${PRODUCT}:card`, { etag: ETAG, contentType: 'image/webp', bytes: BYTES }]]);
const PHOTO_PATH = /^\/api\/product\/photo\/([0-9a-f-]{36})$/;
function plain(request, response) {
  const url = new URL(request.url, 'http://localhost');
  const productId = PHOTO_PATH.exec(url.pathname)?.[1];
  const variant = url.searchParams.get('size') === 'card' ? 'card' : 'original';
  const tags = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean);
  const found = memory.get(`${productId}:${variant}`);
  const answer = { ...found, bytes: tags.includes('*') || tags.includes(found.etag) ? null : found.bytes };
  if (!answer.bytes) {
    response.writeHead(304, { ...SECURITY, ETag: answer.etag, 'Cache-Control': 'public, no-cache' });
    response.end();
    return;
  }
  response.writeHead(200, {
    ...SECURITY,
    ETag: answer.etag,
    'Cache-Control': 'public, no-cache',
    'Content-Type': answer.contentType,
    'Content-Length': answer.bytes.length,
  });
  response.end(answer.bytes);
}

/** `handle`'s answers to a browser's GET of the photo with `headers`, each checked to be `status`, per request. */
const measure = (handle, headers, status) =>
  inProcessRequests(
    (request, response) => {
      handle(request, response);
      if (response.statusCode !== status) throw new Error(`answered ${response.statusCode}, expected ${status}`);
    },
    { url: URL_PATH, headers, requests: REQUESTS },
  );

const cached = (request, response) => {
  if (!cachedGets.handle(request, response)) throw new Error('the cached GET did not answer');
};
const runs = {
  'plain memory, 200': measure(plain, { 'accept-encoding': BROWSER }, 200),
  'cached GET, 200': measure(cached, { 'accept-encoding': BROWSER }, 200),
  'plain memory, 304': measure(plain, { 'accept-encoding': BROWSER, 'if-none-match': ETAG }, 304),
  'cached GET, 304': measure(cached, { 'accept-encoding': BROWSER, 'if-none-match': ETAG }, 304),
};
const medians = await mediansAfterWarmUp(runs, ROUNDS);
for (const [name, micros] of Object.entries(medians)) {
  process.stderr.write(`${name}: ${micros.toFixed(1)} µs CPU/answer (median of ${ROUNDS - 1} after a warm-up round)\n`);
}
for (const status of [200, 304]) {
  const ratio = medians[`plain memory, ${status}`] / medians[`cached GET, ${status}`];
  process.stderr.write(`${status}: the cached GET at ${ratio.toFixed(2)}x the plain server's answers per CPU second\n`);
}
process.exit(0);
