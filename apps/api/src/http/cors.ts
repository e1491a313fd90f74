import type { RequestHandler } from 'express';

/**
 * CORS for exactly the configured origins: the methods and headers the contract uses, X-Total-Count (and its -Capped)
 * and X-Next-Cursor (the paging headers) exposed, preflights answered 204. Any other origin gets no CORS headers, so its browser refuses.
 */
export function corsFor(origins: readonly string[]): RequestHandler {
  const headersFor = corsHeaders(origins);
  const methods = 'GET, HEAD, POST, PUT, DELETE';
  const headers = 'Authorization, Content-Type, Idempotency-Key';
  return (request, response, next) => {
    response.vary('Origin');
    const allowed = headersFor(request.headers.origin);
    if (!allowed) return next();
    for (const [name, value] of allowed) response.setHeader(name, value);
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

/**
 * The CORS headers of an answer (not a preflight's) to a request from `origin`: none for an origin not configured.
 * Every answer also varies by Origin.
 */
export function corsHeaders(origins: readonly string[]): (origin: string | undefined) => Array<[string, string]> | undefined {
  const allowed = new Set(origins);
  return (origin) =>
    origin === undefined || !allowed.has(origin)
      ? undefined
      : [
          ['Access-Control-Allow-Origin', origin],
          ['Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Capped, X-Next-Cursor, Retry-After'],
        ];
}
