import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { CachedAnswer, CachedGetRoute } from '../common/cached-get.js';
import { CachedGets, recordHeaders } from './cached-get.js';
import { globalHeaderMiddleware } from './global-headers.js';

const ANSWER: CachedAnswer = {
  status: 200,
  headers: [
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', '2'],
  ],
  body: Buffer.from('[]'),
};

/** A route that holds one answer for `/api/things` (no query), and refuses any query. */
const ROUTE: CachedGetRoute<true> = {
  pathPrefix: '/api/things',
  metricsRoute: '/api/things',
  parse: (rest, query) => (rest === '' && Object.keys(query).length === 0 ? true : undefined),
  cached: () => ANSWER,
};

/** The cached GETs on a real http server, the chain behind them answering 418 (so a test sees who answered). */
async function serve(headerMiddleware: RequestHandler[]): Promise<{
  get(path: string, headers?: Record<string, string>): Promise<IncomingMessage & { text: string }>;
  close(): Promise<void>;
  gets: CachedGets;
}> {
  const observed: string[] = [];
  const gets = new CachedGets([ROUTE], {
    headerMiddleware,
    parseQuery: (query) => Object.fromEntries(new URLSearchParams(query)),
    logRequest: () => undefined,
    observe: (method, route, status) => observed.push(`${method} ${route} ${status}`),
    errors: { toResponse: () => ({ status: 500, body: {} }), retryAfterOf: () => undefined, etag: () => undefined },
  });
  const server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    if (gets.handle(request, response)) return;
    response.statusCode = 418;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gets,
    get: (path, headers = {}) =>
      new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(Object.assign(response, { text })));
          })
          .on('error', reject);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('cached GETs before the framework', () => {
  const config = { braintree: undefined, hsts: false, corsOrigins: ['https://shop.example'] } as Parameters<
    typeof globalHeaderMiddleware
  >[0];

  it('answer with every header the chain header middleware add, a new one included, plus the route and compression ones', async () => {
    const newGlobalHeader: RequestHandler = (_request, response, next) => {
      response.setHeader('X-New-Global-Header', 'added everywhere');
      next();
    };
    const server = await serve([...globalHeaderMiddleware(config), newGlobalHeader]);
    try {
      const answer = await server.get('/api/things', { origin: 'https://shop.example', authorization: 'Bearer x' });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe('[]');
      expect(answer.headers).toMatchObject({
        'x-new-global-header': 'added everywhere',
        'content-security-policy': expect.stringContaining("default-src 'self'"),
        'access-control-allow-origin': 'https://shop.example',
        'cache-control': 'no-store',
        vary: 'Origin, Accept-Encoding',
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const anonymous = await server.get('/api/things');
      expect(anonymous.headers['cache-control']).toBeUndefined();
      expect(anonymous.headers['access-control-allow-origin']).toBeUndefined();
      expect(anonymous.headers['x-new-global-header']).toBe('added everywhere');
      expect(server.gets.answered).toBe(2);
      // What the route refuses, and other paths, go to the chain.
      expect((await server.get('/api/things?x=1')).statusCode).toBe(418);
      expect((await server.get('/api/other')).statusCode).toBe(418);
      expect(server.gets.answered).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('leave everything to the chain when a header middleware does not pass a plain GET on (its headers cannot be known)', async () => {
    const holdsOn: RequestHandler = () => undefined;
    expect(() => recordHeaders([holdsOn], '/api/things', undefined, false)).toThrow(/did not pass a plain GET on/);
    const server = await serve([holdsOn]);
    try {
      expect((await server.get('/api/things')).statusCode).toBe(418);
      expect(server.gets.answered).toBe(0);
    } finally {
      await server.close();
    }
  });
});
