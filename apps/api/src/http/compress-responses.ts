import { API_PREFIX } from '@store/contract';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = '1kb';

/** gzip level for dynamic answers: 1 keeps most of the saving on JSON at a fraction of level 6's CPU (see README). */
export const GZIP_LEVEL = 1;

/** Product photos are WebP/JPEG/PNG, compressed already: deflating them again costs CPU and saves nothing. */
const PHOTO_PATH = new RegExp(`^${API_PREFIX}/product/photo/`);

/**
 * Compresses API answers (JSON lists mostly) over 1 kB when the client asks for it in Accept-Encoding.
 * Brotli stays at quality 4 (compression's default, as cheap as gzip -6 here) and is only chosen when the
 * client prefers it; photos and anything compression's own filter refuses (images, already encoded) are
 * passed through. The web app's static files arrive precompressed (serve-web-app.ts), so they skip this.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD,
    level: GZIP_LEVEL,
    filter: (request: Request, response: Response) =>
      !PHOTO_PATH.test(request.path) && compression.filter(request, response),
  });
}
