import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows per day (and per status) the rollups are spread over; each database connection writes one of them. */
const SHARDS = 16;

/**
 * The sales rollups spread over shards. Every paid order added one to today's single row of `order_daily_totals`
 * and to the Received row of `order_status_totals`, first thing in the transaction that marks it paid, and held
 * those row locks until the commit: every checkout queued behind the one before it, whatever the connections.
 * Now each connection writes its own shard (its backend's pid modulo 16), so concurrent checkouts touch different
 * rows; readers already sum the rows of a day or a status, and sum the shards with them. The totals stay exact:
 * a delta lands on some shard of the right day and status, in the writing transaction.
 */
export class OrderRollupShards1764000600000 implements MigrationInterface {
  name = 'OrderRollupShards1764000600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_daily_totals ADD COLUMN shard smallint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE order_daily_totals DROP CONSTRAINT order_daily_totals_pkey, ADD PRIMARY KEY (day, shard)`);
    await q.query(`ALTER TABLE order_status_totals ADD COLUMN shard smallint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE order_status_totals DROP CONSTRAINT order_status_totals_pkey, ADD PRIMARY KEY (status, shard)`);
    await q.query(`
      CREATE FUNCTION order_rollup_shard() RETURNS smallint LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % ${SHARDS})::smallint $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION order_daily_apply(d date, orders_delta integer, cancelled_delta integer, revenue_delta bigint) RETURNS void
      LANGUAGE sql AS $$
        INSERT INTO order_daily_totals AS t (day, shard, orders, cancelled, revenue_cents)
        VALUES (d, order_rollup_shard(), orders_delta, cancelled_delta, revenue_delta)
        ON CONFLICT (day, shard) DO UPDATE SET orders = t.orders + EXCLUDED.orders, cancelled = t.cancelled + EXCLUDED.cancelled,
          revenue_cents = t.revenue_cents + EXCLUDED.revenue_cents
      $$`);
    await q.query(`
      CREATE FUNCTION order_status_apply(s varchar, orders_delta integer) RETURNS void
      LANGUAGE sql AS $$
        INSERT INTO order_status_totals AS t (status, shard, orders) VALUES (s, order_rollup_shard(), orders_delta)
        ON CONFLICT (status, shard) DO UPDATE SET orders = t.orders + EXCLUDED.orders
      $$`);
    await q.query(trackFunction('PERFORM order_status_apply(OLD.status, -1);', 'PERFORM order_status_apply(NEW.status, 1);'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      trackFunction(
        'UPDATE order_status_totals SET orders = orders - 1 WHERE status = OLD.status;',
        `INSERT INTO order_status_totals AS t (status, orders) VALUES (NEW.status, 1)
            ON CONFLICT (status) DO UPDATE SET orders = t.orders + 1;`,
      ),
    );
    await q.query(`DROP FUNCTION order_status_apply(varchar, integer)`);
    // Back to one row per day and per status: the shards summed into shard 0, the others removed.
    await q.query(
      `CREATE TEMPORARY TABLE summed_days ON COMMIT DROP AS
       SELECT day, sum(orders) AS orders, sum(cancelled) AS cancelled, sum(revenue_cents) AS revenue_cents FROM order_daily_totals GROUP BY day`,
    );
    await q.query(`DELETE FROM order_daily_totals`);
    await q.query(
      `INSERT INTO order_daily_totals (day, shard, orders, cancelled, revenue_cents) SELECT day, 0, orders, cancelled, revenue_cents FROM summed_days`,
    );
    await q.query(
      `CREATE TEMPORARY TABLE summed_statuses ON COMMIT DROP AS SELECT status, sum(orders) AS orders FROM order_status_totals GROUP BY status`,
    );
    await q.query(`DELETE FROM order_status_totals`);
    await q.query(`INSERT INTO order_status_totals (status, shard, orders) SELECT status, 0, orders FROM summed_statuses`);
    await q.query(`
      CREATE OR REPLACE FUNCTION order_daily_apply(d date, orders_delta integer, cancelled_delta integer, revenue_delta bigint) RETURNS void
      LANGUAGE sql AS $$
        INSERT INTO order_daily_totals AS t (day, orders, cancelled, revenue_cents) VALUES (d, orders_delta, cancelled_delta, revenue_delta)
        ON CONFLICT (day) DO UPDATE SET orders = t.orders + EXCLUDED.orders, cancelled = t.cancelled + EXCLUDED.cancelled,
          revenue_cents = t.revenue_cents + EXCLUDED.revenue_cents
      $$`);
    await q.query(`DROP FUNCTION order_rollup_shard()`);
    await q.query(`ALTER TABLE order_status_totals DROP CONSTRAINT order_status_totals_pkey, ADD PRIMARY KEY (status)`);
    await q.query(`ALTER TABLE order_status_totals DROP COLUMN shard`);
    await q.query(`ALTER TABLE order_daily_totals DROP CONSTRAINT order_daily_totals_pkey, ADD PRIMARY KEY (day)`);
    await q.query(`ALTER TABLE order_daily_totals DROP COLUMN shard`);
  }
}

/**
 * The trigger function of migration 1763700021000 (an order's share of its day and of its status), with the
 * statements that take it out of (`leave`) and count it into (`enter`) its status's total.
 */
function trackFunction(leave: string, enter: string): string {
  return `
      CREATE OR REPLACE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) INTO refunded FROM order_lines WHERE order_id = OLD.id;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN OLD.status = 'Cancelled' THEN -1 ELSE 0 END,
            CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE -(OLD.amount_cents - refunded) END);
          ${leave}
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) INTO refunded FROM order_lines WHERE order_id = NEW.id;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN NEW.status = 'Cancelled' THEN 1 ELSE 0 END,
            CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE NEW.amount_cents - refunded END);
          ${enter}
        END IF;
        RETURN NULL;
      END $$`;
}
