import { Injectable } from '@nestjs/common';
import type { CachedAnswer } from '../../common/cached-get.js';
import { NotFoundError } from '../../common/errors.js';
import { type PhotoResponse, photoAnswer } from './photo-answer.js';
import { PhotoCache, photoCacheKey } from './photo-cache.js';
import { makeLargeVariant, photoEtag, preparePhoto, type PreparedPhoto, VARIANT_CONTENT_TYPE } from './photo-upload.js';
import {
  type GalleryRow,
  LARGE_NOT_MADE,
  type PhotoRecord,
  type PhotoRef,
  type PhotoVariant,
  ProductPhotosRepository,
  type StoredPhoto,
} from './product-photos.repository.js';

export type { GalleryRow, PhotoRef, PhotoVariant } from './product-photos.repository.js';

/** At most this many entity tags of an If-None-Match are compared; a browser sends one. */
const MAX_IF_NONE_MATCH_TAGS = 16;

/**
 * Product photos. Reads go through the {@link PhotoCache}: a hit (a 200, a 304, and whether `v` is the current
 * version) is answered from memory without a query; a miss reads the variant once, with its version, and keeps it.
 * Writes are the catalogue's: it checks an upload ({@link prepare}) before its transaction, saves it inside
 * ({@link save}), and after the commit removes what no row names any more ({@link discard}).
 */
@Injectable()
export class ProductPhotosService {
  constructor(
    private readonly repository: ProductPhotosRepository,
    private readonly cache: PhotoCache,
  ) {}

  /** Per cached photo, its answers by outcome (ANSWER_NOT_MODIFIED and ANSWER_VERSIONED, or'd); they go with the photo. */
  private readonly answers = new WeakMap<StoredPhoto, Array<CachedAnswer | undefined>>();

  /** Checks and re-encodes an upload (its variants made): done before any transaction opens. */
  prepare(upload: Buffer): Promise<PreparedPhoto> {
    return preparePhoto(upload);
  }

  /**
   * Stores (or replaces) a product's photo inside the transaction in context; answers the replaced photo's record
   * and the new one, for {@link discard} after the commit.
   */
  save(productId: string, photo: PreparedPhoto): Promise<{ previous: PhotoRecord | undefined; current: PhotoRecord }> {
    return this.repository.save(productId, photo);
  }

  /** Adds a photo at the end of a product's gallery, inside the transaction in context (see ProductPhotosRepository.add). */
  add(productId: string, photo: PreparedPhoto, alt: string, optionValue: number | null): Promise<PhotoRecord> {
    return this.repository.add(productId, photo, alt, optionValue);
  }

  /** The ids of the option values of a product (which a photo may be tied to). */
  optionValuesOf(productId: string): Promise<number[]> {
    return this.repository.optionValuesOf(productId);
  }

  /** A product's gallery, first photo first (alt NULL: made from the product's name by the caller). */
  gallery(productId: string): Promise<GalleryRow[]> {
    return this.repository.gallery(productId);
  }

  /** Orders a product's gallery and sets each photo's alt text, inside the transaction in context. */
  arrange(productId: string, photos: Array<{ id: string; alt: string | null; optionValue: number | null }>): Promise<void> {
    return this.repository.arrange(productId, photos);
  }

  /** Removes one photo of a product's gallery, inside the transaction in context; undefined when it has no such photo. */
  remove(productId: string, photoId: string): Promise<PhotoRecord | undefined> {
    return this.repository.remove(productId, photoId);
  }

  /** A product's photo records, locked in the transaction in context (to clean up after deleting the product). */
  records(productId: string): Promise<PhotoRecord[]> {
    return this.repository.records(productId);
  }

  /**
   * After a commit: removes the object-store copies of photos no row names any more. Not awaited by the request:
   * a failure (logged by the store) leaves unreferenced objects, never a broken photo.
   */
  discard(records: Array<PhotoRecord | undefined>): void {
    this.repository.discard(records).catch(() => undefined);
  }

  /** After a commit that changed a product's photo or version: this process drops its cached variants at once. */
  invalidate(productId: string): void {
    this.cache.invalidate(productId);
  }

  /**
   * A photo of a product (its first, or the gallery photo `ref.photoId`): no bytes when a tag of `ifNoneMatch`
   * matches (a 304). 404 when the product has no such photo (or does not exist). `version` is the client's copy of
   * the product's updatedAt; whether it is current decides how long the answer may be cached.
   */
  async read(ref: PhotoRef, variant: PhotoVariant, ifNoneMatch: string | undefined, version?: string): Promise<PhotoResponse> {
    // Keyed by the id as the NOTIFY names it (lower case), so a URL in capitals is invalidated too.
    const id = normalized(ref);
    // A conditional request that misses the cache is answered from the row's ETag when it matches, without
    // reading the bytes (which may be in the object store, a round trip away, or unreachable).
    if (ifNoneMatch && !this.cache.peek(id, variant)) {
      const tag = await this.repository.findTag(id, variant);
      if (!tag) throw noPhoto(ref);
      // A large variant not made yet has no ETag to match: it is made below.
      if (tag.etag !== null && ifNoneMatchNames(ifNoneMatch, tag.etag)) {
        return {
          etag: tag.etag,
          contentType: contentTypeOf(variant, tag.contentType),
          bytes: undefined,
          versioned: version === tag.version,
        };
      }
    }
    const photo = await this.cache.read(id, variant, () => this.load(id, variant));
    if (!photo) throw noPhoto(ref);
    return answer(photo, variant, ifNoneMatch, version);
  }

