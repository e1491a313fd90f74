import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ServiceUnavailableError } from '../../common/errors.js';
import { pgPool } from '../../database/pg.js';
import { Database } from '../../database/transactions.js';
import { type PreparedPhoto, VARIANT_CONTENT_TYPE } from './photo-upload.js';
import { PHOTO_VARIANTS, type PhotoLocation, PhotoObjectStore, type PhotoVariant, photoObjectKey } from './photo-store.js';
import { isoTimestampSql } from '../../database/pg.js';

/**
 * `original` is the upload re-encoded; `card` the small WebP made from it for the home grid; `large` the WebP for the
 * product page (made at upload; for a photo stored before that, on its first request: see {@link LARGE_NOT_MADE}).
 */
// Defined beside the object store (which names objects by variant), so the two files do not import each other.
export type { PhotoVariant } from './photo-store.js';

/** One variant of a stored photo, with the version (the product's updatedAt, as the wire shows it) it belongs to. */
export interface StoredPhoto {
  etag: string;
  /** The stored type of the original; the card and large variants are always WebP. */
  contentType: string;
  bytes: Buffer;
  version: string;
}

/**
 * What {@link ProductPhotosRepository.find} answers for the large variant of a photo stored before uploads made
 * one (its `large_etag` is NULL): the caller makes it from the original and saves it ({@link ProductPhotosRepository.saveLarge}).
 */
export const LARGE_NOT_MADE = 'large-not-made';

/** A photo row's ETags and where its bytes are: what a replacement or a deletion must clean up. */
export interface PhotoRecord {
  productId: string;
  contentType: string;
  etag: string;
  cardEtag: string;
  /** NULL for a photo stored before the large variant existed, until its first request makes it. */
  largeEtag: string | null;
  storedIn: PhotoLocation;
}

/** The objects a photo row in the object store owns. */
export function objectKeysOf(record: PhotoRecord): string[] {
  if (record.storedIn !== 's3') return [];
  const keys = [photoObjectKey(record.productId, 'original', record.etag), photoObjectKey(record.productId, 'card', record.cardEtag)];
  if (record.largeEtag) keys.push(photoObjectKey(record.productId, 'large', record.largeEtag));
  return keys;
}

/** Each variant's columns: its ETag and (with PHOTO_STORE=postgres) its bytes. */
const COLUMNS: Record<PhotoVariant, { etag: string; data: string }> = {
  original: { etag: 'etag', data: 'data' },
  card: { etag: 'card_etag', data: 'card_data' },
  large: { etag: 'large_etag', data: 'large_data' },
};
const readSql = (variant: PhotoVariant, withBytes: boolean): string =>
  `SELECT ph.${COLUMNS[variant].etag} AS etag, ph.content_type, ph.stored_in,
     ${withBytes ? `ph.${COLUMNS[variant].data}` : 'NULL'} AS bytes, ${isoTimestampSql('p.updated_at')} AS version
   FROM product_photos ph JOIN products p ON p.id = ph.product_id WHERE ph.product_id = $1`;
const READ_SQL = Object.fromEntries(PHOTO_VARIANTS.map((variant) => [variant, readSql(variant, true)])) as Record<PhotoVariant, string>;
const TAG_SQL = Object.fromEntries(PHOTO_VARIANTS.map((variant) => [variant, readSql(variant, false)])) as Record<PhotoVariant, string>;
const RECORD_COLUMNS = `product_id AS "productId", content_type AS "contentType", etag, card_etag AS "cardEtag",
  large_etag AS "largeEtag", stored_in AS "storedIn"`;

/**
 * The object keys of every photo whose bytes are in the object store, read on `client`: a backup reads them inside
 * the snapshot it dumps, so its list of objects matches the rows it saved.
 */
export async function objectKeysOfStoredPhotos(client: pg.ClientBase): Promise<string[]> {
  // A database the migrations have not built yet has no photos to list.
  const { rows: table } = await client.query<{ found: boolean }>(`SELECT to_regclass('product_photos') IS NOT NULL AS found`);
  if (!table[0].found) return [];
  const { rows } = await client.query<PhotoRecord>(
    `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE stored_in = 's3' ORDER BY product_id`,
  );
  return rows.flatMap(objectKeysOf);
}

