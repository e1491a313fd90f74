import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ServiceUnavailableError } from '../../common/errors.js';
import { pgPool, queryRows } from '../../database/pg.js';
import type { PreparedPhoto } from './photo-upload.js';
import { type PhotoLocation, PhotoObjectStore, type PhotoVariant, photoObjectKey } from './photo-store.js';
import { isoTimestampSql } from './products.repository.js';

/** `original` is the upload as it came; `card` the small WebP made from it for the home grid. */
// Defined beside the object store (which names objects by variant), so the two files do not import each other.
export type { PhotoVariant } from './photo-store.js';

/** One variant of a stored photo, with the version (the product's updatedAt, as the wire shows it) it belongs to. */
export interface StoredPhoto {
  etag: string;
  /** The stored type of the original; the card is always WebP. */
  contentType: string;
  bytes: Buffer;
  version: string;
}

/** A photo row's ETags and where its bytes are: what a replacement or a deletion must clean up. */
export interface PhotoRecord {
  productId: string;
  contentType: string;
  etag: string;
  cardEtag: string;
  storedIn: PhotoLocation;
}

/** The objects a photo row in the object store owns. */
export function objectKeysOf(record: PhotoRecord): string[] {
  return record.storedIn === 's3'
    ? [photoObjectKey(record.productId, 'original', record.etag), photoObjectKey(record.productId, 'card', record.cardEtag)]
    : [];
}

const readSql = (etag: string, data: string): string =>
  `SELECT ph.${etag} AS etag, ph.content_type, ph.stored_in, ph.${data} AS bytes, ${isoTimestampSql('p.updated_at')} AS version
   FROM product_photos ph JOIN products p ON p.id = ph.product_id WHERE ph.product_id = $1`;
const READ_SQL: Record<PhotoVariant, string> = { original: readSql('etag', 'data'), card: readSql('card_etag', 'card_data') };
const RECORD_COLUMNS = `product_id AS "productId", content_type AS "contentType", etag, card_etag AS "cardEtag", stored_in AS "storedIn"`;

/**
 * Every SQL statement on `product_photos`, and the one place that knows where photo bytes live: in the row
 * (PHOTO_STORE=postgres, the default) or in an S3-compatible object store (PHOTO_STORE=s3), the row then keeping
 * the metadata and ETags only. Each row says where its bytes are, so both kinds are read during a migration.
 * Photos live in their own table, which no product query selects, so listing products never touches image bytes.
 */
