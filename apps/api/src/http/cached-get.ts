import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { negotiateCoding } from '../common/accept-encoding.js';
import { type CachedAnswer, type CachedGetRoute, JSON_CONTENT_TYPE } from '../common/cached-get.js';
import type { RequestLogger } from '../common/logging/logger.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../common/logging/request-context.js';
import { urlTextProblem } from '../common/request-guards.js';
import { compressionConsiders } from './compress-responses.js';

/** What the app's composition hands the cached GET: the parts of the Express chain it answers as. */
export interface CachedGetChain {
  /**
   * The chain's header middleware, in its order ({@link globalHeaderMiddleware}): run once per request variant on
   * a recording response, so an answer written here carries exactly the headers they add.
   */
  headerMiddleware: readonly RequestHandler[];
  /** Express's query string parser (its `query parser fn` setting), so `?a=1&a=2` means here what it means there. */
  parseQuery: (query: string) => Record<string, unknown>;
  /** The request logger of the chain: logs the request at completion, under the `id` set on it. */
  logRequest: RequestLogger;
  /** The HTTP metrics of the chain: one observation per answered request, under the route's pattern. */
  observe: (method: string, route: string, status: number, seconds: number) => void;
  /**
   * How the chain answers an error a handler throws: the exception filter's status, body and Retry-After, and
   * Express's ETag of a body it sends (its `etag fn` setting).
   */
  errors: {
    toResponse: (exception: unknown) => { status: number; body: object };
    retryAfterOf: (exception: unknown) => number | undefined;
    etag: (body: Buffer) => string | undefined;
  };
}

/** Distinct URLs remembered with their route and checked request; a stream of new ones (a crawler) only empties this. */
const URL_MEMO_MAX = 2_000;
/** Distinct request variants (Origin, signed in) remembered per answer and overall; a stream of new Origins only empties them. */
const VARIANTS_MAX = 64;

type Header = [string, string];

/**
 * GETs answered from memory on the http server itself, before Express, its middleware and Nest (docs/performance.md):
 * one general mechanism for every route a module keeps answers for ({@link CachedGetRoute}: the product list and
 * the product photos), one fast path per route. Everything the chain would add is precomputed once per answer and
 * request variant from the very functions that add it: the header middleware (helmet, CORS, no-store when signed
 * in) run on a recording response, compression's own filter and negotiator; the answer is one `writeHead` and one
 * `end`. Per request it still echoes or makes the `X-Request-Id`, writes the chain's request log line and observes
 * the chain's HTTP metric under the route's pattern.
 *
 * It answers only what the chain would answer with exactly these bytes: a GET without a body, on a path starting
 * with a route's prefix exactly as sent (another case goes the long way), whose URL the raw-text guard passes and
 * whose query and path the route's own checks accept, for an answer in memory. Everything else returns false and
 * goes through the whole chain, which refuses what is bad and fills the cache.
 */
export class CachedGets {
  private readonly logger = new Logger('HTTP');
  /** The route and checked request of each URL seen (null: not one answered here). */
  private readonly requests = new Map<string, { route: CachedGetRoute; parsed: unknown; path: string } | null>();
  /** The global headers per request variant, as the header middleware set them. */
  private readonly globalHeads = new Map<string, Header[]>();
  /** A refusal's answer per status, body and Retry-After (few: a route refuses in one or two ways). */
  private readonly refusals = new Map<string, CachedAnswer>();
  /**
   * Per answer, its header blocks (request id first, filled in per request): the one of a plain request (no Origin,
   * not signed in: every image a page loads) apart, the others by request variant; they go with the answer.
   */
  private readonly heads = new WeakMap<CachedAnswer, { plain?: string[]; variants: Map<string, string[]> }>();
  private answeredCount = 0;

  constructor(
    private readonly routes: readonly CachedGetRoute[],
    private readonly chain: CachedGetChain,
  ) {}

  /** How many requests it answered (tests tell its answers from the chain's with it). */
  get answered(): number {
    return this.answeredCount;
  }

