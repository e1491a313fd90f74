import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders at volume: order numbers, the buyer's e-mail kept with the order (searchable), the indexes
 * the admin list's filters and search walk, and a daily rollup of paid orders that the sales overview reads
 * instead of the orders themselves, so its cost does not grow with the order count.
 */
export class OrdersVolume1763700021000 implements MigrationInterface {
  name = 'OrdersVolume1763700021000';

  async up(q: QueryRunner): Promise<void> {
    // What a buyer quotes and an admin types: 1, 2, 3... (existing orders numbered in creation order).
    await q.query(`ALTER TABLE orders ADD COLUMN number bigint`);
    await q.query(
      `UPDATE orders o SET number = n.rn FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM orders) n WHERE n.id = o.id`,
    );
    await q.query(`CREATE SEQUENCE orders_number_seq OWNED BY orders.number`);
    await q.query(`SELECT setval('orders_number_seq', (SELECT coalesce(max(number), 0) + 1 FROM orders), false)`);
    await q.query(`ALTER TABLE orders ALTER COLUMN number SET DEFAULT nextval('orders_number_seq'), ALTER COLUMN number SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX orders_number_key ON orders (number)`);

    // The buyer's e-mail as at purchase (like user_name), filled in by the database from users on insert.
    await q.query(`ALTER TABLE orders ADD COLUMN user_email varchar(254)`);
    await q.query(`UPDATE orders o SET user_email = u.email FROM users u WHERE u.id = o.user_id`);
    await q.query(`
      CREATE FUNCTION orders_fill_user_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_email IS NULL THEN
          NEW.user_email := (SELECT email FROM users WHERE id = NEW.user_id);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER orders_user_email BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_fill_user_email()`);

    // Newest first is created_at DESC, id DESC: the first migration's indexes have id ascending, which leaves
    // Postgres an (incremental) sort on every page; these replace them.
    await q.query(`DROP INDEX orders_paid_created_at_idx, orders_user_id_created_at_idx`);
    await q.query(`CREATE INDEX orders_paid_created_at_idx ON orders (created_at DESC, id DESC) WHERE status NOT IN ('Pending', 'Failed')`);
    await q.query(`CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC, id DESC)`);
    // The admin list, newest first, by status and by e-mail prefix (paid orders only, as listed).
    await q.query(
      `CREATE INDEX orders_paid_status_created_at_idx ON orders (status, created_at DESC, id DESC) WHERE status NOT IN ('Pending', 'Failed')`,
    );
    await q.query(
      `CREATE INDEX orders_paid_email_idx ON orders (lower(user_email) text_pattern_ops, created_at DESC, id DESC) WHERE status NOT IN ('Pending', 'Failed')`,
    );
    // Low stock on the overview.
    await q.query(`CREATE INDEX products_stock_idx ON products (stock, id)`);

    // Per UTC day: paid orders placed (cancelled ones included), how many were cancelled, and the revenue of the
    // rest less refunded lines, in cents. Kept by triggers in the writing transaction, so it is never stale.
    await q.query(`
      CREATE TABLE order_daily_totals (
        day date PRIMARY KEY,
        orders integer NOT NULL DEFAULT 0,
        cancelled integer NOT NULL DEFAULT 0,
        revenue_cents bigint NOT NULL DEFAULT 0
      )`);
    // Paid orders per status, so a status filter's total is read, not counted.
    await q.query(`CREATE TABLE order_status_totals (status varchar(16) PRIMARY KEY, orders integer NOT NULL DEFAULT 0)`);
    await q.query(`
      CREATE FUNCTION order_daily_apply(d date, orders_delta integer, cancelled_delta integer, revenue_delta bigint) RETURNS void
      LANGUAGE sql AS $$
        INSERT INTO order_daily_totals AS t (day, orders, cancelled, revenue_cents) VALUES (d, orders_delta, cancelled_delta, revenue_delta)
        ON CONFLICT (day) DO UPDATE SET orders = t.orders + EXCLUDED.orders, cancelled = t.cancelled + EXCLUDED.cancelled,
          revenue_cents = t.revenue_cents + EXCLUDED.revenue_cents
      $$`);
    // An order's share of its day: nothing while Pending or Failed; counted once paid; its revenue (less the
    // lines refunded on their own) only while not Cancelled.
    await q.query(`
      CREATE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) INTO refunded FROM order_lines WHERE order_id = OLD.id;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN OLD.status = 'Cancelled' THEN -1 ELSE 0 END,
            CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE -(OLD.amount_cents - refunded) END);
          UPDATE order_status_totals SET orders = orders - 1 WHERE status = OLD.status;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) INTO refunded FROM order_lines WHERE order_id = NEW.id;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN NEW.status = 'Cancelled' THEN 1 ELSE 0 END,
            CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE NEW.amount_cents - refunded END);
          INSERT INTO order_status_totals AS t (status, orders) VALUES (NEW.status, 1)
            ON CONFLICT (status) DO UPDATE SET orders = t.orders + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER orders_daily_totals AFTER INSERT OR DELETE OR UPDATE OF status, amount_cents, created_at ON orders
      FOR EACH ROW EXECUTE FUNCTION order_daily_track()`);
    // A line refunded on its own lowers its order's day's revenue (while the order is not Cancelled).
    await q.query(`
      CREATE FUNCTION order_line_refund_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        o orders%ROWTYPE;
      BEGIN
        SELECT * INTO o FROM orders WHERE id = NEW.order_id;
        IF o.status NOT IN ('Pending', 'Failed', 'Cancelled') THEN
          PERFORM order_daily_apply((o.created_at AT TIME ZONE 'UTC')::date, 0, 0,
            -(coalesce(NEW.refund_cents, 0) - coalesce(OLD.refund_cents, 0)));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER order_lines_refund_totals AFTER UPDATE OF refund_cents ON order_lines
      FOR EACH ROW WHEN (OLD.refund_cents IS DISTINCT FROM NEW.refund_cents) EXECUTE FUNCTION order_line_refund_track()`);
    await q.query(`
      INSERT INTO order_daily_totals (day, orders, cancelled, revenue_cents)
      SELECT (o.created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE o.status = 'Cancelled'),
        coalesce(sum(o.amount_cents - coalesce(l.refunded, 0)) FILTER (WHERE o.status <> 'Cancelled'), 0)
      FROM orders o LEFT JOIN (SELECT order_id, sum(refund_cents) AS refunded FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
      WHERE o.status NOT IN ('Pending', 'Failed')
      GROUP BY 1`);
    await q.query(`
      INSERT INTO order_status_totals (status, orders)
      SELECT status, count(*) FROM orders WHERE status NOT IN ('Pending', 'Failed') GROUP BY status`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER order_lines_refund_totals ON order_lines`);
    await q.query(`DROP TRIGGER orders_daily_totals ON orders`);
    await q.query(`DROP FUNCTION order_line_refund_track(), order_daily_track(), order_daily_apply(date, integer, integer, bigint)`);
    await q.query(`DROP TABLE order_daily_totals, order_status_totals`);
    await q.query(`DROP INDEX products_stock_idx, orders_paid_email_idx, orders_paid_status_created_at_idx`);
    await q.query(`DROP INDEX orders_paid_created_at_idx, orders_user_id_created_at_idx`);
    await q.query(`CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX orders_paid_created_at_idx ON orders (created_at DESC, id) WHERE status NOT IN ('Pending', 'Failed')`);
    await q.query(`DROP TRIGGER orders_user_email ON orders`);
    await q.query(`DROP FUNCTION orders_fill_user_email()`);
    await q.query(`ALTER TABLE orders DROP COLUMN user_email, DROP COLUMN number`);
  }
}
