// The CPU the request logger adds to each request, in process: real node:http request and response objects (no
// network), the API's request logger (pino-http, apps/api/dist) around an empty handler, 'finish' emitted as node
// does once the answer is sent, JSON lines to stdout. Against the same objects and events without the logger, in
// the same run. Run after the build, stdout to /dev/null:  node apps/api/bench/request-logging.mjs > /dev/null
// Figures on a busy machine are noisy: compare the two lines of one run.
import http from 'node:http';
import net from 'node:net';
import { setImmediate } from 'node:timers';
import { fromDist } from './support.mjs';

const { createLogger, requestLogger } = await fromDist('common/logging/logger.js');
const REQUESTS = 20_000;
/** Lines of one event-loop turn, as under load. */
const PER_TURN = 20;

const socket = new net.Socket();
function measure(handle) {
  return async () => {
    const started = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i += 1) {
      const request = new http.IncomingMessage(socket);
      request.method = 'GET';
      request.url = '/api/products?limit=100';
      request.headers = { host: 'localhost' };
      const response = new http.ServerResponse(request);
      handle(request, response, () => undefined);
      response.statusCode = 200;
      response.finished = true;
      response.emit('finish');
      response.emit('close');
      if (i % PER_TURN === PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / REQUESTS;
  };
}

const runs = {
  'no logging': measure((_request, _response, next) => next()),
  'request logger': measure(requestLogger(createLogger({ format: 'json', level: 'info' }))),
};
const figures = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
for (let round = 0; round < 5; round += 1) for (const [name, run] of Object.entries(runs)) figures[name].push(await run());
const median = (values) => values.slice(1).sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
for (const [name, values] of Object.entries(figures))
  process.stderr.write(`${name}: ${median(values).toFixed(1)} µs CPU/request (median of 4, after a warm-up round)\n`);
process.stderr.write(`logging adds ${(median(figures['request logger']) - median(figures['no logging'])).toFixed(1)} µs CPU/request\n`);
process.exit(0);
