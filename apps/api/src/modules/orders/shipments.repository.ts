import { Injectable } from '@nestjs/common';
import { CARRIERS } from '@store/contract/dto/shipments';
import { isoTimestampSql } from '../../database/pg.js';
import { Database } from '../../database/transactions.js';

/** A shipment as stored: its parcel and how many units of each order line (by variant) it holds. */
export interface ShipmentRow {
  id: string;
  orderId: string;
  carrier: string;
  trackingNumber: string;
  shippedAt: Date;
  deliveredAt: Date | null;
  lines: Array<{ variantId: number; count: number }>;
}

/** A quoted SQL literal of a constant of the code (never of a request's input). */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * A tracking number the statement makes a link of as the contract's trackingUrl does: letters, digits, hyphens and
 * spaces (what the ship form accepts), the spaces taken out; encodeURIComponent leaves the rest as it is. Any other
 * number is left to the mapping (ORDER_UNUSUAL_TRACKING_SQL).
 */
const PLAIN_TRACKING = `'^[A-Za-z0-9 -]*$'`;

/** The carrier's name and tracking page (the contract's carrierName and trackingUrl, over its CARRIERS). */
const CARRIER_NAME = `CASE s.carrier ${CARRIERS.map((carrier) => `WHEN ${literal(carrier.code)} THEN ${literal(carrier.name)}`).join(' ')} ELSE s.carrier END`;
const TRACKING_URL = `CASE WHEN s.tracking_number ~ ${PLAIN_TRACKING} THEN CASE s.carrier ${CARRIERS.filter(
  (carrier) => carrier.trackingUrl,
)
  .map(
    (carrier) =>
      `WHEN ${literal(carrier.code)} THEN replace(${literal(carrier.trackingUrl ?? '')}, '{tracking}', replace(s.tracking_number, ' ', ''))`,
  )
  .join(' ')} END END`;

/**
 * The parts of the order listings' statement (OrdersRepository's orderPageQuery, over `orders o`) that read the
 * parcels, so a page's parcels come in its one statement: the parcels of order `o`, oldest first, in the wire's
 * shape as toShipments answers them (each line named as the order's line is; a NULL is left out by the
 * json_strip_nulls around the order).
 */
export const ORDER_SHIPMENTS_JSON = `(SELECT json_agg(json_build_object('_id', s.id, 'carrier', s.carrier, 'carrierName', ${CARRIER_NAME},
    'trackingNumber', s.tracking_number, 'trackingUrl', ${TRACKING_URL},
    'lines', coalesce((SELECT json_agg(json_build_object('product', ol.product_id, 'variant', sl.variant_id, 'name', ol.name,
        'options', nullif(ol.variant_label, ''), 'sku', nullif(ol.sku, ''), 'count', sl.count) ORDER BY sl.variant_id)
      FROM shipment_lines sl JOIN order_lines ol ON ol.order_id = sl.order_id AND ol.variant_id = sl.variant_id
      WHERE sl.shipment_id = s.id), '[]'),
    'shippedAt', ${isoTimestampSql('s.shipped_at')}, 'deliveredAt', ${isoTimestampSql('s.delivered_at')}) ORDER BY s.shipped_at, s.id)
  FROM shipments s WHERE s.order_id = o.id)`;

/** Whether a parcel's tracking number is not a PLAIN_TRACKING one (the mapping then makes its link). */
export const ORDER_UNUSUAL_TRACKING_SQL = `EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id AND s.tracking_number !~ ${PLAIN_TRACKING})`;

/** fulfilmentOf in SQL: nothing before a parcel has left; then whether every line not refunded has all its units in parcels. */
export const ORDER_FULFILMENT_SQL = `CASE WHEN EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) THEN
    CASE WHEN EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.refund_id IS NULL
           AND l.count > coalesce((SELECT sum(sl.count) FROM shipment_lines sl WHERE sl.order_id = o.id AND sl.variant_id = l.variant_id), 0))
         THEN 'Partly shipped'
         WHEN EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id AND s.delivered_at IS NULL) THEN 'Shipped'
         ELSE 'Delivered' END
  END`;

