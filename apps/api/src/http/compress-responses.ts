import { API_PREFIX } from '@store/contract';
import { constants } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = '1kb';

/**
 * Cheapest levels for dynamic answers: on a 32 kB list of 100 products gzip -1 gives 4.6 kB and brotli q1 about
 * the same, while compression's default brotli q4 (3.9 kB) cost a quarter of the throughput (docs/web.md).
 */
export const GZIP_LEVEL = 1;
export const BROTLI_QUALITY = 1;

/** Product photos are WebP/JPEG/PNG, compressed already: deflating them again costs CPU and saves nothing. */
const PHOTO_PATH = new RegExp(`^${API_PREFIX}/product/photo/`);

/**
 * Compresses API answers (JSON lists mostly) over 1 kB when the client asks for it in Accept-Encoding.
 * Browsers accept br, which compression prefers; both codings run at their fastest level. Photos and anything
 * compression's own filter refuses (images, already encoded) are passed through. The web app's static files arrive precompressed (serve-web-app.ts), so they skip this.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD,
    level: GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (request: Request, response: Response) => compressionConsiders(request.path, response.getHeader('Content-Type')),
  });
}

/**
 * The middleware's filter: whether it takes up an answer on `path` of this Content-Type (compression's own test of
 * the type, photos aside). An answer it takes up varies by Accept-Encoding, compressed or not: the cached GET, which
 * answers before it, asks this to add the same Vary.
 */
export function compressionConsiders(path: string, contentType: unknown): boolean {
  if (PHOTO_PATH.test(path)) return false;
  return compression.filter({} as Request, { getHeader: () => contentType } as unknown as Response);
}