  /** Answers the request if it can (true); false leaves it to the chain untouched. */
  readonly handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    try {
      return this.answer(request, response);
    } catch (error) {
      // Nothing here should throw; if something does, the chain answers (and logs) the request, or, when the
      // answer had begun, the connection is cut rather than the process brought down by a listener's throw.
      this.logger.warn(`Cached GET failed on ${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) return false;
      response.destroy();
      return true;
    }
  };

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const started = performance.now();
    const { headers } = request;
    // A body on a GET meets the body guards and parsers in the chain; so does a HEAD (Express answers it as a GET).
    if (request.method !== 'GET' || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const known = this.requestOf(request.url ?? '');
    if (!known) return false;
    const answer = known.route.cached(known.parsed, negotiateCoding(headers['accept-encoding']), headers) ?? this.refusalOf(known);
    if (!answer) return false;
    const head = this.headOf(answer, known.path, headers.origin, headers.authorization !== undefined);
    const requestId = requestIdFrom(headers['x-request-id']);
    // The block is shared by every request of this variant: its id is filled in, and writeHead turns the block into
    // the response's header text before it returns (the next request fills in its own), so nothing is copied.
    head[1] = requestId;
    // Set before the logger sees the request, so it takes this id instead of making one and setting its header.
    (request as IncomingMessage & { id?: string }).id = requestId;
    this.chain.logRequest(request as Parameters<RequestLogger>[0], response);
    response.writeHead(answer.status, head);
    response.end(answer.body);
    this.answeredCount += 1;
    this.chain.observe('GET', known.route.metricsRoute, answer.status, (performance.now() - started) / 1000);
    return true;
  }

  /**
   * The answer of the refusal the route's handler would throw now, as the chain writes it (the exception filter's
   * Retry-After, then Express's `res.json`: its type, length and ETag); undefined when the handler would take it on.
   */
  private refusalOf(known: { route: CachedGetRoute; parsed: unknown }): CachedAnswer | undefined {
    const refusal = known.route.refusal?.(known.parsed);
    if (!refusal) return undefined;
    const { status, body } = this.chain.errors.toResponse(refusal);
    const retryAfter = this.chain.errors.retryAfterOf(refusal);
    const json = JSON.stringify(body);
    const key = `${status} ${retryAfter ?? ''} ${json}`;
    let answer = this.refusals.get(key);
    if (answer) return answer;
    const bytes = Buffer.from(json);
    const headers: Array<[string, string]> = [];
    if (retryAfter !== undefined) headers.push(['Retry-After', String(retryAfter)]);
    headers.push(['Content-Type', JSON_CONTENT_TYPE], ['Content-Length', String(bytes.length)]);
    const etag = this.chain.errors.etag(bytes);
    if (etag !== undefined) headers.push(['ETag', etag]);
    answer = { status, headers, body: bytes };
    if (this.refusals.size >= VARIANTS_MAX) this.refusals.clear();
    this.refusals.set(key, answer);
    return answer;
  }

  /** The route and checked request of a URL, as the chain would check it; null when no route here takes it. */
  private requestOf(url: string): { route: CachedGetRoute; parsed: unknown; path: string } | null {
    const known = this.requests.get(url);
    if (known !== undefined) return known;
    let found: { route: CachedGetRoute; parsed: unknown; path: string } | null = null;
    const route = this.routes.find((candidate) => url.startsWith(candidate.pathPrefix));
    if (route && urlTextProblem(url) === undefined) {
      const queryStart = url.indexOf('?');
      const path = queryStart === -1 ? url : url.slice(0, queryStart);
      const query = queryStart === -1 ? {} : this.chain.parseQuery(url.slice(queryStart + 1));
      const parsed = route.parse(path.slice(route.pathPrefix.length), query);
      if (parsed !== undefined) found = { route, parsed, path };
    }
    if (this.requests.size >= URL_MEMO_MAX) this.requests.clear();
    this.requests.set(url, found);
    return found;
  }

  /** The header block of an answer for a request variant, in the order the chain sets them. */
  private headOf(answer: CachedAnswer, path: string, origin: string | undefined, signedIn: boolean): string[] {
    let heads = this.heads.get(answer);
    if (!heads) this.heads.set(answer, (heads = { variants: new Map() }));
    const plain = origin === undefined && !signedIn;
    if (plain && heads.plain) return heads.plain;
    const { variants } = heads;
    const key = `${signedIn ? 1 : 0}${origin ?? ''}`;
    let head = variants.get(key);
    if (head) return head;
    const headers = this.globalHeaders(path, origin, signedIn).map(([name, value]): Header => [name, value]);
    for (const [name, value] of answer.headers) {
      if (name.toLowerCase() === 'vary') addVary(headers, value);
      else setHeader(headers, name, value);
    }
    // The compression middleware varies what it takes up by Accept-Encoding, compressed or not.
    const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    if (answer.body && compressionConsiders(path, contentType)) addVary(headers, 'Accept-Encoding');
    head = [REQUEST_ID_HEADER, '', ...headers.flat()];
    if (plain) heads.plain = head;
    else {
      if (variants.size >= VARIANTS_MAX) variants.clear();
      variants.set(key, head);
    }
    return head;
  }

  /** What the chain's header middleware set on an answer to a GET of `path` from this variant of client. */
  private globalHeaders(path: string, origin: string | undefined, signedIn: boolean): Header[] {
    const key = `${signedIn ? 1 : 0}${origin ?? ''}`;
    let headers = this.globalHeads.get(key);
    if (headers) return headers;
    headers = recordHeaders(this.chain.headerMiddleware, path, origin, signedIn);
    if (this.globalHeads.size >= VARIANTS_MAX) this.globalHeads.clear();
    this.globalHeads.set(key, headers);
    return headers;
  }
}

/**
 * Runs the header middleware on a recording response, as the chain runs them on a GET of `path` (with its Origin
 * and, when signed in, an Authorization header: their values are not read, only whether they are there). Each must
 * pass the request on at once, as they do on a plain GET; one that does not is an error here (the chain answers).
 */
export function recordHeaders(
  middleware: readonly RequestHandler[],
  path: string,
  origin: string | undefined,
  signedIn: boolean,
): Header[] {
  const headers: Header[] = [];
  const requestHeaders: Record<string, string> = {};
  if (origin !== undefined) requestHeaders.origin = origin;
  if (signedIn) requestHeaders.authorization = 'recorded';
  const request = { method: 'GET', url: path, originalUrl: path, path, headers: requestHeaders };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      setHeader(headers, name, Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    getHeader: (name: string) => headers.find(([existing]) => existing.toLowerCase() === name.toLowerCase())?.[1],
    hasHeader: (name: string) => headers.some(([existing]) => existing.toLowerCase() === name.toLowerCase()),
    removeHeader(name: string) {
      const index = headers.findIndex(([existing]) => existing.toLowerCase() === name.toLowerCase());
      if (index !== -1) headers.splice(index, 1);
    },
    vary(field: string) {
      addVary(headers, field);
      return recorder;
    },
  };
  for (const handler of middleware) {
    let passed = false;
    handler(request as never, recorder as never, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      passed = true;
    });
    if (!passed)
      throw new Error(`a header middleware (${handler.name || 'anonymous'}) did not pass a plain GET on; its headers cannot be recorded`);
  }
  return headers;
}

/** setHeader's rule: a name set again keeps its place and takes the new value. */
function setHeader(headers: Header[], name: string, value: string): void {
  const existing = headers.find(([present]) => present.toLowerCase() === name.toLowerCase());
  if (existing) existing[1] = value;
  else headers.push([name, value]);
}

/** `res.vary`'s rule: the fields are added to Vary once each, after those there. */
function addVary(headers: Header[], value: string): void {
  const existing = headers.find(([name]) => name.toLowerCase() === 'vary');
  if (!existing) {
    headers.push(['Vary', value]);
    return;
  }
  const fields = existing[1].split(/\s*,\s*/).filter(Boolean);
  for (const field of value.split(/\s*,\s*/).filter(Boolean)) {
    if (!fields.some((present) => present.toLowerCase() === field.toLowerCase())) fields.push(field);
  }
  existing[1] = fields.join(', ');
}

/** The cached GETs installed on each server, for tests (how many requests they answered). */
const installed = new WeakMap<Server, CachedGets>();

export function cachedGetsOf(server: Server): CachedGets | undefined {
  return installed.get(server);
}

/** Puts the cached GETs in front of the server's request listeners (Express): they get only what it does not answer. */
export function answerCachedGetsFirst(server: Server, cachedGets: CachedGets): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    if (cachedGets.handle(request, response)) return;
    for (const listener of listeners) listener(request, response);
  });
  installed.set(server, cachedGets);
}
