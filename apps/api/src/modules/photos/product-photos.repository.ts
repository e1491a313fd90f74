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

/**
 * Which photo: a product's first (the photo route without a photo id, the grid's card) or one photo of its gallery.
 * The photo id is checked against the product too, so a URL never shows another product's photo.
 */
export interface PhotoRef {
  productId: string;
  photoId?: string;
}

/** One variant of a stored photo, with the version (the product's updatedAt, as the wire shows it) it belongs to. */
export interface StoredPhoto {
  /** The gallery photo's id (the row these bytes are in). */
  photoId: string;
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
  photoId: string;
  productId: string;
  contentType: string;
  etag: string;
  cardEtag: string;
  /** NULL for a photo stored before the large variant existed, until its first request makes it. */
  largeEtag: string | null;
  storedIn: PhotoLocation;
}

/** A record without the columns a query read beside it. */
function recordOf({ photoId, productId, contentType, etag, cardEtag, largeEtag, storedIn }: PhotoRecord): PhotoRecord {
  return { photoId, productId, contentType, etag, cardEtag, largeEtag, storedIn };
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
/**
 * A variant of one photo row: the product's first (lowest position, on the (product_id, position) key's index) or
 * the gallery photo `$2` of product `$1`.
 */
const readSql = (variant: PhotoVariant, withBytes: boolean, byId: boolean): string =>
  `SELECT ph.id, ph.${COLUMNS[variant].etag} AS etag, ph.content_type, ph.stored_in,
     ${withBytes ? `ph.${COLUMNS[variant].data}` : 'NULL'} AS bytes, ${isoTimestampSql('p.updated_at')} AS version
   FROM product_photos ph JOIN products p ON p.id = ph.product_id
   WHERE ph.product_id = $1${byId ? ' AND ph.id = $2' : ''} ORDER BY ph.position LIMIT 1`;
const statements = (withBytes: boolean, byId: boolean) =>
  Object.fromEntries(PHOTO_VARIANTS.map((variant) => [variant, readSql(variant, withBytes, byId)])) as Record<PhotoVariant, string>;
const READ_SQL = { first: statements(true, false), byId: statements(true, true) };
const TAG_SQL = { first: statements(false, false), byId: statements(false, true) };
const RECORD_COLUMNS = `id AS "photoId", product_id AS "productId", content_type AS "contentType", etag, card_etag AS "cardEtag",
  large_etag AS "largeEtag", stored_in AS "storedIn"`;

/** The statement and parameters that read `ref`'s row. */
function readQuery(sql: typeof READ_SQL, ref: PhotoRef, variant: PhotoVariant): [string, unknown[]] {
  return ref.photoId ? [sql.byId[variant], [ref.productId, ref.photoId]] : [sql.first[variant], [ref.productId]];
}

/** A gallery photo as stored: its id, place (1 first) and alt text (NULL: the product's name makes it). */
export interface GalleryRow {
  id: string;
  position: number;
  alt: string | null;
  /** The option value (a colour) the photo shows; null for the product as a whole. */
  optionValue: number | null;
}
const GALLERY_COLUMNS = `id, position, alt_text AS alt, option_value_id AS "optionValue"`;

/** What a photo row takes from a prepared upload, in its store. */
type PhotoBytes = Pick<PreparedPhoto, 'contentType' | 'data' | 'etag' | 'cardData' | 'cardEtag' | 'largeData' | 'largeEtag'>;

/**
 * The object keys of every photo whose bytes are in the object store, read on `client`: a backup reads them inside
 * the snapshot it dumps, so its list of objects matches the rows it saved.
 */
export async function objectKeysOfStoredPhotos(client: pg.ClientBase): Promise<string[]> {
  // A database the migrations have not built yet has no photos to list.
  const { rows: table } = await client.query<{ found: boolean }>(`SELECT to_regclass('product_photos') IS NOT NULL AS found`);
  if (!table[0].found) return [];
  const { rows } = await client.query<PhotoRecord>(
    `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE stored_in = 's3' ORDER BY product_id, position`,
  );
  return rows.flatMap(objectKeysOf);
}

interface PhotoRow {
  id: string;
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
  async find(ref: PhotoRef, variant: PhotoVariant): Promise<StoredPhoto | typeof LARGE_NOT_MADE | undefined> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRow>(...readQuery(READ_SQL, ref, variant));
    const row = rows[0];
    if (!row) return undefined;
    if (row.etag === null) return LARGE_NOT_MADE;
    const bytes = row.stored_in === 'postgres' ? row.bytes : await this.store().get(photoObjectKey(ref.productId, variant, row.etag));
    // The row names an object that is not there (removed by hand, a bucket restored from an older backup): no photo.
    if (!bytes) return undefined;
    return { photoId: row.id, etag: row.etag, contentType: row.content_type, bytes, version: row.version };
  }

  /**
   * A variant's ETag, type and version without its bytes: enough to answer a conditional request (a 304).
   * The ETag is null for a large variant not made yet.
   */
  async findTag(
    ref: PhotoRef,
    variant: PhotoVariant,
  ): Promise<(Omit<StoredPhoto, 'bytes' | 'etag'> & { etag: string | null }) | undefined> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRow>(...readQuery(TAG_SQL, ref, variant));
    const row = rows[0];
    return row && { photoId: row.id, etag: row.etag, contentType: row.content_type, version: row.version };
  }

  /**
   * Saves the large variant made from the original whose ETag is `originalEtag`, where that row keeps its bytes.
   * Only while the row still has that original and no large variant: a replaced photo (which came with its own)
   * or a concurrent first request (on another replica) wins, and then this answers false and keeps nothing.
   */
  async saveLarge(productId: string, photoId: string, originalEtag: string, bytes: Buffer, etag: string): Promise<boolean> {
    const pool = pgPool(this.dataSource);
    const where = `id = $1 AND etag = $2 AND large_etag IS NULL`;
    const { rows } = await pool.query<{ stored_in: PhotoLocation }>(`SELECT stored_in FROM product_photos WHERE ${where}`, [
      photoId,
      originalEtag,
    ]);
    const storedIn = rows[0]?.stored_in;
    if (!storedIn) return false;
    const key = photoObjectKey(productId, 'large', etag);
    if (storedIn === 's3') await this.store().put(key, bytes, VARIANT_CONTENT_TYPE);
    const saved = await pool.query(`UPDATE product_photos SET large_data = $3, large_etag = $4 WHERE ${where} AND stored_in = $5`, [
      photoId,
      originalEtag,
      storedIn === 'postgres' ? bytes : null,
      etag,
      storedIn,
    ]);
    if ((saved.rowCount ?? 0) > 0) return true;
    if (storedIn === 's3' && !(await this.objectKeysInUse([productId])).has(key)) await this.store().delete([key]);
    return false;
  }

  /**
   * Replaces the product's first photo (the form's `photo` field), or makes it photo 1 when the product has none,
   * inside the transaction in context, in the configured store. The replacement is a new photo (a new id, so its
   * URLs never showed other bytes) in the same place with the same alt text and option value. Returns the replaced photo's record
   * and the new one: once the transaction has committed, the caller removes the objects only the replaced one
   * named ({@link discard}). With the object store, the objects are written first: a failed transaction leaves
   * unreferenced objects at worst, never a row naming missing ones.
   */
  async save(productId: string, photo: PreparedPhoto): Promise<{ previous: PhotoRecord | undefined; current: PhotoRecord }> {
    const [previous] = await this.db.transactionRows<PhotoRecord & { alt: string | null; position: number; optionValue: number | null }>(
      `SELECT ${RECORD_COLUMNS}, alt_text AS alt, position, option_value_id AS "optionValue" FROM product_photos
       WHERE product_id = $1 ORDER BY position LIMIT 1 FOR UPDATE`,
      [productId],
    );
    if (previous) await this.db.transactionRows(`DELETE FROM product_photos WHERE id = $1`, [previous.photoId]);
    const position = previous ? previous.position : await this.nextPosition(productId);
    const current = await this.insert(productId, photo, position, previous?.alt ?? null, previous?.optionValue ?? null);
    return { previous: previous && recordOf(previous), current };
  }

  /**
   * Adds a photo at the end of the product's gallery, inside the transaction in context (the caller holds the
   * product's row lock and has checked the gallery has room).
   */
  async add(productId: string, photo: PreparedPhoto, alt: string, optionValue: number | null): Promise<PhotoRecord> {
    return this.insert(productId, photo, await this.nextPosition(productId), alt, optionValue);
  }

  /**
   * The ids of a product's option values. Read here, beside the photos that name them, so a tie is checked in the
   * same transaction as it is written (the options' own writes are the catalogue's).
   */
  async optionValuesOf(productId: string): Promise<number[]> {
    const rows = await this.db.rows<{ id: number }>(
      `SELECT v.id FROM product_option_values v JOIN product_options o ON o.id = v.option_id WHERE o.product_id = $1`,
      [productId],
    );
    return rows.map((row) => row.id);
  }

  /** The product's gallery, first photo first; in the transaction in context when there is one. */
  gallery(productId: string): Promise<GalleryRow[]> {
    return this.db.rows<GalleryRow>(`SELECT ${GALLERY_COLUMNS} FROM product_photos WHERE product_id = $1 ORDER BY position`, [productId]);
  }

  /**
   * Puts the gallery in the order given and sets each photo's alt text, inside the transaction in context; `photos`
   * names every photo of the product once (the caller checked it against {@link gallery} under the product's lock).
   */
  async arrange(productId: string, photos: Array<{ id: string; alt: string | null; optionValue: number | null }>): Promise<void> {
    // Positions swap between rows: the (product_id, position) key is checked at the commit.
    await this.db.transactionRows(`SET CONSTRAINTS product_photos_position_key DEFERRED`);
    await this.db.transactionRows(
      `UPDATE product_photos ph SET position = a.position, alt_text = a.alt, option_value_id = a.option_value
       FROM unnest($2::uuid[], $3::text[], $4::integer[]) WITH ORDINALITY AS a(id, alt, option_value, position)
       WHERE ph.product_id = $1 AND ph.id = a.id`,
      [productId, photos.map((photo) => photo.id), photos.map((photo) => photo.alt), photos.map((photo) => photo.optionValue)],
    );
  }

  /**
   * Removes one photo of the product and closes the gap in the order, inside the transaction in context; its
   * record (for {@link discard} after the commit), or undefined when the product has no such photo.
   */
  async remove(productId: string, photoId: string): Promise<PhotoRecord | undefined> {
    const [removed] = await this.db.transactionRows<PhotoRecord>(
      `DELETE FROM product_photos WHERE product_id = $1 AND id = $2 RETURNING ${RECORD_COLUMNS}`,
      [productId, photoId],
    );
    if (!removed) return undefined;
    await this.db.transactionRows(`SET CONSTRAINTS product_photos_position_key DEFERRED`);
    await this.db.transactionRows(
      `UPDATE product_photos ph SET position = n.position
       FROM (SELECT id, row_number() OVER (ORDER BY position) AS position FROM product_photos WHERE product_id = $1) n
       WHERE ph.id = n.id AND ph.position <> n.position`,
      [productId],
    );
    return removed;
  }

  /** The photo records of a product (to clean up after deleting the product), locked in the transaction in context. */
  records(productId: string): Promise<PhotoRecord[]> {
    return this.db.transactionRows<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = $1 ORDER BY position FOR UPDATE`,
      [productId],
    );
  }

  /**
   * Removes the objects of photo records no longer referenced (after the commit that replaced or deleted them),
   * keeping any a photo row still names (two photos of one product with the same bytes share their objects).
   * Failures are logged by the store and leave unreferenced objects, never a broken photo: the caller does not
   * wait on the result.
   */
  async discard(records: Array<PhotoRecord | undefined>): Promise<void> {
    const stored = records.filter((record): record is PhotoRecord => record?.storedIn === 's3');
    if (stored.length === 0) return;
    const inUse = await this.objectKeysInUse([...new Set(stored.map((record) => record.productId))]);
    const keys = [...new Set(stored.flatMap(objectKeysOf))].filter((key) => !inUse.has(key));
    if (keys.length > 0) await this.store().delete(keys);
  }

  /** The photo records stored in `from`, a batch at a time in photo id order after `after` (for the migration). */
  async recordsStoredIn(from: PhotoLocation, after: string | undefined, limit: number): Promise<PhotoRecord[]> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE stored_in = $1 AND ($2::uuid IS NULL OR id > $2::uuid)
       ORDER BY id LIMIT $3`,
      [from, after ?? null, limit],
    );
    return rows;
  }

  /**
   * Moves one photo's bytes (every variant it has) to `to`. The row changes only if it is still the photo that was
   * read (same ETags, same place), so an admin replacing it, or a first request making its large variant, meanwhile
   * wins; returns whether it moved. Objects are written before the row names them, and removed only after no row
   * does.
   */
  async move(record: PhotoRecord, to: PhotoLocation): Promise<boolean> {
    if (record.storedIn === to) return false;
    const pool = pgPool(this.dataSource);
    const same = `id = $1 AND etag = $2 AND card_etag = $3 AND large_etag IS NOT DISTINCT FROM $4`;
    const ids = [record.photoId, record.etag, record.cardEtag, record.largeEtag];
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
      // Replaced or deleted meanwhile: the objects just written belong to no row (unless another row has the same bytes).
      await this.discard([{ ...record, storedIn: 's3' }]);
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

  /** The next free place at the end of the product's gallery. */
  private async nextPosition(productId: string): Promise<number> {
    const [row] = await this.db.transactionRows<{ next: number }>(
      `SELECT coalesce(max(position), 0) + 1 AS next FROM product_photos WHERE product_id = $1`,
      [productId],
    );
    return row.next;
  }

  /** Inserts a photo row (its objects first, in the object store's case) and answers its record. */
  private async insert(
    productId: string,
    photo: PhotoBytes,
    position: number,
    alt: string | null,
    optionValue: number | null,
  ): Promise<PhotoRecord> {
    const inObjects = this.writeTo === 's3';
    if (inObjects) await this.putObjects(productId, photo);
    const [row] = await this.db.transactionRows<{ id: string }>(
      `INSERT INTO product_photos (product_id, position, alt_text, option_value_id, content_type, data, etag, card_data, card_etag,
         large_data, large_etag, stored_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        productId,
        position,
        alt,
        optionValue,
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
    return {
      photoId: row.id,
      productId,
      contentType: photo.contentType,
      etag: photo.etag,
      cardEtag: photo.cardEtag,
      largeEtag: photo.largeEtag,
      storedIn: this.writeTo,
    };
  }

  /** The object keys the photo rows of these products name now (which a discard must keep). */
  private async objectKeysInUse(productIds: string[]): Promise<Set<string>> {
    const { rows } = await pgPool(this.dataSource).query<PhotoRecord>(
      `SELECT ${RECORD_COLUMNS} FROM product_photos WHERE product_id = ANY($1::uuid[]) AND stored_in = 's3'`,
      [productIds],
    );
    return new Set(rows.flatMap(objectKeysOf));
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
