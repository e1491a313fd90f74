import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { API_PREFIX, ApiRoute, NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import { negotiateCoding } from '../../common/accept-encoding.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../common/logging/request-context.js';
import { urlTextProblem } from '../../common/request-guards.js';
import { StoreMetrics } from '../metrics/store-metrics.js';
import type { ListEntry } from './catalogue-cache.js';
import { type ProductListParams, parseProductListQuery } from './dto/product-list-query.js';
import { listBody } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The list's path, exactly as clients send it; anything else (another case, a trailing slash) goes the long way. */
const LIST_PATH = `${API_PREFIX}${ApiRoute.products}`;
/** The route label the HTTP metrics give the list when Express answers it (its route pattern). */
const LIST_ROUTE = LIST_PATH;
const QUESTION_MARK = 0x3f;
/** Distinct list URLs remembered with their checked query; a stream of new ones (a crawler) only empties this. */
const URL_MEMO_MAX = 2_000;

/** What the app's composition hands the front door: the parts of the Express chain it must answer as. */
export interface FrontDoorChain {
  /** The headers the security middleware (helmet) puts on every answer, in its order. */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** When CORS is on: the headers it adds for a request's Origin (undefined for one not allowed). */
  corsHeaders?: (origin: string | undefined) => ReadonlyArray<readonly [string, string]> | undefined;
  /** Express's query string parser (its `query parser fn` setting), so `?a=1&a=2` means here what it means there. */
  parseQuery: (query: string) => Record<string, unknown>;
  /** The request logger (pino-http): logs the request at completion, under the `id` set on it. */
  logRequest: (request: IncomingMessage, response: ServerResponse) => void;
}

/** A request the front door may answer, as the raw node:http objects (it runs before Express dresses them). */
export type FrontDoorHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The home page's request, `GET /api/products?...` on a cached page, answered by the http server before
 * Express, its middleware and Nest see it (docs/performance.md): everything those would add is precomputed, once
 * per page and variant, from the very pieces that add it (helmet's headers, CORS's, the paging headers, the
 * page's precompressed bodies chosen by compression's own negotiation), then written with one writeHead.
 * What it still does per request: the request id (echoed), one HTTP metric observation, one request log line
 * (the fields of every request line: id, method, path, status, duration) and the cache hit count.
 *
 * It answers only what the chain would answer with exactly these bytes: a GET without a body, on exactly
 * LIST_PATH, whose URL the raw-text guard passes and whose query the list's own parser accepts, for a page in
 * the cache, and a client that takes the page as stored or as one of its precompressed codings. Everything else
 * returns false and goes through the whole chain, which refuses what is bad and fills the cache.
 */
@Injectable()
export class CatalogueFrontDoor {
  private readonly logger = new Logger('HTTP');
  /** The checked query of each list URL seen (null: not one the front door answers). */
  private readonly queries = new Map<string, ProductListParams | null>();
  /** Per cached page, its header blocks by variant (coding, CORS origin, signed in); they go with the page. */
  private readonly heads = new WeakMap<ListEntry, Map<string, string[]>>();
  private answeredCount = 0;

  constructor(
    private readonly products: ProductsService,
    private readonly metrics: StoreMetrics,
  ) {}

  /** How many requests it answered (tests tell a front-door answer from the chain's with it). */
  get answered(): number {
    return this.answeredCount;
  }

  handler(chain: FrontDoorChain): FrontDoorHandler {
    return (request, response) => {
      try {
        return this.answer(chain, request, response);
      } catch (error) {
        // Nothing here should throw; if something does, the chain answers (and logs) the request, or, when the
        // answer had begun, the connection is cut rather than the process brought down by a listener's throw.
        this.logger.warn(`Front door failed on ${request.method} ${LIST_PATH}: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) return false;
        response.destroy();
        return true;
      }
    };
  }

  private answer(chain: FrontDoorChain, request: IncomingMessage, response: ServerResponse): boolean {
    const started = process.hrtime.bigint();
    const { headers } = request;
    // A body on a GET meets the body guards and parsers in the chain; so does a HEAD (Express answers it as a GET).
    if (request.method !== 'GET' || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const params = this.queryOf(chain, request.url ?? '');
    if (!params) return false;
    const coding = negotiateCoding(headers['accept-encoding']);
    // Deflate alone: the compression middleware compresses per request; leave that to it.
    if (coding === 'deflate') return false;
    const page = this.products.cachedPage(params);
    if (!page) return false;
    const body = listBody(page, coding);
    const corsOrigin = chain.corsHeaders && headers.origin !== undefined && chain.corsHeaders(headers.origin) ? headers.origin : '';
    const signedIn = headers.authorization !== undefined;
    const head = this.headOf(chain, page, body.coding, body.bytes.length, corsOrigin, signedIn).slice();
    const requestId = requestIdFrom(headers['x-request-id']);
    head[1] = requestId;
    // Set before the logger sees the request, so it takes this id instead of making one and setting its header.
    request.id = requestId;
    chain.logRequest(request, response);
    response.writeHead(200, head);
    response.end(body.bytes);
    this.answeredCount += 1;
    this.metrics.observe('GET', LIST_ROUTE, 200, Number(process.hrtime.bigint() - started) / 1e9);
    return true;
  }

  /** The list query of a URL on exactly LIST_PATH, checked as the chain checks it; null when it would refuse it. */
  private queryOf(chain: FrontDoorChain, url: string): ProductListParams | null {
    if (!url.startsWith(LIST_PATH)) return null;
    const known = this.queries.get(url);
    if (known !== undefined) return known;
    let params: ProductListParams | null = null;
    const rest =
      url.length === LIST_PATH.length
        ? ''
        : url.charCodeAt(LIST_PATH.length) === QUESTION_MARK
          ? url.slice(LIST_PATH.length + 1)
          : undefined;
    if (rest !== undefined && urlTextProblem(url) === undefined) {
      try {
        params = parseProductListQuery(chain.parseQuery(rest));
      } catch {
        // Refused by the list's parser: the controller answers it, with the error the contract specifies.
      }
    }
    if (this.queries.size >= URL_MEMO_MAX) this.queries.clear();
    this.queries.set(url, params);
    return params;
  }

  /**
   * The header block of a page's answer, in the order the chain sets them (request id first, its value filled
   * in per request; Date and Connection are node's own, as in the chain).
   */
  private headOf(chain: FrontDoorChain, page: ListEntry, coding: string, length: number, corsOrigin: string, signedIn: boolean): string[] {
    let variants = this.heads.get(page);
    if (!variants) this.heads.set(page, (variants = new Map()));
    const key = `${coding} ${signedIn ? 1 : 0} ${corsOrigin}`;
    let head = variants.get(key);
    if (head) return head;
    head = [REQUEST_ID_HEADER, ''];
    const add = (name: string, value: string | number) => head!.push(name, String(value));
    for (const [name, value] of chain.securityHeaders) add(name, value);
    // CORS varies every answer by Origin; an allowed one gets its headers.
    for (const [name, value] of (corsOrigin && chain.corsHeaders?.(corsOrigin)) || []) add(name, value);
    if (signedIn) add('Cache-Control', 'no-store');
    add(TOTAL_COUNT_HEADER, page.total);
    if (page.capped) add(TOTAL_COUNT_CAPPED_HEADER, 'true');
    if (page.next !== undefined) add(NEXT_CURSOR_HEADER, page.next);
    add('Content-Type', 'application/json; charset=utf-8');
    // The compression middleware varies every JSON answer by Accept-Encoding, compressed or not.
    add('Vary', chain.corsHeaders ? 'Origin, Accept-Encoding' : 'Accept-Encoding');
    if (coding !== 'identity') add('Content-Encoding', coding);
    add('Content-Length', length);
    variants.set(key, head);
    return head;
  }
}