interface PhotoRow {
  /** NULL only for a large variant not made yet. */
  etag: string | null;
  content_type: string;
  stored_in: PhotoLocation;
  bytes: Buffer | null;
  version: string;
}

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
    private readonly db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PhotoObjectStore) private readonly objects: PhotoObjectStore | null,
  ) {
    this.writeTo = config.photoStore.kind;
  }

  /**
   * A variant of a product's photo, or undefined when the product has none (or does not exist), or
   * {@link LARGE_NOT_MADE} for the large variant of a photo stored before uploads made one.
   */
  async find(productId: string, variant: PhotoVariant): Promise<StoredPhoto | typeof LARGE_NOT_MADE | undefined> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRow>(READ_SQL[variant], [productId]);
    const row = rows[0];
    if (!row) return undefined;
    if (row.etag === null) return LARGE_NOT_MADE;
    const bytes = row.stored_in === 'postgres' ? row.bytes : await this.store().get(photoObjectKey(productId, variant, row.etag));
    // The row names an object that is not there (removed by hand, a bucket restored from an older backup): no photo.
    if (!bytes) return undefined;
    return { etag: row.etag, contentType: row.content_type, bytes, version: row.version };
  }

  /**
   * A variant's ETag, type and version without its bytes: enough to answer a conditional request (a 304).
   * The ETag is null for a large variant not made yet.
   */
  async findTag(
    productId: string,
    variant: PhotoVariant,
  ): Promise<(Omit<StoredPhoto, 'bytes' | 'etag'> & { etag: string | null }) | undefined> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRow>(TAG_SQL[variant], [productId]);
    const row = rows[0];
    return row && { etag: row.etag, contentType: row.content_type, version: row.version };
  }

  /**
   * Saves the large variant made from the original whose ETag is `originalEtag`, where that row keeps its bytes.
   * Only while the row still has that original and no large variant: a replaced photo (which came with its own)
   * or a concurrent first request (on another replica) wins, and then this answers false and keeps nothing.
   */
  async saveLarge(productId: string, originalEtag: string, bytes: Buffer, etag: string): Promise<boolean> {
    const pool = pgPool(this.dataSource);
    const where = `product_id = $1 AND etag = $2 AND large_etag IS NULL`;
    const { rows } = await pool.query<{ stored_in: PhotoLocation }>(`SELECT stored_in FROM product_photos WHERE ${where}`, [
      productId,
      originalEtag,
    ]);
    const storedIn = rows[0]?.stored_in;
    if (!storedIn) return false;
    const key = photoObjectKey(productId, 'large', etag);
    if (storedIn === 's3') await this.store().put(key, bytes, VARIANT_CONTENT_TYPE);
    const saved = await pool.query(`UPDATE product_photos SET large_data = $3, large_etag = $4 WHERE ${where} AND stored_in = $5`, [
      productId,
      originalEtag,
      storedIn === 'postgres' ? bytes : null,
      etag,
      storedIn,
    ]);
    if ((saved.rowCount ?? 0) > 0) return true;
    if (storedIn === 's3') {
      const [now] = (await pool.query<PhotoRecord>(`SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1`, [productId])).rows;
      if (now?.storedIn !== 's3' || now.largeEtag !== etag) await this.store().delete([key]);
    }
    return false;
  }

  /**
   * Stores (or replaces) a product's photo inside the transaction in context, in the configured store; returns the
   * replaced photo's record and the new one: once the transaction has committed, the caller removes the objects
   * only the replaced one named ({@link discard}).
   * With the object store, the objects are written first: a failed transaction leaves unreferenced objects at
   * worst, never a row naming missing ones.
   */
  async save(productId: string, photo: PreparedPhoto): Promise<{ previous: PhotoRecord | undefined; current: PhotoRecord }> {
    const [previous] = await this.db.transactionRows<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1 FOR UPDATE`,
      [productId],
    );
    const inObjects = this.writeTo === 's3';
    if (inObjects) await this.putObjects(productId, photo);
    await this.db.transactionRows(
      `INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag, large_data, large_etag, stored_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (product_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data,
         etag = EXCLUDED.etag, card_data = EXCLUDED.card_data, card_etag = EXCLUDED.card_etag,
         large_data = EXCLUDED.large_data, large_etag = EXCLUDED.large_etag,
         stored_in = EXCLUDED.stored_in, updated_at = now()`,
      [
        productId,
        photo.contentType,
        inObjects ? null : photo.data,
        photo.etag,
        inObjects ? null : photo.cardData,
        photo.cardEtag,
        inObjects ? null : photo.largeData,
        photo.largeEtag,
        this.writeTo,
      ],
    );
    const current: PhotoRecord = {
      productId,
      contentType: photo.contentType,
      etag: photo.etag,
      cardEtag: photo.cardEtag,
      largeEtag: photo.largeEtag,
      storedIn: this.writeTo,
    };
    return { previous, current };
  }

  /** The photo record of a product (to clean up after deleting the product), inside the transaction in context. */
  async record(productId: string): Promise<PhotoRecord | undefined> {
    const [row] = await this.db.transactionRows<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1 FOR UPDATE`,
      [productId],
    );
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
   * Moves one photo's bytes (every variant it has) to `to`. The row changes only if it is still the photo that was
   * read (same ETags, same place), so an admin replacing it, or a first request making its large variant, meanwhile
   * wins; returns whether it moved. Objects are written before the row names them, and removed only after the row
   * no longer does.
   */
  async move(record: PhotoRecord, to: PhotoLocation): Promise<boolean> {
    if (record.storedIn === to) return false;
    const pool = pgPool(this.dataSource);
    const same = `product_id = $1 AND etag = $2 AND card_etag = $3 AND large_etag IS NOT DISTINCT FROM $4`;
    const ids = [record.productId, record.etag, record.cardEtag, record.largeEtag];
    if (to === 's3') {
      const { rows } = await pool.query<{ data: Buffer; card_data: Buffer; large_data: Buffer | null }>(
        `SELECT data, card_data, large_data FROM product_photos WHERE ${same} AND stored_in = 'postgres'`,
        ids,
      );
      if (!rows[0]) return false;
      await this.putObjects(record.productId, {
        contentType: record.contentType,
        data: rows[0].data,
        cardData: rows[0].card_data,
        largeData: rows[0].large_data,
        etag: record.etag,
        cardEtag: record.cardEtag,
        largeEtag: record.largeEtag,
      });
      const moved = await pool.query(
        `UPDATE product_photos SET data = NULL, card_data = NULL, large_data = NULL, stored_in = 's3'
         WHERE ${same} AND stored_in = 'postgres'`,
        ids,
      );
      if ((moved.rowCount ?? 0) > 0) return true;
      // Replaced or deleted meanwhile: the objects just written belong to no row (unless the new row has the same bytes).
      const [now] = (
        await pool.query<PhotoRecord>(`SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1`, [record.productId])
      ).rows;
      await this.discard([{ ...record, storedIn: 's3' }], now);
      return false;
    }
    const [data, cardData, largeData] = await Promise.all([
      this.store().get(photoObjectKey(record.productId, 'original', record.etag)),
      this.store().get(photoObjectKey(record.productId, 'card', record.cardEtag)),
      record.largeEtag ? this.store().get(photoObjectKey(record.productId, 'large', record.largeEtag)) : undefined,
    ]);
    if (!data || !cardData) throw new Error(`The objects of product ${record.productId}'s photo are missing from the bucket`);
    // A large variant missing from the bucket is made again from the original on its next request.
    const moved = await pool.query(
      `UPDATE product_photos SET data = $5, card_data = $6, large_data = $7, large_etag = $8, stored_in = 'postgres'
       WHERE ${same} AND stored_in = 's3'`,
      [...ids, data, cardData, largeData ?? null, largeData ? record.largeEtag : null],
    );
    if ((moved.rowCount ?? 0) === 0) return false;
    await this.discard([record]);
    return true;
  }

  private async putObjects(
    productId: string,
    photo: Pick<PreparedPhoto, 'data' | 'cardData' | 'etag' | 'cardEtag'> & {
      contentType: string;
      largeData: Buffer | null;
      largeEtag: string | null;
    },
  ): Promise<void> {
    const store = this.store();
    await store.put(photoObjectKey(productId, 'original', photo.etag), photo.data, photo.contentType);
    await store.put(photoObjectKey(productId, 'card', photo.cardEtag), photo.cardData, VARIANT_CONTENT_TYPE);
    if (photo.largeData && photo.largeEtag)
      await store.put(photoObjectKey(productId, 'large', photo.largeEtag), photo.largeData, VARIANT_CONTENT_TYPE);
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
