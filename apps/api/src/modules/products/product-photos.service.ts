import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NotFoundError } from '../../common/errors.js';
import { CARD_CONTENT_TYPE, type PreparedPhoto } from './photo-upload.js';
import { pgPool } from './pg-pool.js';
import { isoTimestampSql } from './product.mapper.js';

/** `original` is the upload as it came; `card` the small WebP made from it for the home grid. */
export type PhotoVariant = 'original' | 'card';

/** What the photo route sends: the bytes, or none when the client's copy is current (a 304). */
export interface PhotoResponse {
  etag: string;
  contentType: string;
  bytes: Buffer | undefined;
  /** The request named the product's current version (its updatedAt), so this URL's answer never changes. */
  versioned: boolean;
}

/** At most this many entity tags of an If-None-Match are compared; a browser sends one. */
const MAX_IF_NONE_MATCH_TAGS = 16;

const readSql = (etag: string, data: string): string =>
  `SELECT ${etag} AS etag, content_type, CASE WHEN $2 OR ${etag} = ANY($3::text[]) THEN NULL ELSE ${data} END AS bytes,
     $4::text IS NOT NULL AND $4::text = (SELECT ${isoTimestampSql('p.updated_at')} FROM products p WHERE p.id = $1) AS versioned
   FROM product_photos WHERE product_id = $1`;
const READ_SQL: Record<PhotoVariant, string> = { original: readSql('etag', 'data'), card: readSql('card_etag', 'card_data') };

/**
 * Reads and writes product photos. Photos live in their own table, which no product query selects; the read
 * below answers a revalidation from the stored ETag without reading a byte of the image.
 */
@Injectable()
export class ProductPhotosService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The photo of a product, in one query either way: the bytes are selected only when no tag of
   * `ifNoneMatch` matches, so a 304 never touches them. 404 when the product has no photo (or does not exist).
   * `version` is the client's copy of the product's updatedAt; whether it is current decides how long the
   * answer may be cached.
   */
  async read(productId: string, variant: PhotoVariant, ifNoneMatch: string | undefined, version?: string): Promise<PhotoResponse> {
    const { tags, any } = parseIfNoneMatch(ifNoneMatch);
    const { rows } = await pgPool(this.dataSource).query<{ etag: string; content_type: string; bytes: Buffer | null; versioned: boolean }>(
      READ_SQL[variant],
      [productId, any, tags, version ?? null],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('This product has no photo');
    const contentType = variant === 'card' ? CARD_CONTENT_TYPE : row.content_type;
    return { etag: row.etag, contentType, bytes: row.bytes ?? undefined, versioned: row.versioned };
  }

  /** Stores (or replaces) a product's photo, inside the caller's transaction. */
  async save(manager: EntityManager, productId: string, photo: PreparedPhoto): Promise<void> {
    await manager.query(
      `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (product_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data,
         etag = EXCLUDED.etag, card_data = EXCLUDED.card_data, card_etag = EXCLUDED.card_etag, updated_at = now()`,
      [productId, photo.contentType, photo.data, photo.etag, photo.cardData, photo.cardEtag],
    );
  }
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