  private async load(ref: PhotoRef, variant: PhotoVariant): Promise<StoredPhoto | undefined> {
    const photo = await this.repository.find(ref, variant);
    return photo === LARGE_NOT_MADE ? this.makeLarge(ref) : photo;
  }

  /**
   * The large variant of a photo stored before uploads made one: made once from the stored original (re-encoded,
   * never its bytes as they are) and saved, so later requests, on every replica, read it like any variant. When
   * the row changed meanwhile (the photo was replaced, or another replica saved its own first), what is stored now wins.
   */
  private async makeLarge(ref: PhotoRef): Promise<StoredPhoto | undefined> {
    const original = await this.repository.find(ref, 'original');
    if (original === undefined || original === LARGE_NOT_MADE) return undefined;
    const bytes = await makeLargeVariant(original.bytes);
    const etag = photoEtag(bytes);
    if (await this.repository.saveLarge(ref.productId, original.photoId, original.etag, bytes, etag)) return { ...original, etag, bytes };
    const now = await this.repository.find({ productId: ref.productId, photoId: original.photoId }, 'large');
    // Still none: the row was replaced by one without a large variant, which only a restore could do; this once, serve what was made.
    return now === LARGE_NOT_MADE ? { ...original, etag, bytes } : now;
  }

  /**
   * The key a photo variant is cached under, its ids in lower case (as the NOTIFY names the product, so a URL in
   * capitals is a hit too): made once per URL by the cached GET, for {@link cachedAnswer}.
   */
  cacheKey(ref: PhotoRef, variant: PhotoVariant): string {
    return photoCacheKey(normalized(ref), variant);
  }

  /**
   * The answer if memory has the photo variant cached under `key` ({@link cacheKey}), without waiting for anything
   * (the cached GET); undefined otherwise. The same object for the same cached photo and outcome (200 or 304,
   * versioned or not), made once, so the HTTP layer keeps its header block with it; a request allocates nothing here.
   */
  cachedAnswer(key: string, variant: PhotoVariant, ifNoneMatch: string | undefined, version: string | undefined): CachedAnswer | undefined {
    const photo = this.cache.peekKey(key);
    if (!photo) return undefined;
    const notModified = ifNoneMatch !== undefined && ifNoneMatchNames(ifNoneMatch, photo.etag);
    const versioned = version === photo.version;
    const outcome = (notModified ? ANSWER_NOT_MODIFIED : 0) | (versioned ? ANSWER_VERSIONED : 0);
    let answers = this.answers.get(photo);
    if (!answers) this.answers.set(photo, (answers = []));
    return (answers[outcome] ??= photoAnswer({
      etag: photo.etag,
      contentType: contentTypeOf(variant, photo.contentType),
      bytes: notModified ? undefined : photo.bytes,
      versioned,
    }));
  }
}

/** The outcomes of a cached photo's answer, as bits of its index. */
const ANSWER_NOT_MODIFIED = 1;
const ANSWER_VERSIONED = 2;

/** The ids in lower case, as the NOTIFY names the product (a URL in capitals is the same photo). */
function normalized(ref: PhotoRef): PhotoRef {
  return ref.photoId
    ? { productId: ref.productId.toLowerCase(), photoId: ref.photoId.toLowerCase() }
    : { productId: ref.productId.toLowerCase() };
}

function noPhoto(ref: PhotoRef): NotFoundError {
  return new NotFoundError(ref.photoId ? 'This product has no such photo' : 'This product has no photo');
}

/** What to send for a stored photo: no bytes when a tag matches (a 304); `versioned` when `v` is current. */
function answer(photo: StoredPhoto, variant: PhotoVariant, ifNoneMatch: string | undefined, version: string | undefined): PhotoResponse {
  const contentType = contentTypeOf(variant, photo.contentType);
  const notModified = ifNoneMatch !== undefined && ifNoneMatchNames(ifNoneMatch, photo.etag);
  return { etag: photo.etag, contentType, bytes: notModified ? undefined : photo.bytes, versioned: version === photo.version };
}

/** The variants made at the server are WebP whatever the original's type. */
function contentTypeOf(variant: PhotoVariant, originalType: string): string {
  return variant === 'original' ? originalType : VARIANT_CONTENT_TYPE;
}

/**
 * Whether an If-None-Match header names `etag` (a strong tag, as photos' are: photoEtag) or is `*`, as
 * {@link parseIfNoneMatch} reads it. A browser revalidating sends the one tag it was given, compared as it is; a
 * header without a comma is read without splitting anything; only a list of tags is parsed.
 */
export function ifNoneMatchNames(header: string, etag: string): boolean {
  if (header === etag) return true;
  if (!header.includes(',')) {
    const tag = header.trim();
    const bare = tag.startsWith('W/') ? tag.slice(2) : tag;
    return bare === etag || bare === '*';
  }
  const { tags, any } = parseIfNoneMatch(header);
  return any || tags.includes(etag);
}

/**
 * The entity tags of an If-None-Match header. The comparison is weak (RFC 9110, 13.1.2), so `W/"x"` matches
 * `"x"`; `*` matches any photo there is.
 */
export function parseIfNoneMatch(header: string | undefined): { tags: string[]; any: boolean } {
  if (!header) return { tags: [], any: false };
  const tags = header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean)
    .slice(0, MAX_IF_NONE_MATCH_TAGS);
  return { tags, any: tags.includes('*') };
}
