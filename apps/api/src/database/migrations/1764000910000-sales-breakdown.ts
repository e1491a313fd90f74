import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sales overview split by discount, shipping and tax (docs/pricing.md, "The sales overview"). The daily rollup
 * keeps, beside the revenue, the discount given, the shipping charged and the tax of the same orders (paid, not
 * cancelled), each less what refunds took back: a refunded line its discount and tax, a refunded shipping its
 * shipping. One upsert per trigger, as before, so the checkout's hot row costs what it did.
 */
export class SalesBreakdown1764000910000 implements MigrationInterface {
  name = 'SalesBreakdown1764000910000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE order_daily_totals ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0,
        ADD COLUMN shipping_cents bigint NOT NULL DEFAULT 0, ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION order_daily_apply(d date, orders_delta integer, cancelled_delta integer, revenue_delta bigint,
        discount_delta bigint, shipping_delta bigint, tax_delta bigint) RETURNS void
      LANGUAGE sql AS $$
        INSERT INTO order_daily_totals AS t (day, shard, orders, cancelled, revenue_cents, discount_cents, shipping_cents, tax_cents)
        VALUES (d, order_rollup_shard(), orders_delta, cancelled_delta, revenue_delta, discount_delta, shipping_delta, tax_delta)
        ON CONFLICT (day, shard) DO UPDATE SET orders = t.orders + EXCLUDED.orders, cancelled = t.cancelled + EXCLUDED.cancelled,
          revenue_cents = t.revenue_cents + EXCLUDED.revenue_cents, discount_cents = t.discount_cents + EXCLUDED.discount_cents,
          shipping_cents = t.shipping_cents + EXCLUDED.shipping_cents, tax_cents = t.tax_cents + EXCLUDED.tax_cents
      $$`);
    // An order's share of its day, its parts counted like its revenue: only while paid and not Cancelled.
    await q.query(`
      CREATE OR REPLACE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
        refunded_discount bigint;
        refunded_tax bigint;
        live integer;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0), coalesce(sum(discount_cents) FILTER (WHERE refund_cents IS NOT NULL), 0),
                 coalesce(sum(tax_cents) FILTER (WHERE refund_cents IS NOT NULL), 0)
            INTO refunded, refunded_discount, refunded_tax FROM order_lines WHERE order_id = OLD.id;
          live := CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE 1 END;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, live - 1,
            -live * (OLD.amount_cents - refunded - coalesce(OLD.shipping_refund_cents, 0)),
            -live * (coalesce(OLD.discount_cents, 0) - refunded_discount),
            -live * (coalesce(OLD.shipping_cents, 0) - coalesce(OLD.shipping_refund_cents, 0)),
            -live * (coalesce(OLD.tax_cents, 0) - refunded_tax));
          PERFORM order_status_apply(OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0), coalesce(sum(discount_cents) FILTER (WHERE refund_cents IS NOT NULL), 0),
                 coalesce(sum(tax_cents) FILTER (WHERE refund_cents IS NOT NULL), 0)
            INTO refunded, refunded_discount, refunded_tax FROM order_lines WHERE order_id = NEW.id;
          live := CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE 1 END;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, 1 - live,
            live * (NEW.amount_cents - refunded - coalesce(NEW.shipping_refund_cents, 0)),
            live * (coalesce(NEW.discount_cents, 0) - refunded_discount),
            live * (coalesce(NEW.shipping_cents, 0) - coalesce(NEW.shipping_refund_cents, 0)),
            live * (coalesce(NEW.tax_cents, 0) - refunded_tax));
          PERFORM order_status_apply(NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`);
    // A line refunded on its own takes its revenue, discount and tax out of its order's day (while not Cancelled).
    await q.query(`
      CREATE OR REPLACE FUNCTION order_line_refund_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        o orders%ROWTYPE;
        was integer := CASE WHEN OLD.refund_cents IS NULL THEN 0 ELSE 1 END;
        now_refunded integer := CASE WHEN NEW.refund_cents IS NULL THEN 0 ELSE 1 END;
      BEGIN
        SELECT * INTO o FROM orders WHERE id = NEW.order_id;
        IF o.status NOT IN ('Pending', 'Failed', 'Cancelled') THEN
          PERFORM order_daily_apply((o.created_at AT TIME ZONE 'UTC')::date, 0, 0,
            -(coalesce(NEW.refund_cents, 0) - coalesce(OLD.refund_cents, 0)),
            -(now_refunded * NEW.discount_cents - was * OLD.discount_cents), 0::bigint,
            -(now_refunded * NEW.tax_cents - was * OLD.tax_cents));
        END IF;
        RETURN NULL;
      END $$`);
    // The days already counted get their parts, on shard 0 (readers sum the shards).
    await q.query(`
      INSERT INTO order_daily_totals AS t (day, shard, discount_cents, shipping_cents, tax_cents)
      SELECT (o.created_at AT TIME ZONE 'UTC')::date, 0,
        sum(coalesce(o.discount_cents, 0) - coalesce(l.discount, 0)),
        sum(coalesce(o.shipping_cents, 0) - coalesce(o.shipping_refund_cents, 0)),
        sum(coalesce(o.tax_cents, 0) - coalesce(l.tax, 0))
      FROM orders o
      LEFT JOIN (
        SELECT order_id, sum(discount_cents) AS discount, sum(tax_cents) AS tax FROM order_lines WHERE refund_cents IS NOT NULL GROUP BY order_id
      ) l ON l.order_id = o.id
      WHERE o.status NOT IN ('Pending', 'Failed', 'Cancelled')
      GROUP BY 1
      ON CONFLICT (day, shard) DO UPDATE SET discount_cents = t.discount_cents + EXCLUDED.discount_cents,
        shipping_cents = t.shipping_cents + EXCLUDED.shipping_cents, tax_cents = t.tax_cents + EXCLUDED.tax_cents`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The functions of migrations 1764000900000 (orders) and 1763700021000 (lines), sharded.
    await q.query(`
      CREATE OR REPLACE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) + coalesce(OLD.shipping_refund_cents, 0) INTO refunded FROM order_lines WHERE order_id = OLD.id;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN OLD.status = 'Cancelled' THEN -1 ELSE 0 END,
            CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE -(OLD.amount_cents - refunded) END);
          PERFORM order_status_apply(OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          SELECT coalesce(sum(refund_cents), 0) + coalesce(NEW.shipping_refund_cents, 0) INTO refunded FROM order_lines WHERE order_id = NEW.id;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN NEW.status = 'Cancelled' THEN 1 ELSE 0 END,
            CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE NEW.amount_cents - refunded END);
          PERFORM order_status_apply(NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION order_line_refund_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`DROP FUNCTION order_daily_apply(date, integer, integer, bigint, bigint, bigint, bigint)`);
    await q.query(`ALTER TABLE order_daily_totals DROP COLUMN discount_cents, DROP COLUMN shipping_cents, DROP COLUMN tax_cents`);
  }
}
