import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gallery photo may be tied to one option value of its product (a colour): the product page shows the chosen
 * colour's photos, and the product's untied photos when the colour has none. Removing the value unties its photos
 * (ON DELETE SET NULL) rather than removing them. That the value is one of the photo's own product is checked by
 * the API when it ties them (a value has no product column for a foreign key to compare).
 */
export class PhotoOptionValues1764000210000 implements MigrationInterface {
  name = 'PhotoOptionValues1764000210000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_photos
        ADD COLUMN option_value_id integer REFERENCES product_option_values (id) ON DELETE SET NULL`);
    // The foreign key's own check when a value is removed.
    await q.query(`CREATE INDEX product_photos_option_value_idx ON product_photos (option_value_id) WHERE option_value_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_photos DROP COLUMN option_value_id`);
  }
}
