import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shipping address: kept on the order as it was given (jsonb, like a line's name and price: the
 * address of that order, not a live link to an address book), absent for orders paid without one.
 *
 * `GET /user/{userId}/address/last` reads the buyer's newest paid order that has an address. The partial index
 * holds exactly those orders, in that order, so the answer is its first entry for the buyer, however many orders
 * without an address (or unpaid attempts) the buyer has.
 */
export class ShippingAddress1763700040000 implements MigrationInterface {
  name = 'ShippingAddress1763700040000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN shipping_address jsonb`);
    await q.query(
      `CREATE INDEX orders_paid_address_user_idx ON orders (user_id, created_at DESC, id DESC)
       WHERE shipping_address IS NOT NULL AND status NOT IN ('Pending', 'Failed')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_paid_address_user_idx`);
    await q.query(`ALTER TABLE orders DROP COLUMN shipping_address`);
  }
}
