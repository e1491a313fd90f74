import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sales overview follows refunds made through returns (docs/returns.md, "Refunds"), as it follows lines refunded
 * on their own: a line's `return_refund_cents` leave its order's day's revenue, and the refunded units take their
 * share of the line's discount and tax with them, rounded as the money is (the line's part × units so far / count,
 * half up), so once every unit went back the line has taken exactly its discount and tax, as a whole-line refund does.
 * The line trigger fires on the running totals too; the order's function subtracts them, so a status move or a
 * cancel after a return refund removes from its day exactly what was counted there.
 */
export class ReturnRefundRollups1764002000000 implements MigrationInterface {
  name = 'ReturnRefundRollups1764002000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION order_line_return_share(part bigint, units integer, count integer) RETURNS bigint
      LANGUAGE sql IMMUTABLE AS $$ SELECT (2 * part * units + count) / (2 * count) $$`);
    await q.query(orderTrackFunction(true));
    await q.query(lineTrackFunction(true));
    await q.query(`DROP TRIGGER order_lines_refund_totals ON order_lines`);
    await q.query(`
      CREATE TRIGGER order_lines_refund_totals AFTER UPDATE OF refund_cents, return_refund_cents, return_refunded_count ON order_lines
      FOR EACH ROW WHEN (OLD.refund_cents IS DISTINCT FROM NEW.refund_cents OR OLD.return_refund_cents <> NEW.return_refund_cents
        OR OLD.return_refunded_count <> NEW.return_refunded_count)
      EXECUTE FUNCTION order_line_refund_track()`);
    // What returns refunded before now leaves its days (shard 0; readers sum the shards).
    await q.query(backfill(-1));
  }

  async down(q: QueryRunner): Promise<void> {
    // Back into its days before the functions that take it out are gone.
    await q.query(backfill(1));
    await q.query(`DROP TRIGGER order_lines_refund_totals ON order_lines`);
    await q.query(`
      CREATE TRIGGER order_lines_refund_totals AFTER UPDATE OF refund_cents ON order_lines
      FOR EACH ROW WHEN (OLD.refund_cents IS DISTINCT FROM NEW.refund_cents) EXECUTE FUNCTION order_line_refund_track()`);
    await q.query(lineTrackFunction(false));
    await q.query(orderTrackFunction(false));
    await q.query(`DROP FUNCTION order_line_return_share(bigint, integer, integer)`);
  }
}

/** Adds (`sign` 1) or removes (-1) the return refunds of paid orders not cancelled, with their discount and tax shares. */
function backfill(sign: 1 | -1): string {
  return `
      INSERT INTO order_daily_totals AS t (day, shard, revenue_cents, discount_cents, tax_cents)
      SELECT (o.created_at AT TIME ZONE 'UTC')::date, 0, ${sign} * sum(l.return_refund_cents),
        ${sign} * sum(order_line_return_share(l.discount_cents, l.return_refunded_count, l.count)),
        ${sign} * sum(order_line_return_share(l.tax_cents, l.return_refunded_count, l.count))
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.return_refunded_count > 0 AND o.status NOT IN ('Pending', 'Failed', 'Cancelled')
      GROUP BY 1
      ON CONFLICT (day, shard) DO UPDATE SET revenue_cents = t.revenue_cents + EXCLUDED.revenue_cents,
        discount_cents = t.discount_cents + EXCLUDED.discount_cents, tax_cents = t.tax_cents + EXCLUDED.tax_cents`;
}

/**
 * The order's share of its day (migration 1764000910000's function), its refunds read from its lines: with
 * `returns`, what returns refunded and their units' shares too.
 */
function orderTrackFunction(returns: boolean): string {
  const refundedOf = (row: 'OLD' | 'NEW') =>
    returns
      ? `SELECT coalesce(sum(coalesce(refund_cents, 0) + return_refund_cents), 0),
                 coalesce(sum(CASE WHEN refund_cents IS NULL THEN 0 ELSE discount_cents END
                   + order_line_return_share(discount_cents, return_refunded_count, count)), 0),
                 coalesce(sum(CASE WHEN refund_cents IS NULL THEN 0 ELSE tax_cents END
                   + order_line_return_share(tax_cents, return_refunded_count, count)), 0)
            INTO refunded, refunded_discount, refunded_tax FROM order_lines WHERE order_id = ${row}.id;`
      : `SELECT coalesce(sum(refund_cents), 0), coalesce(sum(discount_cents) FILTER (WHERE refund_cents IS NOT NULL), 0),
                 coalesce(sum(tax_cents) FILTER (WHERE refund_cents IS NOT NULL), 0)
            INTO refunded, refunded_discount, refunded_tax FROM order_lines WHERE order_id = ${row}.id;`;
  return `
      CREATE OR REPLACE FUNCTION order_daily_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        refunded bigint;
        refunded_discount bigint;
        refunded_tax bigint;
        live integer;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status NOT IN ('Pending', 'Failed') THEN
          ${refundedOf('OLD')}
          live := CASE WHEN OLD.status = 'Cancelled' THEN 0 ELSE 1 END;
          PERFORM order_daily_apply((OLD.created_at AT TIME ZONE 'UTC')::date, -1, live - 1,
            -live * (OLD.amount_cents - refunded - coalesce(OLD.shipping_refund_cents, 0)),
            -live * (coalesce(OLD.discount_cents, 0) - refunded_discount),
            -live * (coalesce(OLD.shipping_cents, 0) - coalesce(OLD.shipping_refund_cents, 0)),
            -live * (coalesce(OLD.tax_cents, 0) - refunded_tax));
          PERFORM order_status_apply(OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status NOT IN ('Pending', 'Failed') THEN
          ${refundedOf('NEW')}
          live := CASE WHEN NEW.status = 'Cancelled' THEN 0 ELSE 1 END;
          PERFORM order_daily_apply((NEW.created_at AT TIME ZONE 'UTC')::date, 1, 1 - live,
            live * (NEW.amount_cents - refunded - coalesce(NEW.shipping_refund_cents, 0)),
            live * (coalesce(NEW.discount_cents, 0) - refunded_discount),
            live * (coalesce(NEW.shipping_cents, 0) - coalesce(NEW.shipping_refund_cents, 0)),
            live * (coalesce(NEW.tax_cents, 0) - refunded_tax));
          PERFORM order_status_apply(NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$`;
}

/**
 * A line's refunds take their revenue, discount and tax out of its order's day (while not Cancelled): a whole-line
 * refund all of the line's, and (with `returns`) a return refund its money and its units' shares.
 */
function lineTrackFunction(returns: boolean): string {
  const returned = (row: 'OLD' | 'NEW', part: 'discount_cents' | 'tax_cents') =>
    returns ? ` + order_line_return_share(${row}.${part}, ${row}.return_refunded_count, ${row}.count)` : '';
  const returnCents = (row: 'OLD' | 'NEW') => (returns ? ` + ${row}.return_refund_cents` : '');
  return `
      CREATE OR REPLACE FUNCTION order_line_refund_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        o orders%ROWTYPE;
        was integer := CASE WHEN OLD.refund_cents IS NULL THEN 0 ELSE 1 END;
        now_refunded integer := CASE WHEN NEW.refund_cents IS NULL THEN 0 ELSE 1 END;
      BEGIN
        SELECT * INTO o FROM orders WHERE id = NEW.order_id;
        IF o.status NOT IN ('Pending', 'Failed', 'Cancelled') THEN
          PERFORM order_daily_apply((o.created_at AT TIME ZONE 'UTC')::date, 0, 0,
            -((coalesce(NEW.refund_cents, 0)${returnCents('NEW')}) - (coalesce(OLD.refund_cents, 0)${returnCents('OLD')})),
            -((now_refunded * NEW.discount_cents${returned('NEW', 'discount_cents')}) - (was * OLD.discount_cents${returned('OLD', 'discount_cents')})),
            0::bigint,
            -((now_refunded * NEW.tax_cents${returned('NEW', 'tax_cents')}) - (was * OLD.tax_cents${returned('OLD', 'tax_cents')})));
        END IF;
        RETURN NULL;
      END $$`;
}
