import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrdersAndPayments1763700002000 implements MigrationInterface {
  name = 'OrdersAndPayments1763700002000';

  async up(q: QueryRunner): Promise<void> {
    // 'Pending' (stock reserved, card being charged) and 'Failed' (declined or abandoned, stock released) are
    // checkout attempts, never shown as orders; a paid order always carries its transaction id.
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        user_name varchar(32) NOT NULL,
        status varchar(16) NOT NULL
          CHECK (status IN ('Pending', 'Failed', 'Received', 'Processing', 'Shipped', 'Delivered', 'Cancelled')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        transaction_id varchar(64),
        failure varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_paid_have_transaction CHECK (status IN ('Pending', 'Failed') OR transaction_id IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX orders_paid_created_at_idx ON orders (created_at DESC, id) WHERE status NOT IN ('Pending', 'Failed')`);
    await q.query(`CREATE INDEX orders_pending_created_at_idx ON orders (created_at) WHERE status = 'Pending'`);

    // No foreign key to products: an order keeps what was bought (name, price, count) after the product is deleted.
    await q.query(`
      CREATE TABLE order_lines (
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        name varchar(32) NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        count integer NOT NULL CHECK (count > 0),
        PRIMARY KEY (order_id, product_id)
      )`);

    // One row per (user, Idempotency-Key): inserted before anything else happens, so a concurrent retry finds it;
    // status_code and response are filled in with the first answer, which every retry then gets (json, not jsonb,
    // so that a retry's body is the first body byte for byte, keys in the same order).
    await q.query(`
      CREATE TABLE payment_idempotency_keys (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
        status_code smallint,
        response json,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (user_id, key),
        CONSTRAINT payment_idempotency_keys_answer CHECK ((status_code IS NULL) = (response IS NULL))
      )`);
    await q.query(`CREATE INDEX payment_idempotency_keys_order_id_idx ON payment_idempotency_keys (order_id)`);
    await q.query(`CREATE INDEX payment_idempotency_keys_created_at_idx ON payment_idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_idempotency_keys`);
    await q.query(`DROP TABLE order_lines`);
    await q.query(`DROP TABLE orders`);
  }
}
