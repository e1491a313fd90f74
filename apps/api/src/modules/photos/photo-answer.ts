import { PRODUCT_PHOTO_CARD_SIZE, PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import type { Response } from 'express';
import { type CachedAnswer, sendAnswer } from '../../common/cached-get.js';
import { ValidationFailedError } from '../../common/errors.js';
import type { PhotoVariant } from './photo-store.js';

/** What the photo route sends: the bytes, or none when the client's copy is current (a 304). */
export interface PhotoResponse {
  etag: string;
  contentType: string;
  bytes: Buffer | undefined;
  /** The request named the product's current version (its updatedAt), so this URL's answer never changes. */
  versioned: boolean;
}

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
 * The answer for a photo: its ETag and caching rule, then (unless the client's copy is current, a 304) its type,
 * length and `nosniff`. Written directly ({@link sendPhoto}, or the cached GET before the chain): Express's
 * res.send() would hash the whole image for an ETag of its own and judge freshness itself.
 */
export function photoAnswer(photo: PhotoResponse): CachedAnswer {
  const headers: Array<[string, string]> = [
    ['ETag', photo.etag],
    ['Cache-Control', photo.versioned ? VERSIONED_PHOTO_CACHE_CONTROL : PHOTO_CACHE_CONTROL],
  ];
  if (!photo.bytes) return { status: 304, headers, body: undefined };
  headers.push(
    ['Content-Type', photo.contentType],
    ['Content-Length', String(photo.bytes.length)],
    // The bytes were judged an image at upload; browsers must not judge them anything else.
    ['X-Content-Type-Options', 'nosniff'],
  );
  return { status: 200, headers, body: photo.bytes };
}

/** Writes a photo answer on the chain's response (a miss, or what the cached GET leaves to the chain). */
export function sendPhoto(response: Response, photo: PhotoResponse): void {
  sendAnswer(response, photoAnswer(photo));
}
