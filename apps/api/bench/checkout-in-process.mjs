// What a paid checkout costs the API's CPU, in process: the built app (apps/api/dist, production settings) on a scratch
// database, its node:http request handler called with real request and response objects (no sockets for HTTP, so no
// load generator and far less noise than the 50-connection benchmarks), 10 checkouts in flight, each a signed-in
// buyer's two-line cart (variants of products with plenty of stock) with an Idempotency-Key, charged by the test
// gateway; the outbox worker, in the same process, writes each order's mail as an .eml file, and a round ends when
// the outbox is drained, so its CPU is the whole of what a paid order costs the API (docs/performance.md, "Checkout
// statements").
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/checkout-in-process.mjs > /dev/null
// Prints to stderr (the app's log lines go to stdout). BENCH_CHECKOUTS per round (default 2000), BENCH_ROUNDS (default
// 6; the first two are warm-up: the JIT); BENCH_ALLOCATIONS=1 samples what the measured rounds allocate (V8's sampling
// heap profiler, the objects collected since counted too) and prints the bytes a paid order allocates, by package and
// by function. BENCH_DIRECT=1 measures the request's way through Express and Nest: after two warm-up rounds, the
// measured rounds' checkouts go through the request handler and by calling PaymentsService.pay directly (the same
// buyer, body, key and attempt, in a CLS context of their own, the request and response objects made and the answer
// ended all the same) in turn, BENCH_SEGMENT (default 50) checkouts at a time, and it prints each way's CPU a paid
// order (mean ± standard error over its segments) and their difference (docs/performance.md, "The way in and out,
// measured in turns"). BENCH_WITHOUT=<piece>[,<piece>...] does the same with the app as built against the app with
// those pieces switched off at runtime (for measuring only; the answers stay 200): log-line, metrics, helmet,
// compression, no-store, raw-text, urlencoded (middleware), route-first (the payment route before the others), etag,
// jwt-guard (the token's user looked up in the benchmark's list), other-guards (the 2FA, user and role guards),
// body-pipe. Each round prints its paid orders a second; run with `node --expose-gc`, also the heap a full collection
// leaves (a leak grows it).
// A benchmark, not a test: it fails only on an answer that is not 200.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import jwt from 'jsonwebtoken';
import { ClsService } from 'nestjs-cls';
import pg from 'pg';
import {
  allocationSampling,
  fromDist,
  inProcessApp,
  inProcessPost,
  meanAndError,
  runBenchmark,
  scratchDatabaseOnServer,
} from './support.mjs';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const IN_FLIGHT = 10;
const BUYERS = 20;
const PRODUCTS = 10;
const DIRECT = process.env.BENCH_DIRECT === '1';
const SEGMENT = Number(process.env.BENCH_SEGMENT ?? 50);
const WITHOUT = (process.env.BENCH_WITHOUT ?? '').split(',').filter(Boolean);
const say = (line) => process.stderr.write(`${line}\n`);
/**
 * With `node --expose-gc`, what the heap holds after a full collection at a round's end: a figure that grows round
 * after round is something the checkout keeps (a leak), not garbage.
 */
const heapAfterCollection = () => {
  if (typeof globalThis.gc !== 'function') return '';
  globalThis.gc();
  return `, heap after a full collection ${(process.memoryUsage().heapUsed / 1e6).toFixed(1)} MB`;
};

