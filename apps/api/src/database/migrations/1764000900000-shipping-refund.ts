import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipping refunded on its own (docs/payments.md): the order records the provider's refund, its cents and when, all
 * three together. The daily rollup's revenue counts an order less its refunded lines AND its refunded shipping, so
 * the trigger function reads the new column and fires when it changes.
 */
export class ShippingRefund1764000900000 implements MigrationInterface {
  name = 'ShippingRefund1764000900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders ADD COLUMN shipping_refund_id varchar(64), ADD COLUMN shipping_refund_cents integer,
        ADD COLUMN shipping_refunded_at timestamptz,
        ADD CONSTRAINT orders_shipping_refund_whole CHECK (
          (shipping_refund_id IS NULL) = (shipping_refund_cents IS NULL) AND (shipping_refund_id IS NULL) = (shipping_refunded_at IS NULL))`);
    await q.query(trackFunction(`coalesce(OLD.shipping_refund_cents, 0)`, `coalesce(NEW.shipping_refund_cents, 0)`));
    await q.query(`DROP TRIGGER orders_daily_totals ON orders`);
    await q.query(`
      CREATE TRIGGER orders_daily_totals AFTER INSERT OR DELETE OR UPDATE OF status, amount_cents, created_at, shipping_refund_cents ON orders
      FOR EACH ROW EXECUTE FUNCTION order_daily_track()`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The revenue of a refunded shipping goes back into its day before the column that lowered it is gone.
    await q.query(`
      SELECT order_daily_apply((created_at AT TIME ZONE 'UTC')::date, 0, 0, shipping_refund_cents)
      FROM orders WHERE shipping_refund_cents IS NOT NULL AND status NOT IN ('Pending', 'Failed', 'Cancelled')`);
    await q.query(`DROP TRIGGER orders_daily_totals ON orders`);
    await q.query(`
      CREATE TRIGGER orders_daily_totals AFTER INSERT OR DELETE OR UPDATE OF status, amount_cents, created_at ON orders
      FOR EACH ROW EXECUTE FUNCTION order_daily_track()`);
    await q.query(trackFunction('0', '0'));
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_shipping_refund_whole`);
    await q.query(`ALTER TABLE orders DROP COLUMN shipping_refund_id, DROP COLUMN shipping_refund_cents, DROP COLUMN shipping_refunded_at`);
  }
}

/**
 * The sharded trigger function of migration 1764000600000, its revenue less the order's refunded lines and the
 * shipping refunded on its own (`oldShipping`, `newShipping`: SQL for the OLD and NEW rows' refunded shipping).
 */
function trackFunction(oldShipping: string, newShipping: string): string {
  return `
      CREATE OR REPLACE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) + ${oldShipping} INTO refunded FROM order_lines WHERE order_id = OLD.id;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN OLD.status = 'Cancelled' THEN -1 ELSE 0 END,
            CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE -(OLD.amount_cents - refunded) END);
          PERFORM order_status_apply(OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) + ${newShipping} INTO refunded FROM order_lines WHERE order_id = NEW.id;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN NEW.status = 'Cancelled' THEN 1 ELSE 0 END,
            CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE NEW.amount_cents - refunded END);
          PERFORM order_status_apply(NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`;
}
