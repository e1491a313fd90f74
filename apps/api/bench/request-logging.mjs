// The CPU the request logger adds to each request, in process: real node:http request and response objects (no
// network), the API's request logger (pino-http, apps/api/dist) around an empty handler, 'finish' emitted as node
// does once the answer is sent, JSON lines to stdout. Against the same objects and events without the logger, in
// the same run. Run after the build, stdout to /dev/null:  node apps/api/bench/request-logging.mjs > /dev/null
// Figures on a busy machine are noisy: compare the two lines of one run.
import { fromDist, inProcessRequests, mediansAfterWarmUp } from './support.mjs';

const { createLogger, requestLogger } = await fromDist('common/logging/logger.js');
const REQUESTS = 20_000;

/** A middleware `handle` (the logger, or none) before an empty handler's 200, per request. */
const measure = (handle) =>
  inProcessRequests(
    (request, response) => {
      handle(request, response, () => undefined);
      response.statusCode = 200;
      response.finished = true;
    },
    { url: '/api/products?limit=100', requests: REQUESTS },
  );

const runs = {
  'no logging': measure((_request, _response, next) => next()),
  'request logger': measure(requestLogger(createLogger({ format: 'json', level: 'info' }))),
};
const ROUNDS = 5;
const medians = await mediansAfterWarmUp(runs, ROUNDS);
for (const [name, micros] of Object.entries(medians))
  process.stderr.write(`${name}: ${micros.toFixed(1)} µs CPU/request (median of ${ROUNDS - 1}, after a warm-up round)\n`);
process.stderr.write(`logging adds ${(medians['request logger'] - medians['no logging']).toFixed(1)} µs CPU/request\n`);
process.exit(0);