@Injectable()
export class ProductPhotosRepository {
  private readonly writeTo: PhotoLocation;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PhotoObjectStore) private readonly objects: PhotoObjectStore | null,
  ) {
    this.writeTo = config.photoStore.kind;
  }

  /** A variant of a product's photo, or undefined when the product has none (or does not exist). */
  async find(productId: string, variant: PhotoVariant): Promise<StoredPhoto | undefined> {
    const { rows } = await pgPool(this.dataSource).query<{
      etag: string;
      content_type: string;
      stored_in: PhotoLocation;
      bytes: Buffer | null;
      version: string;
    }>(READ_SQL[variant], [productId]);
    const row = rows[0];
    if (!row) return undefined;
    const bytes = row.stored_in === 'postgres' ? row.bytes : await this.store().get(photoObjectKey(productId, variant, row.etag));
    // The row names an object that is not there (removed by hand, a bucket restored from an older backup): no photo.
    if (!bytes) return undefined;
    return { etag: row.etag, contentType: row.content_type, bytes, version: row.version };
  }

  /** A variant's ETag, type and version without its bytes: enough to answer a conditional request (a 304). */
  async findTag(productId: string, variant: PhotoVariant): Promise<Omit<StoredPhoto, 'bytes'> | undefined> {
    const etag = variant === 'card' ? 'ph.card_etag' : 'ph.etag';
    const { rows } = await pgPool(this.dataSource).query<{ etag: string; content_type: string; version: string }>(
      `SELECT ${etag} AS etag, ph.content_type, ${isoTimestampSql('p.updated_at')} AS version
       FROM product_photos ph JOIN products p ON p.id = ph.product_id WHERE ph.product_id = $1`,
      [productId],
    );
    const row = rows[0];
    return row && { etag: row.etag, contentType: row.content_type, version: row.version };
  }

  /**
   * Stores (or replaces) a product's photo inside the caller's transaction, in the configured store; returns the
   * replaced photo's record and the new one: once the transaction has committed, the caller removes the objects
   * only the replaced one named ({@link discard}).
   * With the object store, the objects are written first: a failed transaction leaves unreferenced objects at
   * worst, never a row naming missing ones.
   */
  async save(
    manager: EntityManager,
    productId: string,
    photo: PreparedPhoto,
  ): Promise<{ previous: PhotoRecord | undefined; current: PhotoRecord }> {
    const [previous] = await queryRows<PhotoRecord>(
      manager,
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1 FOR UPDATE`,
      [productId],
    );
    const inObjects = this.writeTo === 's3';
    if (inObjects) await this.putObjects(productId, photo);
    await queryRows(
      manager,
      `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag, stored_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (product_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data,
         etag = EXCLUDED.etag, card_data = EXCLUDED.card_data, card_etag = EXCLUDED.card_etag,
         stored_in = EXCLUDED.stored_in, updated_at = now()`,
      [
        productId,
        photo.contentType,
        inObjects ? null : photo.data,
        photo.etag,
        inObjects ? null : photo.cardData,
        photo.cardEtag,
        this.writeTo,
      ],
    );
    const current: PhotoRecord = {
      productId,
      contentType: photo.contentType,
      etag: photo.etag,
      cardEtag: photo.cardEtag,
      storedIn: this.writeTo,
    };
    return { previous, current };
  }

  /** The photo record of a product (to clean up after deleting the product), inside the caller's transaction. */
  async record(manager: EntityManager, productId: string): Promise<PhotoRecord | undefined> {
    const [row] = await queryRows<PhotoRecord>(manager, `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1 FOR UPDATE`, [
      productId,
    ]);
    return row;
  }

  /**
   * Removes the objects of photo records no longer referenced (after the commit that replaced or deleted them),
   * keeping any the current row still names (a photo replaced by the same bytes). Failures are logged by the
   * store and leave unreferenced objects, never a broken photo: the caller does not wait on the result.
   */
  async discard(records: Array<PhotoRecord | undefined>, keep: PhotoRecord | undefined = undefined): Promise<void> {
    const kept = new Set(keep ? objectKeysOf(keep) : []);
    const keys = records.flatMap((record) => (record ? objectKeysOf(record) : [])).filter((key) => !kept.has(key));
    if (keys.length > 0) await this.store().delete(keys);
  }

  /** The photo records stored in `from`, a batch at a time in product id order after `after` (for the migration). */
  async recordsStoredIn(from: PhotoLocation, after: string | undefined, limit: number): Promise<PhotoRecord[]> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE stored_in = $1 AND ($2::uuid IS NULL OR product_id > $2::uuid)
       ORDER BY product_id LIMIT $3`,
      [from, after ?? null, limit],
    );
    return rows;
  }

  /**
   * Moves one photo's bytes to `to`. The row changes only if it is still the photo that was read (same ETags,
   * same place), so an admin replacing it meanwhile wins; returns whether it moved. Objects are written before
   * the row names them, and removed only after the row no longer does.
   */
  async move(record: PhotoRecord, to: PhotoLocation): Promise<boolean> {
    if (record.storedIn === to) return false;
    const pool = pgPool(this.dataSource);
    if (to === 's3') {
      const { rows } = await pool.query<{ data: Buffer; card_data: Buffer }>(
        `SELECT data, card_data FROM product_photos WHERE product_id = $1 AND etag = $2 AND card_etag = $3 AND stored_in = 'postgres'`,
        [record.productId, record.etag, record.cardEtag],
      );
      if (!rows[0]) return false;
      await this.putObjects(record.productId, {
        contentType: record.contentType,
        data: rows[0].data,
        cardData: rows[0].card_data,
        etag: record.etag,
        cardEtag: record.cardEtag,
      });
      const moved = await pool.query(
        `UPDATE product_photos SET data = NULL, card_data = NULL, stored_in = 's3'
         WHERE product_id = $1 AND etag = $2 AND card_etag = $3 AND stored_in = 'postgres'`,
        [record.productId, record.etag, record.cardEtag],
      );
      if ((moved.rowCount ?? 0) > 0) return true;
      // Replaced or deleted meanwhile: the objects just written belong to no row (unless the new row has the same bytes).
      const [now] = (
        await pool.query<PhotoRecord>(`SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1`, [record.productId])
      ).rows;
      await this.discard([{ ...record, storedIn: 's3' }], now);
      return false;
    }
    const [data, cardData] = await Promise.all([
      this.store().get(photoObjectKey(record.productId, 'original', record.etag)),
      this.store().get(photoObjectKey(record.productId, 'card', record.cardEtag)),
    ]);
    if (!data || !cardData) throw new Error(`The objects of product ${record.productId}'s photo are missing from the bucket`);
    const moved = await pool.query(
      `UPDATE product_photos SET data = $4, card_data = $5, stored_in = 'postgres'
       WHERE product_id = $1 AND etag = $2 AND card_etag = $3 AND stored_in = 's3'`,
      [record.productId, record.etag, record.cardEtag, data, cardData],
    );
    if ((moved.rowCount ?? 0) === 0) return false;
    await this.discard([record]);
    return true;
  }

  private async putObjects(
    productId: string,
    photo: Pick<PreparedPhoto, 'data' | 'cardData' | 'etag' | 'cardEtag'> & { contentType: string },
  ): Promise<void> {
    const store = this.store();
    await store.put(photoObjectKey(productId, 'original', photo.etag), photo.data, photo.contentType);
    await store.put(photoObjectKey(productId, 'card', photo.cardEtag), photo.cardData, 'image/webp');
  }

  private store(): PhotoObjectStore {
    if (!this.objects) {
      throw new ServiceUnavailableError(
        'Product photos are in an object store this server is not configured for (set S3_BUCKET and its S3_* settings)',
      );
    }
    return this.objects;
  }
}
