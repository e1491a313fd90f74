import { PRODUCT_PHOTO_CARD_SIZE, PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import type { Response } from 'express';
import { ValidationFailedError } from '../../common/errors.js';
import type { PhotoResponse, PhotoVariant } from './product-photos.service.js';

/**
 * Photos change under the same URL when a product is updated, so caches keep them but revalidate on every use;
 * a revalidation is a 304 answered from the stored ETag.
 */
const PHOTO_CACHE_CONTROL = 'public, no-cache';
/**
 * A URL naming the product's current version (`v` = its updatedAt) always shows this photo: an edit changes
 * updatedAt and so the URL. Browsers keep it and ask again never, which spares the grid its revalidations.
 */
const VERSIONED_PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The `size` values of the photo route and the variant each picks. */
const PHOTO_SIZES: Record<string, PhotoVariant> = { [PRODUCT_PHOTO_CARD_SIZE]: 'card', [PRODUCT_PHOTO_LARGE_SIZE]: 'large' };
const PHOTO_SIZE_NAMES = `${PRODUCT_PHOTO_CARD_SIZE} or ${PRODUCT_PHOTO_LARGE_SIZE}`;

/**
 * `size=card` picks the small WebP of the grid, `size=large` the WebP of the product page. `v` is the version the
 * client knows (the product's updatedAt): a replaced photo gets a new URL, so no page keeps showing the old one,
 * and a current `v` may be cached for good.
 */
export function photoVariant(query: Record<string, unknown>): PhotoVariant {
  const { size, v: _version, ...rest } = query;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ValidationFailedError(`Unknown query parameter "${unknown[0]}"; only size=${PHOTO_SIZE_NAMES} and v are known`);
  if (size === undefined) return 'original';
  if (typeof size === 'string' && Object.hasOwn(PHOTO_SIZES, size)) return PHOTO_SIZES[size];
  throw new ValidationFailedError(`size must be ${PHOTO_SIZE_NAMES} (or left out for the original)`, [
    { field: 'size', message: `must be ${PHOTO_SIZE_NAMES}` },
  ]);
}

/**
 * Writes the photo with its own headers and ends the response directly: Express's res.send() would hash the
 * whole image for an ETag of its own and judge freshness itself.
 */
export function sendPhoto(response: Response, photo: PhotoResponse): void {
  response.setHeader('ETag', photo.etag);
  response.setHeader('Cache-Control', photo.versioned ? VERSIONED_PHOTO_CACHE_CONTROL : PHOTO_CACHE_CONTROL);
  if (!photo.bytes) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', photo.contentType);
  response.setHeader('Content-Length', photo.bytes.length);
  // The bytes were judged an image at upload; browsers must not judge them anything else.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.statusCode = 200;
  response.end(photo.bytes);
}
