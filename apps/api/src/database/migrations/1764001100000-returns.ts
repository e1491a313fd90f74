import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns and exchanges (docs/returns.md). `orders.paid_at` is when the payment went through (the return window
 * counts from it; paid orders before this migration take their creation time, seconds earlier). A return is one
 * request of a buyer about some lines of one order; an exchange line names the variant wanted instead, which is
 * reserved (taken out of stock) when the request is made and held until `hold_until`. `order_lines` count what
 * returns refunded, so a line refund or a cancel never gives the same money back twice.
 */
export class Returns1764001100000 implements MigrationInterface {
  name = 'Returns1764001100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN paid_at timestamptz`);
    await q.query(`UPDATE orders SET paid_at = created_at WHERE status NOT IN ('Pending', 'Failed')`);
    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN return_refund_cents integer NOT NULL DEFAULT 0 CHECK (return_refund_cents >= 0),
        ADD COLUMN return_refunded_count integer NOT NULL DEFAULT 0 CHECK (return_refunded_count >= 0)`);
    await q.query(`
      CREATE TABLE returns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('return', 'exchange')),
        reason varchar(16) NOT NULL CHECK (reason IN ('too-small', 'too-big', 'not-as-pictured', 'damaged', 'other')),
        note varchar(500) NOT NULL DEFAULT '',
        status varchar(10) NOT NULL DEFAULT 'requested'
          CHECK (status IN ('requested', 'approved', 'rejected', 'received', 'refunded', 'shipped', 'expired')),
        hold_until timestamptz,
        restocked boolean,
        refund_id varchar(64),
        refund_cents integer,
        refunded_at timestamptz,
        carrier varchar(64),
        tracking varchar(64),
        shipped_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT returns_hold_of_exchange CHECK ((kind = 'exchange') = (hold_until IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX returns_order_idx ON returns (order_id)`);
    await q.query(`CREATE INDEX returns_created_idx ON returns (created_at DESC, id DESC)`);
    // The sweeper's scan: exchanges still holding their variant.
    await q.query(`CREATE INDEX returns_hold_idx ON returns (hold_until) WHERE kind = 'exchange' AND status IN ('requested', 'approved')`);
    await q.query(`
      CREATE TABLE return_lines (
        return_id uuid NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
        variant_id integer NOT NULL,
        product_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        size_from varchar(4) NOT NULL DEFAULT '',
        exchange_variant_id integer,
        exchange_label varchar(120) NOT NULL DEFAULT '',
        size_to varchar(4) NOT NULL DEFAULT '',
        refund_cents integer,
        PRIMARY KEY (return_id, variant_id)
      )`);
    await q.query(`CREATE INDEX return_lines_product_idx ON return_lines (product_id)`);
    await q.query(
      `CREATE INDEX return_lines_exchange_variant_idx ON return_lines (exchange_variant_id) WHERE exchange_variant_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE return_lines`);
    await q.query(`DROP TABLE returns`);
    await q.query(`ALTER TABLE order_lines DROP COLUMN return_refunded_count, DROP COLUMN return_refund_cents`);
    await q.query(`ALTER TABLE orders DROP COLUMN paid_at`);
  }
}
