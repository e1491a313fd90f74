import { Injectable } from '@nestjs/common';
import {
  ORDER_COUNT_CAP,
  type OrderStatus,
  PRODUCT_SIZES,
  type ProductSize,
  type RefundKind,
  type SalesPeriod,
  SHIPPING_ADDRESS_FIELDS,
  type ShippingAddress,
} from '@store/contract';
import type { SelectQueryBuilder } from 'typeorm';
import type { Cursor } from '../../common/pagination.js';
import { isCalendarDateTime } from '../../common/sql-values.js';
import { isoTimestampSql } from '../../database/pg.js';
import { Database, type StatementStep } from '../../database/transactions.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderEntity, type OrderTax } from './order.entity.js';
import { ORDER_FULFILMENT_SQL, ORDER_SHIPMENTS_JSON, ORDER_UNUSUAL_TRACKING_SQL } from './shipments.repository.js';

/** What narrows an order list; every field optional. `from`/`to` are UTC dates (YYYY-MM-DD), both inclusive. */
export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
  /** Exactly one of these, from the search box: an order number, an order id, or the start of a buyer's e-mail. */
  number?: number;
  orderId?: string;
  emailPrefix?: string;
}

/** An order's line as its order is sorted by: [name, product, size ('' for none), options ('' for none), variant]. */
export type LineSortKey = [name: string, product: string, size: string, options: string, variant: number];

/** An order of a listing as orderPageQuery reads it: its wire JSON, and what the mapping checks before sending it as it is. */
export interface ListedOrder {
  /** The order in the wire's shape (the contract's Order), as Postgres wrote it: JSON text, as JSON.stringify writes it. */
  json: string;
  /** With two lines or more, their sort keys in the order `json` has them (the database's collation's); null otherwise. */
  lineKeys: LineSortKey[] | null;
  /** A parcel has a tracking number the statement made no link of (the mapping makes it with the contract's trackingUrl). */
  unusualTracking: boolean;
}

/** A page of a listing: its orders as the statement wrote them (order.mapper.ts finishes them). */
export interface OrderPage {
  orders: ListedOrder[];
  /** Where the next page starts, when this one was full. */
  next: Cursor | undefined;
}

/** How an order's total is made up, in cents, as its row keeps it. */
export interface OrderBreakdown {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
  taxes: OrderTax[];
  shippingMethod: string | null;
  discountCode: string | null;
}

/** A checkout attempt's order row, as it is first recorded (Pending, not charged yet). */
export interface PendingOrderRow extends OrderBreakdown {
  /** Made by the checkout, which names the order in its own bookkeeping before the row exists. */
  id: string;
  /** Null for a guest, who has `guestEmail` instead. */
  userId: string | null;
  guestEmail: string | null;
  userName: string;
  amountCents: number;
  shippingAddress: ShippingAddress | null;
}

/** One line of a new order: a variant of a product, as reserved. */
export interface NewOrderLine {
  productId: string;
  variantId: number;
  sku: string;
  label: string;
  size?: ProductSize | '';
  name: string;
  priceCents: number;
  count: number;
  discountCents: number;
  taxCents: number;
}

/** Money a payment provider returned, as an order (all of it, with its kind) or a line (its own part) records it. */
export interface RecordedRefund {
  reversalId: string;
  amountCents: number;
  kind: RefundKind;
}

/** The name an anonymised order shows for its buyer. */
export const ANONYMISED_BUYER = 'Deleted account';

/** The statuses of a checkout attempt that is not (or no longer) an order: never listed, never moved. */
const UNPAID = ['Pending', 'Failed'];

