import { NEXT_CURSOR_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import type { Request, Response } from 'express';
import { type ContentCoding, negotiateCoding } from '../../common/accept-encoding.js';
import { type CachedAnswer, JSON_CONTENT_TYPE, sendAnswer } from '../../common/cached-get.js';
import type { ListEntry } from './catalogue-cache.js';

/** Writes a list page (a miss, or a client the cached GET leaves to the chain), as {@link listAnswer} has it. */
export function sendList(request: Request, response: Response, page: ListEntry): void {
  sendAnswer(response, listAnswer(page, negotiateCoding(request.headers['accept-encoding'])));
}

/**
 * A list page's answer for the coding the compression middleware would pick: its paging headers, its type, then
 * its JSON bytes as they are, or compressed ahead of time (with the Vary and Content-Encoding the compression
 * middleware gives what it compresses), and their length.
 */
export function listAnswer(page: ListEntry, coding: ContentCoding): CachedAnswer {
  const body = listBody(page, coding);
  const headers: Array<[string, string]> = [[TOTAL_COUNT_HEADER, String(page.total)]];
  if (page.capped) headers.push([TOTAL_COUNT_CAPPED_HEADER, 'true']);
  if (page.next !== undefined) headers.push([NEXT_CURSOR_HEADER, page.next]);
  headers.push(['Content-Type', JSON_CONTENT_TYPE]);
  if (body.coding !== 'identity') headers.push(['Vary', 'Accept-Encoding'], ['Content-Encoding', body.coding]);
  headers.push(['Content-Length', String(body.bytes.length)]);
  return { status: 200, headers, body: body.bytes };
}

/**
 * The bytes of a list page (or a product's answer) for the coding the response compression middleware picks for the client
 * ({@link negotiateCoding}): the page's gzip or brotli, made once when it was cached (the middleware leaves them
 * alone, as they are encoded already); else the JSON itself, which that middleware compresses per request only
 * for a client taking deflate alone.
 */
export function listBody(page: Pick<ListEntry, 'body' | 'gzip' | 'br'>, coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
  if (coding === 'br' && page.br) return { coding, bytes: page.br };
  if (coding === 'gzip' && page.gzip) return { coding, bytes: page.gzip };
  return { coding: 'identity', bytes: page.body };
}
