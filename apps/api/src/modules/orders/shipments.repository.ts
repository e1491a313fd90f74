import { Injectable } from '@nestjs/common';
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

/**
 * Every SQL statement on `shipments` and `shipment_lines` (hand-written: one statement per read, the lines gathered
 * as JSON). The writes run in the caller's transaction, which holds the order's row (OrdersRepository.lockPaid),
 * so two admins shipping the same order queue and the second sees what the first shipped.
 */
@Injectable()
export class ShipmentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The shipments of these orders, oldest first, in the transaction in context when there is one. The one read
   * every order page uses (a buyer's, an admin's, a guest's by its token): pass the orders' ids, map with toShipments.
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