await runBenchmark(async () => {
  const { url } = await scratchDatabaseOnServer();
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-mail-'));
  const secret = randomBytes(32).toString('hex');
  const { app, handle } = await inProcessApp(url, secret, { PAYMENT_RATE_LIMIT: '1000000', MAIL_DIR: mailDir });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const [category] = (await pool.query(`INSERT INTO categories (name) VALUES ('Bench Tees') RETURNING id`)).rows;
    const buyers = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const { rows } = await pool.query(`INSERT INTO users (name, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [
        `Buyer ${i}`,
        `buyer${i}@bench.example`,
      ]);
      buyers.push({
        id: rows[0].id,
        token: jwt.sign({ sub: rows[0].id, role: 0, jti: randomUUID() }, secret, { expiresIn: 3600 }),
        // The signed-in user as the JWT guard puts it on the request (AuthUser), for the direct calls.
        user: { id: rows[0].id, name: `Buyer ${i}`, email: `buyer${i}@bench.example`, role: 0, staffRole: null },
      });
    }
    for (let i = 0; i < PRODUCTS; i += 1) {
      await pool.query(
        `INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ($1, 'A tee', 1500, 100000000, $2)`,
        [`Tee ${i}`, category.id],
      );
    }
    const variants = (
      await pool.query(`SELECT v.id, v.product_id, coalesce(v.price_cents, p.price_cents) AS cents
                                        FROM product_variants v JOIN products p ON p.id = v.product_id ORDER BY v.id`)
    ).rows;
    let n = 0;
    // The i-th checkout's buyer and payment: a two-line cart, each line a variant of its own product.
    const nth = (i) => {
      const lines = [variants[i % variants.length], variants[(i + 1 + (i % 3)) % variants.length]];
      const paymentInfo = {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: lines.reduce((sum, v) => sum + v.cents, 0) / 100,
        products: lines.map((v) => ({ _id: v.product_id, variant: v.id, count: 1 })),
      };
      return { buyer: buyers[i % BUYERS], paymentInfo };
    };
    // The buyer's payment as the web app sends it: real request and response objects for the app's handler.
    const paymentPost = (buyer, paymentInfo) =>
      inProcessPost(
        `/api/payment/braintree/${buyer.id}`,
        { authorization: `Bearer ${buyer.token}`, 'idempotency-key': randomUUID() },
        JSON.stringify({ paymentInfo }),
      );
    const checkout = () =>
      new Promise((resolve, reject) => {
        const { buyer, paymentInfo } = nth(n++);
        const { request, response } = paymentPost(buyer, paymentInfo);
        const end = response.end.bind(response);
        // node emits these once an answer has gone out on its socket; here there is none.
        response.end = (...args) => {
          const result = end(...args);
          response.emit('finish');
          response.emit('close');
          if (response.statusCode === 200) resolve();
          else reject(new Error(`checkout: ${response.statusCode} ${String(args[0])}`));
          return result;
        };
        handle(request, response);
      });
    // The same checkout without the way in and out: the request and response objects made as for the handler (their
    // cost is the benchmark's, not the app's), the service called with what the JWT guard and the payment attempt's
    // guard would hand it, in the CLS context a request runs in, and its answer's JSON ended on the response.
    const payments = DIRECT ? app.get((await fromDist('modules/payments/payments.service.js')).PaymentsService) : undefined;
    const { PaymentAttempt } = await fromDist('modules/auth/rate-limit/payment-rate-limit.decorator.js');
    const cls = app.get(ClsService);
    const direct = async () => {
      const { buyer, paymentInfo } = nth(n++);
      const { response } = paymentPost(buyer, paymentInfo);
      // The limit as the app was given it (inProcessApp puts its settings in process.env).
      const attempt = new PaymentAttempt(`payment:${buyer.id}`, Number(process.env.PAYMENT_RATE_LIMIT));
      const answer = await cls.run(() => payments.pay(buyer.user, paymentInfo, randomUUID(), attempt));
      if (answer.status !== 200) throw new Error(`checkout (direct): ${answer.status} ${JSON.stringify(answer.body)}`);
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(answer.body));
      response.emit('finish');
      response.emit('close');
    };
    const unsent = async () => (await pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n;
    const drained = async () => {
      while ((await unsent()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    // `count` checkouts, IN_FLIGHT at a time; after every `segment` answered, `segmentDone()` is called.
    const checkouts = (count, way, segment = Infinity, segmentDone = () => {}) => {
      let started = 0;
      let answered = 0;
      return Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (started++ < count) {
            await way();
            answered += 1;
            if (answered % segment === 0) segmentDone();
          }
        }),
      );
    };
    const switchOff = WITHOUT.length > 0 ? await pieceSwitches(app, buyers, WITHOUT) : undefined;
    if (DIRECT || switchOff) {
      // The two ways interleaved every SEGMENT checkouts: the machine's speed drifts by a fifth within a minute, far
      // more than the difference sought, and segments of the two ways side by side see the same drift. Each way's
      // figure is its segments' mean, with the mean's standard error. The mails' CPU falls in whichever segment is
      // running when the outbox writes them, the same share for either way.
      let viaHandler = true;
      let restore = () => {};
      const turn = () => {
        viaHandler = !viaHandler;
        restore();
        restore = !viaHandler && switchOff ? switchOff() : () => {};
      };
      const way = () => (viaHandler || switchOff ? checkout() : direct());
      for (let round = 0; round < 2; round += 1) {
        await checkouts(CHECKOUTS, way, SEGMENT, turn);
        await drained();
      }
      if (!viaHandler) turn();
      const segments = { handler: [], other: [] };
      let since = process.cpuUsage();
      viaHandler = true;
      await checkouts((ROUNDS - 2) * CHECKOUTS, way, SEGMENT, () => {
        const used = process.cpuUsage(since);
        segments[viaHandler ? 'handler' : 'other'].push((used.user + used.system) / SEGMENT);
        turn();
        since = process.cpuUsage();
      });
      restore();
      await drained();
      const handler = meanAndError(segments.handler);
      const otherWay = meanAndError(segments.other);
      const difference = handler.mean - otherWay.mean;
      const error = Math.hypot(handler.error, otherWay.error);
      const other = switchOff ? 'without the pieces:' : 'PaymentsService.pay called directly:';
      const saved = switchOff ? 'saved:' : 'the way in and out:';
      const width = Math.max(other.length, 'through the request handler:'.length) + 1;
      say(
        [
          `${segments.handler.length + segments.other.length} segments of ${SEGMENT} checkouts, the two ways in turn (µs of CPU a paid order, mean ± standard error):`,
          ...(switchOff ? [`  the pieces switched off: ${WITHOUT.join(', ')}`] : []),
          `  ${'through the request handler:'.padEnd(width)}${handler.mean.toFixed(0)} ± ${handler.error.toFixed(0)}`,
          `  ${other.padEnd(width)}${otherWay.mean.toFixed(0)} ± ${otherWay.error.toFixed(0)}`,
          `  ${saved.padEnd(width)}${difference.toFixed(0)} ± ${error.toFixed(0)} (${((100 * difference) / handler.mean).toFixed(1)}% of a paid order through the handler)`,
        ].join('\n'),
      );
      return;
    }
    let sampling;
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round === 2 && process.env.BENCH_ALLOCATIONS === '1') sampling = await allocationSampling();
      const before = process.cpuUsage();
      const started = performance.now();
      await checkouts(CHECKOUTS, checkout);
      await drained();
      const used = process.cpuUsage(before);
      const perSecond = (CHECKOUTS / ((performance.now() - started) / 1000)).toFixed(0);
      const per = (micros) => (micros / CHECKOUTS).toFixed(0);
      say(
        `round ${round}${round < 2 ? ' (warm-up)' : ''}: ${per(used.user + used.system)} µs CPU per paid order (user ${per(used.user)}, system ${per(used.system)}), ${perSecond} paid orders/s${heapAfterCollection()}`,
      );
    }
    if (sampling) say(await sampling.summary(CHECKOUTS * (ROUNDS - 2), 'paid order'));
  } finally {
    await pool.end();
    await app.close();
    await rm(mailDir, { recursive: true, force: true });
  }
});

/**
 * The pieces BENCH_WITHOUT can switch off, each a function that switches it off and returns the function that puts it
 * back: Express middleware taken out of the app's stack, a guard or pipe replaced on its class's prototype, the
 * payment route moved to the front of the routes, Express's ETag. For measuring what a piece costs, never more.
 */
async function pieceSwitches(app, buyers, names) {
  const express = app.getHttpAdapter().getInstance();
  const stack = () => express.router.stack;
  const { REQUEST_LOGGER } = await fromDist('common/logging/logging.module.js');
  const { StoreMetrics } = await fromDist('modules/metrics/store-metrics.js');
  const { JwtAuthGuard } = await fromDist('modules/auth/guards/jwt-auth.guard.js');
  const { TwoFactorEnrolmentGuard } = await fromDist('modules/auth/guards/two-factor-enrolment.guard.js');
  const { UserParamGuard } = await fromDist('modules/auth/guards/user-param.guard.js');
  const { RolesGuard } = await fromDist('modules/auth/guards/roles.guard.js');
  const { WellFormedBodyPipe } = await fromDist('common/validation.js');
  const withoutLayer = (matches) => () => {
    const layers = stack();
    const index = layers.findIndex(matches);
    if (index === -1) throw new Error('BENCH_WITHOUT: the piece is not in the app');
    const [layer] = layers.splice(index, 1);
    return () => layers.splice(index, 0, layer);
  };
  const replaced = (prototype, method, replacement) => () => {
    const own = Object.getOwnPropertyDescriptor(prototype, method);
    prototype[method] = replacement;
    return () => (own ? Object.defineProperty(prototype, method, own) : delete prototype[method]);
  };
  const users = new Map(buyers.map((buyer) => [`Bearer ${buyer.token}`, { ...buyer.user, twoFactorEnabled: false }]));
  const requestLogger = app.get(REQUEST_LOGGER);
  const httpMetrics = app.get(StoreMetrics).httpMiddleware;
  const pieces = {
    'log-line': withoutLayer((layer) => layer.handle === requestLogger),
    metrics: withoutLayer((layer) => layer.handle === httpMetrics),
    helmet: withoutLayer((layer) => layer.name === 'helmetMiddleware'),
    compression: withoutLayer((layer) => layer.name === 'compression'),
    'no-store': withoutLayer((layer) => layer.name === 'noStoreWhenAuthenticated'),
    'raw-text': withoutLayer((layer) => layer.name === 'rawTextGuard'),
    urlencoded: withoutLayer((layer) => layer.name === 'urlencodedParser'),
    'route-first': () => {
      const layers = stack();
      const index = layers.findIndex((layer) => layer.route?.path === '/api/payment/braintree/:userId');
      const first = layers.findIndex((layer) => layer.route && Object.keys(layer.route.methods).length === 1);
      const [route] = layers.splice(index, 1);
      layers.splice(first, 0, route);
      return () => {
        layers.splice(first, 1);
        layers.splice(index, 0, route);
      };
    },
    etag: () => {
      const setting = express.get('etag');
      express.set('etag', false);
      return () => express.set('etag', setting);
    },
    // The bearer token's user from the benchmark's own list: no signature, claims or session check.
    'jwt-guard': replaced(JwtAuthGuard.prototype, 'canActivate', (context) => {
      const request = context.switchToHttp().getRequest();
      request.user = users.get(request.headers.authorization);
      return true;
    }),
    'other-guards': () => {
      const restores = [TwoFactorEnrolmentGuard, UserParamGuard, RolesGuard].map((guard) =>
        replaced(guard.prototype, 'canActivate', () => true)(),
      );
      return () => restores.forEach((restore) => restore());
    },
    'body-pipe': replaced(WellFormedBodyPipe.prototype, 'transform', async (value) => value),
  };
  const unknown = names.filter((name) => !(name in pieces));
  if (unknown.length > 0) throw new Error(`BENCH_WITHOUT: no piece ${unknown.join(', ')}; there are ${Object.keys(pieces).join(', ')}`);
  return () => {
    const restores = names.map((name) => pieces[name]());
    return () => restores.reverse().forEach((restore) => restore());
  };
}
