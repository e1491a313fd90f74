import { Injectable } from '@nestjs/common';
import type { ReturnKind, ReturnReason, ReturnStatus } from '@store/contract';
import type { Cursor } from '../../common/pagination.js';
import { isCalendarDateTime } from '../../common/sql-values.js';
import { Database } from '../../database/transactions.js';
import type { FitEvent } from './fit.js';

/** A return as stored, with its order's number and buyer (read from the order, so an anonymised buyer reads as such). */
export interface ReturnRow {
  id: string;
  order_id: string;
  order_number: string;
  user_id: string | null;
  user_name: string;
  /** A guest order's e-mail, where its return mails go (null for an account's order, or once anonymised). */
  guest_email: string | null;
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  status: ReturnStatus;
  hold_until: Date | null;
  restocked: boolean | null;
  refund_id: string | null;
  refund_cents: number | null;
  refunded_at: Date | null;
  carrier: string | null;
  tracking: string | null;
  shipped_at: Date | null;
  created_at: Date;
}

export interface ReturnLineRow {
  return_id: string;
  variant_id: number;
  product_id: string;
  name: string;
  label: string;
  size_from: string;
  quantity: number;
  exchange_variant_id: number | null;
  exchange_label: string;
  size_to: string;
  refund_cents: number | null;
}

export interface NewReturnLine {
  variantId: number;
  productId: string;
  quantity: number;
  sizeFrom: string;
  exchangeVariantId: number | null;
  exchangeLabel: string;
  sizeTo: string;
}

/** One variant's figures for its reorder suggestion. */
export interface ReorderRow {
  product_id: string;
  name: string;
  variant_id: number;
  sku: string;
  label: string;
  stock: number;
  sold: number;
  exchanges_in: number;
  exchanges_out: number;
}

const RETURN_COLUMNS = `r.id, r.order_id, o.number AS order_number, o.user_id, o.user_name, o.guest_email, r.kind, r.reason, r.note, r.status,
  r.hold_until, r.restocked, r.refund_id, r.refund_cents, r.refunded_at, r.carrier, r.tracking, r.shipped_at, r.created_at`;