/** The sort key of a cursor: created_at in UTC to the microsecond (a JavaScript Date would drop the microseconds). */
const SORT_KEY = `to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const CURSOR_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/**
 * Every SQL statement on the `orders` and `order_lines` tables: listings, counts, the export and the sales
 * overview (hand-written SQL), and the checkout's and the admin's writes (TypeORM over the entities), every one in
 * the transaction in context when there is one (see database/transactions.ts). Lists walk the paid-orders indexes newest first
 * (created_at DESC, id DESC), by keyset, so page 500 costs what page 1 does; the overview reads the daily rollup
 * (order_daily_totals, kept by triggers), never the orders.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of paid orders matching `filter`, newest first, in the wire's shape: one statement (orderPageQuery)
   * whose rows carry each order as the JSON text Postgres wrote (its lines, price breakdown and, with `parcels`, its
   * shipments and fulfilment), so nothing is parsed or built per order here; order.mapper.ts's listedOrdersJson
   * (or listedOrders) finishes them.
   */
  async page(filter: OrderFilter, limit: number, after: Cursor | undefined, parcels = true): Promise<OrderPage> {
    const { sql, values } = orderPageQuery(filter, limit, after, parcels);
    const name = preparedName('orders-page', filter, `${after ? '-after' : ''}${parcels ? '' : '-bare'}`);
    const rows = name
      ? await this.db.preparedRows<ListedOrder & { k: string; id: string }>(name, sql, values)
      : await this.db.rows<ListedOrder & { k: string; id: string }>(sql, values);
    const last = rows.at(-1);
    return { orders: rows, next: last && rows.length === limit ? { key: [last.k], id: last.id } : undefined };
  }

  /**
   * A page (as {@link page}, with its parcels) and how many paid orders match the filter, in one statement: the count
   * ({@link countQuery}) is a column of the page's rows, computed once, so a page costs one round trip to Postgres, not
   * two. A page with no rows carries no count: it is then counted on its own.
   */
  async countedPage(
    filter: OrderFilter,
    limit: number,
    after: Cursor | undefined,
  ): Promise<OrderPage & { total: number; capped: boolean }> {
    const { sql, values, capped } = orderPageQuery(filter, limit, after, true, true);
    const name = preparedName('orders-page', filter, `${after ? '-after' : ''}-counted`);
    type Row = ListedOrder & { k: string; id: string; total: number | string };
    const rows = name ? await this.db.preparedRows<Row>(name, sql, values) : await this.db.rows<Row>(sql, values);
    const last = rows.at(-1);
    const next = last && rows.length === limit ? { key: [last.k], id: last.id } : undefined;
    return { orders: rows, next, ...(last ? counted(Number(last.total), capped) : await this.count(filter)) };
  }

  /**
   * How many paid orders match, from the cheapest source that can answer the filter's shape ({@link countQuery}): the
   * daily rollup, the per-status totals, or a count of the rows that stops past ORDER_COUNT_CAP (`capped`), so no
   * count walks 100,000 rows.
   */
  async count(filter: OrderFilter): Promise<{ total: number; capped: boolean }> {
    const values: unknown[] = [];
    const { sql, capped } = countQuery(filter, values);
    const name = preparedName('orders-count', filter);
    const rows = name
      ? await this.db.preparedRows<{ n: number | string }>(name, sql, values)
      : await this.db.rows<{ n: number | string }>(sql, values);
    return counted(Number(rows[0].n), capped);
  }

  /**
   * Cuts a deleted account's orders loose, in the transaction in context: no buyer, no name, e-mail or address; what
   * the accounts need stays (number, lines, amounts, status, payment and refund ids, dates). Answers their ids.
   */
  async anonymiseBuyer(userId: string): Promise<string[]> {
    const rows = await this.db.transactionRows<{ id: string }>(
      `UPDATE orders SET user_id = NULL, user_name = $2, user_email = NULL, guest_email = NULL, guest_token_hash = NULL, shipping_address = NULL,
              anonymised_at = now(), updated_at = now()
        WHERE user_id = $1 RETURNING id`,
      [userId, ANONYMISED_BUYER],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes anonymised orders made more than `years` years ago (past the accounting retention); answers how many. */
  async purgeAnonymised(years: number): Promise<number> {
    const rows = await this.db.rows<{ id: string }>(
      `DELETE FROM orders WHERE anonymised_at IS NOT NULL AND created_at < now() - make_interval(years => $1) RETURNING id`,
      [years],
    );
    return rows.length;
  }

  /**
   * The address of the buyer's newest paid order that has one: the first entry for the buyer in the partial index
   * orders_paid_address_user_idx (paid orders with an address, newest first), whatever else the buyer ordered.
   */
  async lastAddress(userId: string): Promise<ShippingAddress | undefined> {
    const rows = await this.db.rows<{ shipping_address: ShippingAddress }>(lastAddressQuery, [userId]);
    return rows[0]?.shipping_address;
  }

  /**
   * Orders placed today, in the last 7 and the last 30 UTC days (today included), from the daily rollup: their
   * revenue and its discount, shipping and tax.
   */
  async periods(): Promise<SalesPeriod[]> {
    const rows = await this.db.rows<{
      period: SalesPeriod['period'];
      orders: string;
      cancelled: string;
      revenue_cents: string;
      discount_cents: string;
      shipping_cents: string;
      tax_cents: string;
    }>(
      `WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS d)
       SELECT p.period, coalesce(sum(t.orders), 0) AS orders, coalesce(sum(t.cancelled), 0) AS cancelled,
              coalesce(sum(t.revenue_cents), 0) AS revenue_cents, coalesce(sum(t.discount_cents), 0) AS discount_cents,
              coalesce(sum(t.shipping_cents), 0) AS shipping_cents, coalesce(sum(t.tax_cents), 0) AS tax_cents
       FROM (VALUES ('today', 1, 1), ('7d', 7, 2), ('30d', 30, 3)) AS p(period, days, position)
       CROSS JOIN today
       LEFT JOIN order_daily_totals t ON t.day > today.d - p.days AND t.day <= today.d
       GROUP BY p.period, p.position ORDER BY p.position`,
    );
    return rows.map((row) => ({
      period: row.period,
      orders: Number(row.orders),
      cancelled: Number(row.cancelled),
      revenue: Number(row.revenue_cents) / 100,
      discount: Number(row.discount_cents) / 100,
      shipping: Number(row.shipping_cents) / 100,
      tax: Number(row.tax_cents) / 100,
    }));
  }

  /**
   * Records a Pending order and its lines in ONE prepared statement (the checkout's reservation holds its stock rows'
   * locks until it commits, so each round trip counts) under the id the checkout made for it; answers them as
   * written (the order's number and the buyer's e-mail are the database's), so its mails need no read back.
   */
  async insertPending(order: PendingOrderRow, lines: NewOrderLine[]): Promise<{ order: OrderEntity; lines: OrderLineEntity[] }> {
    const [row] = await this.db.preparedRows<SettledOrderRow & { lines: SettledLineJson[] }>(
      'orders-insert-pending-answered',
      `WITH o AS (
         INSERT INTO orders (id, user_id, guest_email, user_name, status, amount_cents, shipping_address, subtotal_cents, discount_cents,
                             shipping_cents, tax_cents, prices_include_tax, taxes, shipping_method, discount_code)
         VALUES ($24, $1, $2, $3, 'Pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${SETTLED_ORDER_COLUMNS}
       ), l AS (
         INSERT INTO order_lines (order_id, product_id, variant_id, sku, variant_label, size, name, price_cents, count, discount_cents, tax_cents)
         SELECT o.id, x.* FROM o,
           unnest($14::uuid[], $15::int[], $16::text[], $17::text[], $18::text[], $19::text[], $20::int[], $21::int[], $22::int[], $23::int[])
             AS x (product_id, variant_id, sku, variant_label, size, name, price_cents, count, discount_cents, tax_cents)
         RETURNING *
       )
       SELECT o.*, (SELECT ${SETTLED_LINES_JSON} FROM l) AS lines FROM o`,
      [
        order.userId,
        order.guestEmail,
        order.userName,
        order.amountCents,
        order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress),
        order.subtotalCents,
        order.discountCents,
        order.shippingCents,
        order.taxCents,
        order.pricesIncludeTax,
        JSON.stringify(order.taxes),
        order.shippingMethod,
        order.discountCode,
        lines.map((line) => line.productId),
        lines.map((line) => line.variantId),
        lines.map((line) => line.sku),
        lines.map((line) => line.label),
        lines.map((line) => line.size ?? ''),
        lines.map((line) => line.name),
        lines.map((line) => line.priceCents),
        lines.map((line) => line.count),
        lines.map((line) => line.discountCents),
        lines.map((line) => line.taxCents),
        order.id,
      ],
    );
    return settled(row);
  }

  /**
   * A Pending order becomes Received with its provider's transaction (and, for a guest's order, the hash of its
   * link's token; null when the order is known to be an account's), in ONE prepared statement that also answers what
   * the paid order's mails need: the order, its lines and its buyer's e-mail, read as plain rows. Undefined when it
   * was no longer Pending.
   *
   * Other modules' `steps` run in the same statement (StatementStep), reading its CTEs: `paid`, one row when the
   * order was marked and none when it was not; `paid_lines` (product_id, variant_id, n), the order's counts per
   * variant when it was marked; `paid_buyer` (email), the address its mails go to when it was marked (a guest's, or
   * the account's as it is now; none for an account erased meanwhile). The settlement is one round trip however
   * many modules it concerns.
   */
  async markReceived(
    orderId: string,
    transactionId: string,
    guestTokenHash: Buffer | null,
    steps: StatementStep[] = [],
  ): Promise<{ order: OrderEntity; lines: OrderLineEntity[]; buyerEmail: string | null } | undefined> {
    const [row] = await this.db.preparedRows<SettledOrderRow & { buyer_email: string | null; lines: SettledLineJson[] }>(
      ...markedReceived(
        'order-paid',
        `SELECT o.*, (SELECT u.email FROM users u WHERE u.id = o.user_id) AS buyer_email,
                (SELECT ${SETTLED_LINES_JSON} FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM o`,
        [orderId, transactionId, guestTokenHash],
        steps,
      ),
    );
    if (!row) return undefined;
    return { ...settled(row), buyerEmail: row.buyer_email };
  }

  /**
   * {@link markReceived} for a caller that has the order already (the checkout, from its reservation): the same
   * statement and steps, answering only whether the order was marked (no columns, lines or e-mail read back).
   */
  async markReceivedOnly(
    orderId: string,
    transactionId: string,
    guestTokenHash: Buffer | null,
    steps: StatementStep[] = [],
  ): Promise<boolean> {
    const rows = await this.db.preparedRows<{ marked: boolean }>(
      ...markedReceived('order-mark', 'SELECT true AS marked FROM o', [orderId, transactionId, guestTokenHash], steps),
    );
    return rows.length > 0;
  }

  /** A Pending order becomes Failed, and says why (cut to the column's 255); false when it was no longer Pending. */
  markFailed(orderId: string, failure: string): Promise<boolean> {
    return this.leavePending(orderId, { status: 'Failed', failure: failure.slice(0, 255) });
  }

  /** Ids of Pending orders older than `olderThanSeconds`, oldest first. */
  async stalePendingIds(olderThanSeconds: number, limit: number): Promise<string[]> {
    const stale = await this.db.manager
      .createQueryBuilder(OrderEntity, 'o')
      .select('o.id')
      .where(`o.status = 'Pending' AND o.created_at < now() - make_interval(secs => :olderThanSeconds)`, { olderThanSeconds })
      .orderBy('o.created_at', 'ASC')
      .limit(limit)
      .getMany();
    return stale.map((order) => order.id);
  }

  /**
   * A Pending order's id and amount, its row locked until the caller's transaction ends (FOR UPDATE SKIP LOCKED);
   * null when it is no longer Pending or another transaction holds it.
   */
  lockPending(orderId: string): Promise<Pick<OrderEntity, 'id' | 'amountCents'> | null> {
    return this.db.manager
      .createQueryBuilder(OrderEntity, 'o')
      .select(['o.id', 'o.amountCents'])
      .where(`o.id = :orderId AND o.status = 'Pending'`, { orderId })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getOne();
  }

  /** A paid order (not Pending, not Failed), or null. */
  findPaid(orderId: string): Promise<OrderEntity | null> {
    return this.paidOrder(orderId).getOne();
  }

  /** A paid order, its row locked until the caller's transaction ends (FOR UPDATE: a second move waits), or null. */
  lockPaid(orderId: string): Promise<OrderEntity | null> {
    return this.paidOrder(orderId).setLock('pessimistic_write').getOne();
  }

  /** The order as the caller's transaction sees it now (it must exist: the caller holds its row). */
  get(orderId: string): Promise<OrderEntity> {
    return this.db.manager.findOneByOrFail(OrderEntity, { id: orderId });
  }

  /** An order's lines, in the transaction in context when there is one. */
  linesOf(orderId: string): Promise<OrderLineEntity[]> {
    return this.db.manager.find(OrderLineEntity, { where: { orderId } });
  }

  /** Moves a paid order to `status`, recording the refund of what was left of its money when there was one. */
  async setStatus(orderId: string, status: OrderStatus, refund: RecordedRefund | undefined): Promise<void> {
    await this.db.manager.update(
      OrderEntity,
      { id: orderId },
      refund
        ? {
            status,
            refundId: refund.reversalId,
            refundCents: refund.amountCents,
            refundKind: refund.kind,
            refundedAt: () => 'now()',
          }
        : { status },
    );
  }

  /** Records the refund of one line of an order (by its variant). */
  async refundLine(line: Pick<OrderLineEntity, 'orderId' | 'variantId'>, refund: Omit<RecordedRefund, 'kind'>): Promise<void> {
    await this.db.manager.update(
      OrderLineEntity,
      { orderId: line.orderId, variantId: line.variantId },
      { refundId: refund.reversalId, refundCents: refund.amountCents, refundedAt: () => 'now()' },
    );
  }

  /** The paid order whose link token hashes to `hash`, or null. */
  findPaidByGuestTokenHash(hash: Buffer): Promise<OrderEntity | null> {
    return this.db.manager
      .createQueryBuilder(OrderEntity, 'o')
      .where('o.guest_token_hash = :hash AND o.status NOT IN (:...unpaid)', { hash, unpaid: UNPAID })
      .getOne();
  }

  /**
   * The guest orders of `email` that no account owns join `userId`, with its name (one statement, in the transaction
   * in context): the caller has just confirmed that the account holds the address. Answers their ids.
   */
  async joinGuestOrders(userId: string, userName: string, email: string): Promise<string[]> {
    const rows = await this.db.transactionRows<{ id: string }>(
      `UPDATE orders SET user_id = $1, user_name = $2, updated_at = now()
        WHERE user_id IS NULL AND guest_email = $3 AND anonymised_at IS NULL RETURNING id`,
      [userId, userName, email],
    );
    return rows.map((row) => row.id);
  }

  /** Adds what a return refunded to its order line (the order row is locked by the caller). */
  async addReturnRefund(orderId: string, variantId: number, cents: number, count: number): Promise<void> {
    await this.db.transactionRows(
      `UPDATE order_lines SET return_refund_cents = return_refund_cents + $3, return_refunded_count = return_refunded_count + $4
       WHERE order_id = $1 AND variant_id = $2`,
      [orderId, variantId, cents, count],
    );
  }

  /** Records the refund of an order's shipping on its own. */
  async refundShipping(orderId: string, refund: Omit<RecordedRefund, 'kind'>): Promise<void> {
    await this.db.manager.update(
      OrderEntity,
      { id: orderId },
      { shippingRefundId: refund.reversalId, shippingRefundCents: refund.amountCents, shippingRefundedAt: () => 'now()' },
    );
  }

  /** The query of one paid order by id (the caller adds a lock or not). */
  private paidOrder(orderId: string): SelectQueryBuilder<OrderEntity> {
    return this.db.manager
      .createQueryBuilder(OrderEntity, 'o')
      .where('o.id = :orderId AND o.status NOT IN (:...unpaid)', { orderId, unpaid: UNPAID });
  }

  /** Moves a Pending order on (`changes` sets its new status); false when it was no longer Pending. */
  private async leavePending(
    orderId: string,
    changes: Pick<OrderEntity, 'status'> & Partial<Pick<OrderEntity, 'transactionId' | 'failure'>> & { paidAt?: () => string },
  ): Promise<boolean> {
    const result = await this.db.manager
      .createQueryBuilder()
      .update(OrderEntity)
      .set(changes)
      .where('id = :orderId AND status = :pending', { orderId, pending: 'Pending' })
      .execute();
    return result.affected === 1;
  }
}

/** The statement of {@link OrdersRepository.lastAddress} (exported for the EXPLAIN test, which must see exactly this SQL). */
export const lastAddressQuery = `SELECT o.shipping_address FROM orders o
   WHERE o.user_id = $1 AND o.shipping_address IS NOT NULL AND o.status NOT IN ('Pending', 'Failed')
   ORDER BY o.created_at DESC, o.id DESC LIMIT 1`;
/**
 * The name a listing's statement is prepared under (`prefix`, the filter's shape, `suffix`), or undefined to send it
 * as text. Prepared (each pool connection parses it once, and every later page sends the name and values, not its
 * 7 kB of text) only for the admin's lists every visit opens, all orders and one status, whose counts read the
 * totals kept by triggers. Postgres keeps planning each run with its values while a plan for any values would cost
 * more (so far always: a LIMIT given as a value is planned as a tenth of the rows), and should it switch, that plan
 * walks the same index (`apps/api/test/orders-volume.e2e-spec.ts`). Not prepared: the e-mail prefix search (a plan for
 * any prefix could not use the e-mail index's range), and a buyer's own orders, whose count of rows a plan for any
 * buyer may make a scan of the table (a buyer with most of the orders is what it would plan for).
 */
function preparedName(prefix: string, filter: OrderFilter, suffix = ''): string | undefined {
  const set = FILTER_FIELDS.filter((field) => filter[field] !== undefined);
  if (set.length > 1 || (set.length === 1 && set[0] !== 'status')) return undefined;
  return `${prefix}-${set[0] ?? 'all'}${suffix}`;
}

const FILTER_FIELDS = ['userId', 'status', 'from', 'to', 'number', 'orderId', 'emailPrefix'] as const satisfies ReadonlyArray<
  keyof OrderFilter
>;

/**
 * The statement counting the paid orders that match `filter`, from the cheapest source that can answer its shape: with
 * dates only (or nothing) the sum of the daily rollup over the range, with a status alone its row of the per-status
 * totals (both kept by triggers), and anything else (a buyer, a search, a status with dates) the matching rows,
 * counted up to one past the cap (`capped`: a count of more than ORDER_COUNT_CAP says "at least"). Its values are
 * appended to `values`, numbered after those already there, so it can be a column of the page's statement.
 */
function countQuery(filter: OrderFilter, values: unknown[]): { sql: string; capped: boolean } {
  const set = FILTER_FIELDS.filter((field) => filter[field] !== undefined);
  if (set.every((field) => field === 'from' || field === 'to')) {
    values.push(filter.from ?? null, filter.to ?? null);
    const [from, to] = [values.length - 1, values.length];
    return {
      sql: `SELECT coalesce(sum(orders), 0) AS n FROM order_daily_totals
             WHERE ($${from}::date IS NULL OR day >= $${from}::date) AND ($${to}::date IS NULL OR day <= $${to}::date)`,
      capped: false,
    };
  }
  if (set.length === 1 && set[0] === 'status') {
    values.push(filter.status);
    return { sql: `SELECT coalesce(sum(orders), 0)::int AS n FROM order_status_totals WHERE status = $${values.length}`, capped: false };
  }
  const { where } = conditions(filter, values);
  values.push(ORDER_COUNT_CAP + 1);
  return {
    sql: `SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${where.join(' AND ')} LIMIT $${values.length}) matching`,
    capped: true,
  };
}

/** A count as the list answers it: past the cap (a count of the rows up to one more), the cap and "at least". */
function counted(n: number, capped: boolean): { total: number; capped: boolean } {
  return capped && n > ORDER_COUNT_CAP ? { total: ORDER_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * Dollars from a column of cents as JavaScript's `cents / 100` is (a double, divided in float8), which Postgres
 * writes as JSON.stringify does (the shortest text that reads back as the same double).
 */
const dollars = (cents: string): string => `(${cents})::float8 / 100`;

/** A quoted SQL literal of a constant of the code (never of a request's input). */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** True when the order was priced with a breakdown (order.mapper.ts's hasBreakdown, in SQL). */
const PRICED = `(o.subtotal_cents IS NOT NULL AND (o.shipping_method IS NOT NULL OR o.discount_code IS NOT NULL
  OR (jsonb_typeof(o.taxes) = 'array' AND o.taxes <> '[]'::jsonb)))`;

/**
 * The order of an order's lines in the statement: by name, product, size (the shop's size order), options and
 * variant, as order.mapper.ts's compareLines sorts them. The database's collation may order two names otherwise
 * than JavaScript's localeCompare; the mapping checks each page's order (the line keys) and sorts what differs.
 */
const LINE_ORDER = `l.name, l.product_id, coalesce(array_position(ARRAY[${PRODUCT_SIZES.map(literal).join(', ')}]::text[], l.size::text), 0),
  l.variant_label, l.variant_id`;

/**
 * An order's lines in the wire's shape (order.mapper.ts's toOrder: the same keys in the same order; a key whose
 * value is NULL is dropped by the json_strip_nulls around the order, as toOrder leaves the key out).
 */
const LINES_JSON = `coalesce((SELECT json_agg(json_build_object('product', l.product_id, 'name', l.name, 'price', ${dollars('l.price_cents')},
    'count', l.count, 'size', nullif(l.size, ''), 'variant', l.variant_id, 'sku', l.sku, 'options', nullif(l.variant_label, ''),
    'discount', CASE WHEN ${PRICED} THEN ${dollars('l.discount_cents')} END, 'tax', CASE WHEN ${PRICED} THEN ${dollars('l.tax_cents')} END,
    'refund', CASE WHEN l.refund_id IS NOT NULL AND l.refund_cents IS NOT NULL AND l.refunded_at IS NOT NULL
      THEN json_build_object('id', l.refund_id, 'amount', ${dollars('l.refund_cents')}, 'at', ${isoTimestampSql('l.refunded_at')}) END)
    ORDER BY ${LINE_ORDER})
  FROM order_lines l WHERE l.order_id = o.id), '[]')`;

/** Each line's sort key ([name, product, size, options, variant]) in LINES_JSON's order, for an order of two lines or more. */
const LINE_KEYS_JSON = `(SELECT json_agg(json_build_array(l.name, l.product_id, l.size, l.variant_label, l.variant_id) ORDER BY ${LINE_ORDER})
  FROM order_lines l WHERE l.order_id = o.id HAVING count(*) > 1)`;

/** The address as toShippingAddress answers it: the form's fields in order, each only when it is text and not empty. */
const ADDRESS_JSON = `CASE WHEN jsonb_typeof(o.shipping_address) = 'object' THEN json_build_object(${SHIPPING_ADDRESS_FIELDS.map(
  (field) =>
    `'${field}', CASE WHEN jsonb_typeof(o.shipping_address -> '${field}') = 'string' THEN nullif(o.shipping_address ->> '${field}', '') END`,
).join(', ')}) END`;

/** The price breakdown as toPricing answers it, when the order has one. */
const PRICING_JSON = `CASE WHEN ${PRICED} THEN json_build_object('subtotal', ${dollars('coalesce(o.subtotal_cents, 0)')},
    'discount', ${dollars('coalesce(o.discount_cents, 0)')}, 'shipping', ${dollars('coalesce(o.shipping_cents, 0)')},
    'tax', ${dollars('coalesce(o.tax_cents, 0)')}, 'pricesIncludeTax', coalesce(o.prices_include_tax, false),
    'taxes', coalesce((SELECT json_agg(json_build_object('name', t.tax -> 'name', 'rate', (t.tax ->> 'rateMilli')::float8 / 1000,
        'amount', ${dollars("t.tax ->> 'cents'")}) ORDER BY t.n)
      FROM jsonb_array_elements(o.taxes) WITH ORDINALITY AS t (tax, n)), '[]'),
    'shippingMethod', nullif(o.shipping_method, ''), 'discountCode', nullif(o.discount_code, ''),
    'shippingRefund', CASE WHEN o.shipping_refund_id IS NOT NULL AND o.shipping_refund_cents IS NOT NULL AND o.shipping_refunded_at IS NOT NULL
      THEN json_build_object('id', o.shipping_refund_id, 'amount', ${dollars('o.shipping_refund_cents')},
        'at', ${isoTimestampSql('o.shipping_refunded_at')}) END) END`;

/**
 * An order in the wire's shape (the contract's Order, as order.mapper.ts's toOrder writes it: the same keys in the
 * same order, absent ones left out), written by Postgres as JSON text, compact as JSON.stringify writes it
 * (json_strip_nulls writes its result without spaces). Times are formatted as toISOString() would; with `parcels`,
 * its shipments and fulfilment.
 */
function orderJson(parcels: boolean): string {
  return `json_strip_nulls(json_build_object('_id', o.id, 'number', o.number,
    'user', json_build_object('_id', coalesce(o.user_id::text, ''), 'name', o.user_name), 'products', ${LINES_JSON},
    'amount', ${dollars('o.amount_cents')}, 'transactionId', coalesce(o.transaction_id, ''), 'status', o.status,
    'createdAt', ${isoTimestampSql('o.created_at')},
    'refund', CASE WHEN o.refund_id IS NOT NULL AND o.refund_cents IS NOT NULL AND o.refund_kind IS NOT NULL AND o.refunded_at IS NOT NULL
      THEN json_build_object('id', o.refund_id, 'amount', ${dollars('o.refund_cents')}, 'kind', o.refund_kind,
        'at', ${isoTimestampSql('o.refunded_at')}) END,
    'shippingAddress', ${ADDRESS_JSON}, 'pricing', ${PRICING_JSON}${
      parcels ? `, 'shipments', ${ORDER_SHIPMENTS_JSON}, 'fulfilment', ${ORDER_FULFILMENT_SQL}` : ''
    }))::text`;
}

/** The select list of a page's row ({@link ListedOrder} and the cursor's sort key), with and without the parcels. */
const LISTED_COLUMNS = {
  withParcels: `${SORT_KEY} AS k, o.id, ${orderJson(true)} AS json, ${LINE_KEYS_JSON} AS "lineKeys", ${ORDER_UNUSUAL_TRACKING_SQL} AS "unusualTracking"`,
  withoutParcels: `${SORT_KEY} AS k, o.id, ${orderJson(false)} AS json, ${LINE_KEYS_JSON} AS "lineKeys", false AS "unusualTracking"`,
};

/**
 * The statement of one page of a listing (exported for the EXPLAIN tests, which must see exactly this SQL): the
 * page's orders by the filter's index, each as its wire JSON with what the mapping checks ({@link ListedOrder}) and
 * its cursor's sort key (`k`). Postgres builds the JSON only for the rows the LIMIT keeps (after a sort too: an
 * expression with subqueries in the select list is computed after it).
 */
export function orderPageQuery(
  filter: OrderFilter,
  limit: number,
  after: Cursor | undefined,
  parcels = true,
  withCount = false,
): { sql: string; values: unknown[]; capped: boolean } {
  const { where, values } = conditions(filter);
  if (after) {
    values.push(after.key[0], after.id);
    where.push(`(o.created_at, o.id) < (($${values.length - 1})::timestamp AT TIME ZONE 'UTC', $${values.length}::uuid)`);
  }
  // The count's subquery refers to nothing of the page's row: Postgres computes it once (an InitPlan), not per row.
  const count = withCount ? countQuery(filter, values) : undefined;
  values.push(limit);
  return {
    sql: `SELECT ${parcels ? LISTED_COLUMNS.withParcels : LISTED_COLUMNS.withoutParcels}${count ? `, (${count.sql}) AS total` : ''}
         FROM orders o WHERE ${where.join(' AND ')}
        ORDER BY o.created_at DESC, o.id DESC LIMIT $${values.length}`,
    values,
    capped: count?.capped ?? false,
  };
}

/** The WHERE clause of a filter (paid orders only), its values appended to `values` (numbered after those there). */
function conditions(filter: OrderFilter, values: unknown[] = []): { where: string[]; values: unknown[] } {
  const where = [`o.status NOT IN ('Pending', 'Failed')`];
  const add = (sql: (n: number) => string, value: unknown): void => {
    values.push(value);
    where.push(sql(values.length));
  };
  if (filter.userId !== undefined) add((n) => `o.user_id = $${n}`, filter.userId);
  if (filter.status !== undefined) add((n) => `o.status = $${n}`, filter.status);
  if (filter.from !== undefined) add((n) => `o.created_at >= ($${n}::date)::timestamp AT TIME ZONE 'UTC'`, filter.from);
  if (filter.to !== undefined) add((n) => `o.created_at < ($${n}::date + 1)::timestamp AT TIME ZONE 'UTC'`, filter.to);
  if (filter.number !== undefined) add((n) => `o.number = $${n}`, filter.number);
  if (filter.orderId !== undefined) add((n) => `o.id = $${n}`, filter.orderId);
  if (filter.emailPrefix !== undefined) {
    // LIKE's wildcards in what was typed are literal characters, not patterns.
    add((n) => `lower(o.user_email) LIKE $${n} ESCAPE '\\'`, `${filter.emailPrefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  }
  return { where, values };
}

