import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `large` photo variant (a WebP of at most 1,200 px for the product page), beside the original and the card.
 * Uploads make it at once; a photo stored before this migration has none (a migration cannot run sharp), so its
 * row keeps `large_etag` NULL until the first request for it makes it from the stored original and saves it.
 * Where the bytes are follows `stored_in`, as for the other variants.
 */
export class LargePhotos1763700035000 implements MigrationInterface {
  name = 'LargePhotos1763700035000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_photos
        ADD COLUMN large_data bytea,
        ADD COLUMN large_etag varchar(80),
        ADD CONSTRAINT product_photos_large_where_stored
          CHECK (large_data IS NULL OR (large_etag IS NOT NULL AND stored_in = 'postgres')),
        ADD CONSTRAINT product_photos_large_bytes
          CHECK (large_etag IS NULL OR stored_in <> 'postgres' OR large_data IS NOT NULL)`);
    // Compressed already, as the other image columns (see the products migration).
    await q.query(`ALTER TABLE product_photos ALTER COLUMN large_data SET STORAGE EXTERNAL`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Objects of large variants in a bucket are left there (named by their SHA-256, they harm nothing).
    await q.query(`
      ALTER TABLE product_photos
        DROP CONSTRAINT product_photos_large_bytes,
        DROP CONSTRAINT product_photos_large_where_stored,
        DROP COLUMN large_etag,
        DROP COLUMN large_data`);
  }
}
