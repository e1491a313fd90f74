import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { type ContentCoding, negotiateCoding } from '../../common/accept-encoding.js';
import { type CachedAnswer, JSON_CONTENT_TYPE, sendAnswer } from '../../common/cached-get.js';
import type { ProductEntry } from './catalogue-cache.js';
import { listBody } from './list-answer.js';

/**
 * Writes a product's answer (a miss, or a request the cached GET leaves to the chain): a conditional request naming
 * its ETag is a 304, judged by Express's own `req.fresh` as res.json() judged it; else {@link productAnswer}.
 */
export function sendProduct(request: Request, response: Response, entry: ProductEntry): void {
  response.setHeader('ETag', entry.etag);
  if (request.fresh) {
    sendAnswer(response, { status: 304, headers: [['ETag', entry.etag]], body: undefined });
    return;
  }
  sendAnswer(response, productAnswer(entry, negotiateCoding(request.headers['accept-encoding'])));
}

/**
 * A product's answer for the coding the compression middleware would pick: the headers res.json() gave it (its type
 * and weak ETag), then its JSON bytes as they are or compressed ahead of time, as a list page's ({@link listBody}).
 */
export function productAnswer(entry: ProductEntry, coding: ContentCoding): CachedAnswer {
  const body = listBody(entry, coding);
  const headers: Array<[string, string]> = [
    ['Content-Type', JSON_CONTENT_TYPE],
    ['ETag', entry.etag],
  ];
  if (body.coding !== 'identity') headers.push(['Vary', 'Accept-Encoding'], ['Content-Encoding', body.coding]);
  headers.push(['Content-Length', String(body.bytes.length)]);
  return { status: 200, headers, body: body.bytes };
}

/** The weak ETag Express's res.json() gives a body (its default `etag` setting): length and SHA-1, so one stays valid across the change. */
export function weakEtag(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}