/** True when `key` is a sort key this repository wrote into a cursor. */
export function isOrderCursorKey(key: readonly (string | number)[]): boolean {
  return key.length === 1 && typeof key[0] === 'string' && CURSOR_KEY.test(key[0]) && isCalendarDateTime(key[0]);
}

/**
 * The columns {@link OrdersRepository.markReceived} answers, named (never `*`: a prepared statement whose result
 * changes shape, as a migration's new column would make it, fails with "cached plan must not change result type").
 */
const SETTLED_ORDER_COLUMNS = `id, number, user_id, user_email, guest_email, user_name, status, amount_cents, transaction_id, failure,
  refund_id, refund_cents, refund_kind, refunded_at, shipping_address, subtotal_cents, discount_cents, shipping_cents, tax_cents,
  prices_include_tax, taxes, shipping_refund_id, shipping_refund_cents, shipping_refunded_at, shipping_method, discount_code, paid_at,
  created_at, updated_at`;

/**
 * The prepared statement of {@link OrdersRepository.markReceived} (named `name` and its steps' names): the order
 * marked Received as `o` with the CTEs its steps read (`paid`, `paid_lines`, `paid_buyer`), the steps, then `select`
 * (reading `o`). `values` are the order's id, the transaction id and the guest token's hash ($1-$3).
 */