/**
 * Every SQL statement on `shipments` and `shipment_lines` (hand-written: one statement per read, the lines gathered
 * as JSON), and the parts of the listings' statement that read them (above). The writes run in the caller's
 * transaction, which holds the order's row (OrdersRepository.lockPaid), so two admins shipping the same order queue
 * and the second sees what the first shipped.
 */
@Injectable()
export class ShipmentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The shipments of these orders, oldest first, in the transaction in context when there is one. The read of a
   * single order's page (a buyer's, an admin's, a guest's by its token): pass the orders' ids, map with toShipments.
   * The listings read theirs in their page's statement (ORDER_SHIPMENTS_JSON).
   */
  async forOrders(orderIds: readonly string[]): Promise<ShipmentRow[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.db.rows<{
      id: string;
      order_id: string;
      carrier: string;
      tracking_number: string;
      shipped_at: Date;
      delivered_at: Date | null;
      lines: Array<{ variant_id: number; count: number }>;
    }>(
      `SELECT s.id, s.order_id, s.carrier, s.tracking_number, s.shipped_at, s.delivered_at,
              (SELECT json_agg(json_build_object('variant_id', l.variant_id, 'count', l.count) ORDER BY l.variant_id)
                 FROM shipment_lines l WHERE l.shipment_id = s.id) AS lines
         FROM shipments s WHERE s.order_id = ANY($1::uuid[])
        ORDER BY s.shipped_at, s.id`,
      [orderIds],
    );
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      carrier: row.carrier,
      trackingNumber: row.tracking_number,
      shippedAt: row.shipped_at,
      deliveredAt: row.delivered_at,
      lines: (row.lines ?? []).map((line) => ({ variantId: line.variant_id, count: line.count })),
    }));
  }

  /** Records a parcel and its lines; its id. Only in a transaction that holds the order's row. */
  async insert(
    orderId: string,
    parcel: { carrier: string; trackingNumber: string },
    lines: ReadonlyArray<{ variantId: number; count: number }>,
  ): Promise<string> {
    const [{ id }] = await this.db.transactionRows<{ id: string }>(
      `INSERT INTO shipments (order_id, carrier, tracking_number) VALUES ($1, $2, $3) RETURNING id`,
      [orderId, parcel.carrier, parcel.trackingNumber],
    );
    await this.db.transactionRows(
      `INSERT INTO shipment_lines (shipment_id, order_id, variant_id, count)
       SELECT $1, $2, v.variant_id, v.count FROM unnest($3::int[], $4::int[]) AS v(variant_id, count)`,
      [id, orderId, lines.map((line) => line.variantId), lines.map((line) => line.count)],
    );
    return id;
  }

  /**
   * Marks a parcel of the order delivered, once: 'delivered', 'already' (it was), or 'missing' (no such parcel in
   * this order).
   */
  async markDelivered(orderId: string, shipmentId: string): Promise<'delivered' | 'already' | 'missing'> {
    const rows = await this.db.transactionRows<{ was: Date | null }>(
      `UPDATE shipments s SET delivered_at = coalesce(s.delivered_at, now())
         FROM shipments before WHERE s.id = before.id AND s.id = $2 AND s.order_id = $1
       RETURNING before.delivered_at AS was`,
      [orderId, shipmentId],
    );
    if (rows.length === 0) return 'missing';
    return rows[0].was === null ? 'delivered' : 'already';
  }

  /** Whether the order has any shipment (a shipped order can no longer be cancelled). */
  async any(orderId: string): Promise<boolean> {
    const rows = await this.db.rows<{ n: number }>(`SELECT 1 AS n FROM shipments WHERE order_id = $1 LIMIT 1`, [orderId]);
    return rows.length > 0;
  }
}
