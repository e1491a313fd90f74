import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { pgPool, queryRows } from '../../database/pg.js';
import type { PreparedPhoto } from './photo-upload.js';
import { isoTimestampSql } from './products.repository.js';

/** `original` is the upload as it came; `card` the small WebP made from it for the home grid. */
export type PhotoVariant = 'original' | 'card';

/** One variant of a stored photo, with the version (the product's updatedAt, as the wire shows it) it belongs to. */
export interface StoredPhoto {
  etag: string;
  /** The stored type of the original; the card is always WebP. */
  contentType: string;
  bytes: Buffer;
  version: string;
}

const readSql = (etag: string, data: string): string =>
  `SELECT ph.${etag} AS etag, ph.content_type, ph.${data} AS bytes, ${isoTimestampSql('p.updated_at')} AS version
   FROM product_photos ph JOIN products p ON p.id = ph.product_id WHERE ph.product_id = $1`;
const READ_SQL: Record<PhotoVariant, string> = { original: readSql('etag', 'data'), card: readSql('card_etag', 'card_data') };

/**
 * Every SQL statement on `product_photos`. Photos live in their own table, which no product query selects, so
 * listing products never touches image bytes. (A storage port may later sit below this file.)
 */
@Injectable()
export class ProductPhotosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A variant of a product's photo, or undefined when the product has none (or does not exist). */
  async find(productId: string, variant: PhotoVariant): Promise<StoredPhoto | undefined> {
    const { rows } = await pgPool(this.dataSource).query<{ etag: string; content_type: string; bytes: Buffer; version: string }>(
      READ_SQL[variant],
      [productId],
    );
    const row = rows[0];
    return row && { etag: row.etag, contentType: row.content_type, bytes: row.bytes, version: row.version };
  }

  /** Stores (or replaces) a product's photo, inside the caller's transaction. */
  async save(manager: EntityManager, productId: string, photo: PreparedPhoto): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (product_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data,
         etag = EXCLUDED.etag, card_data = EXCLUDED.card_data, card_etag = EXCLUDED.card_etag, updated_at = now()`,
      [productId, photo.contentType, photo.data, photo.etag, photo.cardData, photo.cardEtag],
    );
  }
}