function markedReceived(
  name: string,
  select: string,
  values: [string, string, Buffer | null],
  steps: StatementStep[],
): [string, string, unknown[]] {
  let next = values.length + 1;
  const parts = steps.map((step) => {
    const sql = step.sql(next);
    next += step.values.length;
    return sql;
  });
  return [
    [name, ...steps.map((step) => step.name)].join('+'),
    `WITH o AS (
       UPDATE orders SET status = 'Received', transaction_id = $2, paid_at = now(), updated_at = now(),
              guest_token_hash = CASE WHEN user_id IS NULL AND guest_email IS NOT NULL THEN $3::bytea ELSE guest_token_hash END
        WHERE id = $1 AND status = 'Pending'
       RETURNING ${SETTLED_ORDER_COLUMNS}
     ), paid AS (
       SELECT FROM o
     ), paid_lines AS (
       SELECT l.product_id, l.variant_id, sum(l.count)::int AS n FROM order_lines l
        WHERE l.order_id = $1 AND EXISTS (SELECT FROM paid) GROUP BY l.product_id, l.variant_id
     ), paid_buyer AS (
       SELECT b.email FROM o, LATERAL (SELECT CASE WHEN o.user_id IS NULL THEN o.guest_email
                                                   ELSE (SELECT u.email FROM users u WHERE u.id = o.user_id) END AS email) AS b
        WHERE b.email IS NOT NULL
     )${parts.map((sql) => `, ${sql}`).join('')}
     ${select}`,
    [...values, ...steps.flatMap((step) => step.values)],
  ];
}

