import { createHash } from 'node:crypto';
import { PRODUCT_PHOTO_LARGE_MAX_PX, PRODUCT_PHOTO_TYPES } from '@store/contract';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { PayloadTooLargeError, ServiceUnavailableError, UnsupportedMediaTypeError } from '../../common/errors.js';

export type PhotoContentType = (typeof PRODUCT_PHOTO_TYPES)[number];

/** The longest side of the card variant the home grid shows, in pixels. */
export const CARD_MAX_PX = 600;
/** The type of both variants (card and large): WebP, the smallest a browser of today decodes. */
export const VARIANT_CONTENT_TYPE = 'image/webp';
/**
 * Largest image accepted, in pixels: a 3 MB file can still claim enormous dimensions (a few kilobytes of PNG
 * can decode to gigabytes), and decoding is what the server pays for. 24 MP is a 6000x4000 camera photo,
 * more than any product photo needs (it is stored at most PHOTO_MAX_PX on its longest side anyway).
 */
export const PHOTO_MAX_PIXELS = 24_000_000;
/**
 * The longest side of the stored photo, in pixels: larger uploads are scaled down (never up) when re-encoded.
 * 2,000 px fills a large retina product view; more would only cost bytes and browsers' decode time.
 */
export const PHOTO_MAX_PX = 2000;

/**
 * A photo checked and ready to store: the original re-encoded (see {@link preparePhoto}), its card and large
 * variants, and a strong ETag for each.
 */
export interface PreparedPhoto {
  contentType: PhotoContentType;
  data: Buffer;
  etag: string;
  cardData: Buffer;
  cardEtag: string;
  largeData: Buffer;
  largeEtag: string;
}

const SHARP_FORMAT: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes say they are (their magic number), whatever the file's name or declared type. */
export function sniffImageType(bytes: Buffer): PhotoContentType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 6 && (bytes.toString('latin1', 0, 6) === 'GIF87a' || bytes.toString('latin1', 0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** A strong ETag (quoted, as sent in the header) from the bytes themselves, so equal bytes always match. */
export function photoEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/**
 * Photos being decoded and re-encoded in this process: one at a time, the others wait their turn here, in memory.
 * sharp runs each image on a thread of libuv's small shared pool (four threads), which also resolves the
 * database's host name when the pool opens a connection, and does the compression and file reads. Several uploads
 * at once on a busy machine held every thread for tens of seconds, so new database connections timed out and
 * unrelated reads answered 503 (the memory soak in docs/operations.md). One image at a time still uses every core
 * (libvips splits an image across its own threads). Past {@link ENCODING_QUEUE_MAX} waiting, an upload is
 * refused with a 503 and Retry-After instead of holding its body in memory for minutes.
 */
const encoding = pLimit(1);
/** Uploads that may wait for their turn to be encoded (each holds its bytes meanwhile: at most a few MB). */
export const ENCODING_QUEUE_MAX = 8;
/** Seconds a refused upload is told to wait: an encode takes about a second on a quiet core. */
const ENCODING_RETRY_AFTER_SECONDS = 5;

/** Runs `work` (sharp's) when this process's encoding turn comes; refuses at once when too many are waiting. */
function encode<T>(work: () => Promise<T>): Promise<T> {
  if (encoding.pendingCount >= ENCODING_QUEUE_MAX) {
    return Promise.reject(
      new ServiceUnavailableError('Too many photos are being processed; please try again in a moment', ENCODING_RETRY_AFTER_SECONDS),
    );
  }
  return encoding(work);
}

/** Photos being encoded (0 or 1) and waiting their turn, in this process. */
export function encodingLoad(): { active: number; waiting: number } {
  return { active: encoding.activeCount, waiting: encoding.pendingCount };
}

/**
 * Checks an uploaded photo, re-encodes it and makes its card and large variants, once, here at upload. The magic number
 * decides the type (415 when it is not JPEG, PNG, WebP or GIF); then sharp decodes the whole image, so a
 * truncated or corrupt file with a valid magic number is a 415 too, rather than a 500 later. Over
 * PHOTO_MAX_PIXELS is 413 before anything is decoded.
 *
 * What is stored is never the uploaded bytes: the image is re-encoded in its own format, turned upright by its
 * EXIF orientation, with all metadata dropped (EXIF with GPS position and camera serial, XMP, ICC profiles,
 * comments, unknown chunks: sharp writes none unless asked) and its longest side capped at PHOTO_MAX_PX.
 * So a browser never decodes more than 2000x2000 pixels from the store, and nothing hidden in a file is served.
 */
export async function preparePhoto(upload: Buffer): Promise<PreparedPhoto> {
  const contentType = sniffImageType(upload);
  if (!contentType) throw new UnsupportedMediaTypeError('The photo must be a JPEG, PNG, WebP or GIF image');
  return encode(() => reencodeUpload(upload, contentType));
}

async function reencodeUpload(upload: Buffer, contentType: PhotoContentType): Promise<PreparedPhoto> {
  let data: Buffer;
  let cardData: Buffer;
  let largeData: Buffer;
  try {
    // One frame: an animated GIF or WebP is stored as its first frame (a product photo needs no animation).
    const image = sharp(upload, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[contentType]) throw new Error(`magic number says ${contentType}, decoder says ${format}`);
    data = await reencode(image.clone(), contentType);
    cardData = await webpVariant(image.clone(), CARD_MAX_PX);
    largeData = await webpVariant(image.clone(), PRODUCT_PHOTO_LARGE_MAX_PX);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeError(`The photo must be at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`);
    }
    throw new UnsupportedMediaTypeError('The photo could not be read as an image; it may be truncated or corrupt');
  }
  return {
    contentType,
    data,
    etag: photoEtag(data),
    cardData,
    cardEtag: photoEtag(cardData),
    largeData,
    largeEtag: photoEtag(largeData),
  };
}

/**
 * The large variant of a photo stored before uploads made one, from its stored original: re-encoded like any
 * variant (upright, no metadata, at most PRODUCT_PHOTO_LARGE_MAX_PX), never the stored bytes as they are.
 */
export function makeLargeVariant(original: Buffer): Promise<Buffer> {
  return encode(() => webpVariant(sharp(original, { limitInputPixels: PHOTO_MAX_PIXELS }), PRODUCT_PHOTO_LARGE_MAX_PX));
}

/** A variant: upright by its EXIF orientation (it carries no metadata to say so), scaled down (never up), WebP. */
function webpVariant(image: Sharp, maxPx: number): Promise<Buffer> {
  return image.rotate().resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

/** The stored original: upright, at most PHOTO_MAX_PX on its longest side, in its own format, without metadata. */
function reencode(image: Sharp, contentType: PhotoContentType): Promise<Buffer> {
  const upright = image.rotate().resize({ width: PHOTO_MAX_PX, height: PHOTO_MAX_PX, fit: 'inside', withoutEnlargement: true });
  switch (contentType) {
    case 'image/jpeg':
      return upright.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    case 'image/png':
      return upright.png({ compressionLevel: 9 }).toBuffer();
    case 'image/webp':
      return upright.webp({ quality: 85 }).toBuffer();
    case 'image/gif':
      return upright.gif().toBuffer();
  }
}
