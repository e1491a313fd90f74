// The cost the HTTP metrics add to one request, measured in-process on the built API (apps/api/dist):
// StoreMetrics' middleware and its 'finish' listener run on a response-like EventEmitter, against the same loop
// with a middleware that does nothing but register a listener. Prints nanoseconds per request.
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/metrics-overhead.mjs
// A benchmark, not a test: a busy machine moves the figure; run it a few times.
import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import { StoreMetrics } from '../dist/modules/metrics/store-metrics.js';

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const routes = ['/api/products', '/api/product/:productId', '/api/categories', '/api/product/photo/:productId'];
const metrics = new StoreMetrics({ driver: {} });

function fakeExchange(i) {
  const response = new EventEmitter();
  response.statusCode = i % 50 === 0 ? 404 : 200;
  response.req = { method: 'GET', baseUrl: '', route: { path: routes[i % routes.length] } };
  return response;
}
const next = () => undefined;
const noopListener = () => undefined;
const noopMiddleware = (_request, response, done) => {
  response.once('finish', noopListener);
  done();
};

function run(middleware) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) {
    const response = fakeExchange(i);
    middleware(response.req, response, next);
    response.emit('finish');
  }
  return Number(process.hrtime.bigint() - started) / N;
}

for (let round = 1; round <= 3; round += 1) {
  const base = run(noopMiddleware);
  const measured = run(metrics.httpMiddleware);
  console.log(
    `round ${round}: ${measured.toFixed(0)} ns/request with metrics, ${base.toFixed(0)} ns without: +${(measured - base).toFixed(0)} ns`,
  );
}