/** An `orders` row as {@link SETTLED_ORDER_COLUMNS} reads it (snake_case; bigint as text). */
interface SettledOrderRow {
  id: string;
  number: string;
  user_id: string | null;
  user_email: string | null;
  guest_email: string | null;
  user_name: string;
  status: OrderEntity['status'];
  amount_cents: number;
  transaction_id: string | null;
  failure: string | null;
  refund_id: string | null;
  refund_cents: number | null;
  refund_kind: RefundKind | null;
  refunded_at: Date | null;
  shipping_address: ShippingAddress | null;
  subtotal_cents: number | null;
  discount_cents: number | null;
  shipping_cents: number | null;
  tax_cents: number | null;
  prices_include_tax: boolean | null;
  taxes: OrderTax[] | null;
  shipping_refund_id: string | null;
  shipping_refund_cents: number | null;
  shipping_refunded_at: Date | null;
  shipping_method: string | null;
  discount_code: string | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An order line as json_build_object writes it (its timestamp as text). */
type SettledLineJson = Omit<OrderLineEntity, 'orderId' | 'order' | 'refundedAt'> & { refundedAt: string | null };

/** An order's lines (`l`) as {@link SettledLineJson}s, one JSON array. */
const SETTLED_LINES_JSON = `json_agg(json_build_object('productId', l.product_id, 'variantId', l.variant_id, 'sku', l.sku,
  'variantLabel', l.variant_label, 'size', l.size, 'name', l.name, 'priceCents', l.price_cents, 'count', l.count,
  'discountCents', l.discount_cents, 'taxCents', l.tax_cents, 'refundId', l.refund_id, 'refundCents', l.refund_cents,
  'refundedAt', l.refunded_at, 'returnRefundCents', l.return_refund_cents, 'returnRefundedCount', l.return_refunded_count))`;

/** An order and its lines as one statement answered them ({@link SETTLED_ORDER_COLUMNS}, {@link SETTLED_LINES_JSON}). */
function settled(row: SettledOrderRow & { lines: SettledLineJson[] }): { order: OrderEntity; lines: OrderLineEntity[] } {
  const order = settledOrder(row);
  const lines = row.lines.map((line) =>
    Object.assign(new OrderLineEntity(), {
      ...line,
      orderId: order.id,
      refundedAt: line.refundedAt === null ? null : new Date(line.refundedAt),
    }),
  );
  return { order, lines };
}

/** The entity of an `orders` row read by hand (the mappers take entities; building one by TypeORM costs far more). */
function settledOrder(row: SettledOrderRow): OrderEntity {
  return Object.assign(new OrderEntity(), {
    id: row.id,
    number: Number(row.number),
    userId: row.user_id,
    userEmail: row.user_email,
    guestEmail: row.guest_email,
    userName: row.user_name,
    status: row.status,
    amountCents: row.amount_cents,
    transactionId: row.transaction_id,
    failure: row.failure,
    refundId: row.refund_id,
    refundCents: row.refund_cents,
    refundKind: row.refund_kind,
    refundedAt: row.refunded_at,
    shippingAddress: row.shipping_address,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    taxCents: row.tax_cents,
    pricesIncludeTax: row.prices_include_tax,
    taxes: row.taxes,
    shippingRefundId: row.shipping_refund_id,
    shippingRefundCents: row.shipping_refund_cents,
    shippingRefundedAt: row.shipping_refunded_at,
    shippingMethod: row.shipping_method,
    discountCode: row.discount_code,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
