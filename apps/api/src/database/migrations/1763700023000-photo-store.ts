import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photos in an object store (PHOTO_STORE=s3): a row then keeps the metadata and ETags and no bytes. Each row
 * says where its bytes are, so a store being migrated (npm run photos:migrate) serves both kinds.
 */
export class PhotoStore1763700023000 implements MigrationInterface {
  name = 'PhotoStore1763700023000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_photos
        ADD COLUMN stored_in varchar(16) NOT NULL DEFAULT 'postgres' CHECK (stored_in IN ('postgres', 's3')),
        ALTER COLUMN data DROP NOT NULL,
        ALTER COLUMN card_data DROP NOT NULL,
        ADD CONSTRAINT product_photos_bytes_where_stored
          CHECK ((stored_in = 'postgres') = (data IS NOT NULL AND card_data IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Refused while any photo's bytes are only in the object store: run `npm run photos:migrate -- --to postgres` first.
    await q.query(`
      ALTER TABLE product_photos
        DROP CONSTRAINT product_photos_bytes_where_stored,
        ALTER COLUMN data SET NOT NULL,
        ALTER COLUMN card_data SET NOT NULL,
        DROP COLUMN stored_in`);
  }
}