/** The sort key of a cursor: created_at in UTC to the microsecond (a JavaScript Date would drop the microseconds). */
const SORT_KEY = `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const CURSOR_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** True when `key` is a sort key this repository wrote into a cursor of the returns list. */
export function isReturnCursorKey(key: readonly (string | number)[]): boolean {
  return key.length === 1 && typeof key[0] === 'string' && CURSOR_KEY.test(key[0]) && isCalendarDateTime(key[0]);
}

/** Statuses in which a request still claims its units (they cannot be asked for again). */
const CLAIMING = `('requested', 'approved', 'received', 'refunded', 'shipped')`;

/**
 * The returns' SQL (docs/returns.md): `returns` and `return_lines`, with the order's number and buyer read from
 * `orders`, and the line's name and values from `order_lines`, as they were bought. Writes run in the transaction in
 * context, after the caller locked the order row (requests, refunds) or the return row (every other step).
 */
@Injectable()
export class ReturnsRepository {
  constructor(private readonly db: Database) {}

  async insert(
    orderId: string,
    request: { kind: ReturnKind; reason: ReturnReason; note: string; holdDays: number | null },
    lines: NewReturnLine[],
  ): Promise<string> {
    const [row] = await this.db.transactionRows<{ id: string }>(
      `INSERT INTO returns (order_id, kind, reason, note, hold_until)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(days => $5::int) END) RETURNING id`,
      [orderId, request.kind, request.reason, request.note, request.holdDays],
    );
    for (const line of lines) {
      await this.db.transactionRows(
        `INSERT INTO return_lines (return_id, variant_id, product_id, quantity, size_from, exchange_variant_id, exchange_label, size_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.id, line.variantId, line.productId, line.quantity, line.sizeFrom, line.exchangeVariantId, line.exchangeLabel, line.sizeTo],
      );
    }
    return row.id;
  }

  /** Units of each of the order's lines (variant id to count) already claimed by its live or completed returns. */
  async claimedUnits(orderId: string): Promise<Map<number, number>> {
    const rows = await this.db.rows<{ variant_id: number; n: number }>(
      `SELECT l.variant_id, sum(l.quantity)::int AS n FROM return_lines l JOIN returns r ON r.id = l.return_id
       WHERE r.order_id = $1 AND r.status IN ${CLAIMING} GROUP BY l.variant_id`,
      [orderId],
    );
    return new Map(rows.map((row) => [row.variant_id, row.n]));
  }

  /** The return's row locked until the caller's transaction ends (a second step on it waits), or undefined. */
  async lock(returnId: string): Promise<ReturnRow | undefined> {
    const [row] = await this.db.transactionRows<ReturnRow>(
      `SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.id = $1 FOR UPDATE OF r`,
      [returnId],
    );
    return row;
  }

  /**
   * An exchange whose hold ended and that still holds its variant, locked for the caller's transaction (SKIP LOCKED:
   * another replica's sweeper, or an admin's receive, has it); undefined otherwise.
   */
  async lockExpired(returnId: string): Promise<ReturnRow | undefined> {
    const [row] = await this.db.transactionRows<ReturnRow>(
      `SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id
       WHERE r.id = $1 AND r.kind = 'exchange' AND r.status IN ('requested', 'approved') AND r.hold_until <= now()
       FOR UPDATE OF r SKIP LOCKED`,
      [returnId],
    );
    return row;
  }

  /** Ids of exchanges whose hold ended while they still hold their variant, oldest hold first. */
  async expiredIds(limit: number): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(
      `SELECT id FROM returns WHERE kind = 'exchange' AND status IN ('requested', 'approved') AND hold_until <= now()
       ORDER BY hold_until LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  async get(returnId: string): Promise<ReturnRow | undefined> {
    const [row] = await this.db.rows<ReturnRow>(
      `SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.id = $1`,
      [returnId],
    );
    return row;
  }

  /** The returns of every order of a buyer's account, newest first. */
  ofBuyer(userId: string): Promise<ReturnRow[]> {
    return this.db.rows<ReturnRow>(
      `SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id WHERE o.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
      [userId],
    );
  }

  /** An order's returns, newest first. */
  ofOrder(orderId: string): Promise<ReturnRow[]> {
    return this.db.rows<ReturnRow>(
      `SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.order_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
      [orderId],
    );
  }

  /**
   * One page of the returns, optionally of one status, newest first, by keyset on (created_at, id): `after`
   * the cursor of the page before (the last row's created_at to the microsecond, and its id). `next` is set when the
   * page is full (there may be more).
   */
  async page(
    limit: number,
    after: Cursor | undefined,
    status: ReturnStatus | undefined,
  ): Promise<{ rows: ReturnRow[]; next: Cursor | undefined }> {
    const rows = await this.db.rows<ReturnRow & { k: string }>(
      `SELECT ${RETURN_COLUMNS}, ${SORT_KEY} AS k FROM returns r JOIN orders o ON o.id = r.order_id
       WHERE ($2::text IS NULL OR r.status = $2)
         AND ($3::timestamp IS NULL OR (r.created_at, r.id) < ($3::timestamp AT TIME ZONE 'UTC', $4::uuid))
       ORDER BY r.created_at DESC, r.id DESC LIMIT $1`,
      [limit, status ?? null, after?.key[0] ?? null, after?.id ?? null],
    );
    const last = rows.at(-1);
    return { rows, next: last && rows.length === limit ? { key: [last.k], id: last.id } : undefined };
  }

  /** How many returns there are, optionally of one status (a shop's returns are few: counted, not rolled up). */
  async count(status: ReturnStatus | undefined): Promise<number> {
    const [row] = await this.db.rows<{ n: number }>(`SELECT count(*)::int AS n FROM returns WHERE ($1::text IS NULL OR status = $1)`, [
      status ?? null,
    ]);
    return row.n;
  }

  /** The lines of the returns named, with the name and values of the order line each one sends back. */
  linesOf(returnIds: string[]): Promise<ReturnLineRow[]> {
    return this.db.rows<ReturnLineRow>(
      `SELECT l.return_id, l.variant_id, l.product_id, ol.name, ol.variant_label AS label, l.size_from, l.quantity,
              l.exchange_variant_id, l.exchange_label, l.size_to, l.refund_cents
       FROM return_lines l JOIN returns r ON r.id = l.return_id
       JOIN order_lines ol ON ol.order_id = r.order_id AND ol.variant_id = l.variant_id
       WHERE l.return_id = ANY($1::uuid[]) ORDER BY ol.name, l.variant_id`,
      [returnIds],
    );
  }

  async setStatus(returnId: string, status: ReturnStatus, extra: { restocked?: boolean } = {}): Promise<void> {
    await this.db.transactionRows(`UPDATE returns SET status = $2, restocked = coalesce($3, restocked), updated_at = now() WHERE id = $1`, [
      returnId,
      status,
      extra.restocked ?? null,
    ]);
  }

  async setRefund(
    returnId: string,
    refund: { id: string; cents: number },
    lines: Array<{ variantId: number; cents: number }>,
  ): Promise<void> {
    await this.db.transactionRows(
      `UPDATE returns SET status = 'refunded', refund_id = $2, refund_cents = $3, refunded_at = now(), updated_at = now() WHERE id = $1`,
      [returnId, refund.id, refund.cents],
    );
    for (const line of lines) {
      await this.db.transactionRows(`UPDATE return_lines SET refund_cents = $3 WHERE return_id = $1 AND variant_id = $2`, [
        returnId,
        line.variantId,
        line.cents,
      ]);
    }
  }

  async setShipped(returnId: string, shipment: { carrier: string; tracking: string }): Promise<void> {
    await this.db.transactionRows(
      `UPDATE returns SET status = 'shipped', carrier = $2, tracking = $3, shipped_at = now(), updated_at = now() WHERE id = $1`,
      [returnId, shipment.carrier, shipment.tracking],
    );
  }

  /** Every line of the product's returns and exchanges that were not rejected: the fit loop's input. */
  fitEvents(productId: string): Promise<FitEvent[]> {
    return this.db.rows<FitEvent>(
      `SELECT r.kind, r.reason, l.size_from AS "sizeFrom", l.size_to AS "sizeTo"
       FROM return_lines l JOIN returns r ON r.id = l.return_id
       WHERE l.product_id = $1 AND r.status <> 'rejected'`,
      [productId],
    );
  }

  /**
   * Each active variant's stock, its units sold in paid orders of the last `historyDays` (cancelled ones left out),
   * and the exchanges into and out of it requested in those days (rejected ones left out).
   */
  reorderRows(historyDays: number): Promise<ReorderRow[]> {
    return this.db.rows<ReorderRow>(
      `WITH sold AS (
         SELECT ol.variant_id, sum(ol.count)::int AS n FROM order_lines ol JOIN orders o ON o.id = ol.order_id
         WHERE o.status NOT IN ('Pending', 'Failed', 'Cancelled') AND o.paid_at > now() - make_interval(days => $1)
         GROUP BY ol.variant_id),
       swaps AS (
         SELECT l.variant_id, l.exchange_variant_id, l.quantity FROM return_lines l JOIN returns r ON r.id = l.return_id
         WHERE r.kind = 'exchange' AND r.status <> 'rejected' AND r.created_at > now() - make_interval(days => $1)),
       ins AS (SELECT exchange_variant_id AS variant_id, sum(quantity)::int AS n FROM swaps GROUP BY exchange_variant_id),
       outs AS (SELECT variant_id, sum(quantity)::int AS n FROM swaps GROUP BY variant_id)
       SELECT p.id AS product_id, p.name, v.id AS variant_id, v.sku, v.stock,
              array_to_string(array_remove(ARRAY[v1.value, v2.value, v3.value], NULL), ' / ') AS label,
              coalesce(sold.n, 0) AS sold, coalesce(ins.n, 0) AS exchanges_in, coalesce(outs.n, 0) AS exchanges_out
       FROM product_variants v JOIN products p ON p.id = v.product_id
       LEFT JOIN product_option_values v1 ON v1.id = v.option1_value_id
       LEFT JOIN product_option_values v2 ON v2.id = v.option2_value_id
       LEFT JOIN product_option_values v3 ON v3.id = v.option3_value_id
       LEFT JOIN sold ON sold.variant_id = v.id
       LEFT JOIN ins ON ins.variant_id = v.id
       LEFT JOIN outs ON outs.variant_id = v.id
       WHERE v.active AND (sold.n IS NOT NULL OR ins.n IS NOT NULL OR outs.n IS NOT NULL)
       ORDER BY p.name, v.position, v.id`,
      [historyDays],
    );
  }
}
