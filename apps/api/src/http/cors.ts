import type { RequestHandler } from 'express';

/**
 * CORS for exactly the configured origins: the methods and headers the contract uses, X-Total-Count
 * and X-Next-Cursor (the paging headers) exposed, preflights answered 204. Any other origin gets no CORS headers, so its browser refuses.
 */
export function corsFor(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  const methods = 'GET, HEAD, POST, PUT, DELETE';
  const headers = 'Authorization, Content-Type, Idempotency-Key';
  return (request, response, next) => {
    const origin = request.headers.origin;
    response.vary('Origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      response.setHeader('Access-Control-Allow-Methods', methods);
      response.setHeader('Access-Control-Allow-Headers', headers);
      response.setHeader('Access-Control-Max-Age', '600');
      response.status(204).end();
      return;
    }
    next();
  };
}
