import type { IncomingHttpHeaders } from 'node:http';
import type { Response } from 'express';
import type { ContentCoding } from './accept-encoding.js';

/**
 * An answer a module keeps in memory, ready to write: its status, the route's own headers and its bytes. The
 * headers every answer gets (security, CORS, request id, `Cache-Control: no-store` for a signed-in client,
 * compression's `Vary`) are the HTTP layer's to add, from the very middleware the Express chain runs
 * (apps/api/src/http/cached-get.ts). A route answers the same object for the same cached entry and variant, so
 * the HTTP layer keeps the finished header block with it.
 */
export interface CachedAnswer {
  readonly status: number;
  /**
   * The route's own headers, in the order its handler sets them, after the global ones: a name the chain has set
   * already is replaced (as `setHeader` would), except `Vary`, whose fields are added (as `res.vary` would).
   */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Undefined for an answer without a body (a 304). */
  readonly body: Buffer | undefined;
}

/**
 * A GET route whose answers a module keeps in memory, so the HTTP layer may answer a hit before the framework
 * (one fast path per route; docs/performance.md). Only a route that is public and takes no body belongs here: the
 * guards, pipes and body parsers the hit skips decide nothing for it. Anything the route returns undefined for
 * goes through the whole chain, which answers it (with the same refusal, for a bad request) and fills the cache.
 */
export interface CachedGetRoute<Parsed = unknown> {
  /** The start of the paths it answers, exactly as clients send them (`/api/products`, `/api/product/photo/`). */
  readonly pathPrefix: string;
  /** Its pattern as the HTTP metrics label it when Express answers (`/api/product/photo/:productId`). */
  readonly metricsRoute: string;
  /**
   * The rest of the path after {@link pathPrefix} and the query (parsed by Express's own query parser) checked as
   * the route's handler checks them; undefined when the handler would refuse them or the path is not the route's.
   * Must depend on its arguments only: the result is remembered per URL.
   */
  parse(pathRest: string, query: Record<string, unknown>): Parsed | undefined;
  /**
   * What memory holds for a parsed request, for the coding the compression middleware would pick for this client
   * (`deflate` means it would compress per request: answer undefined then) and its request headers (for
   * conditional requests); undefined on a miss.
   */
  cached(parsed: Parsed, coding: ContentCoding, headers: IncomingHttpHeaders): CachedAnswer | undefined;
  /**
   * For a parsed request memory does not hold, the error its handler would throw at once without any work (a
   * search while as many run as may: 503 with Retry-After); the HTTP layer then writes it as the chain's error
   * handling would, so a flood of such requests costs one write each, not the chain. Undefined: the chain takes it.
   */
  refusal?(parsed: Parsed): Error | undefined;
}

/** The type of a JSON answer, as Express's res.json() sends it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes an answer on the Express chain's response, as the cached GET writes it before the chain: the route's
 * headers after the ones the chain has set (Vary's fields added, as `res.vary` does), its status and its bytes.
 * Controllers answer misses with it, so a route's headers are spelled once for both ways.
 */
export function sendAnswer(response: Response, answer: CachedAnswer): void {
  for (const [name, value] of answer.headers) {
    if (name === 'Vary') response.vary(value);
    else response.setHeader(name, value);
  }
  response.status(answer.status).end(answer.body);
}
