import type { Request, Response } from 'express';
import { type ContentCoding, negotiateCoding } from '../../common/accept-encoding.js';
import { setPageHeaders } from '../../common/pagination.js';
import type { ListEntry } from './catalogue-cache.js';

/** Writes a list page: its paging headers, then its JSON bytes as they are, or compressed ahead of time. */
export function sendList(request: Request, response: Response, page: ListEntry): void {
  setPageHeaders(response, page.total, page.next);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  const { coding, bytes } = listBody(page, negotiateCoding(request.headers['accept-encoding']));
  if (coding !== 'identity') {
    // Appended (CORS may have put Origin there), as the compression middleware does for what it compresses.
    response.vary('Accept-Encoding');
    response.setHeader('Content-Encoding', coding);
  }
  response.setHeader('Content-Length', bytes.length);
  response.end(bytes);
}

/**
 * The bytes of a list page for the coding the response compression middleware picks for the client
 * ({@link negotiateCoding}): the page's gzip or brotli, made once when it was cached (the middleware leaves them
 * alone, as they are encoded already); else the JSON itself, which that middleware compresses per request only
 * for a client taking deflate alone.
 */
export function listBody(page: ListEntry, coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
  if (coding === 'br' && page.br) return { coding, bytes: page.br };
  if (coding === 'gzip' && page.gzip) return { coding, bytes: page.gzip };
  return { coding: 'identity', bytes: page.body };
}
