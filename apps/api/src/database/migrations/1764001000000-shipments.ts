import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipments: the parcels an order leaves in (carrier, tracking number, when it left and when it arrived) and how
 * many units of each order line each one holds. A line is named by its order and variant, the order line's own
 * key, so a parcel can only hold lines of its own order.
 */
export class Shipments1764001000000 implements MigrationInterface {
  name = 'Shipments1764001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        carrier varchar(16) NOT NULL,
        tracking_number varchar(40) NOT NULL,
        shipped_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        delivered_at timestamptz
      )`);
    await q.query(`CREATE INDEX shipments_order_idx ON shipments (order_id, shipped_at)`);
    await q.query(`
      CREATE TABLE shipment_lines (
        shipment_id uuid NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
        order_id uuid NOT NULL,
        variant_id integer NOT NULL,
        count integer NOT NULL CHECK (count > 0),
        PRIMARY KEY (shipment_id, variant_id),
        FOREIGN KEY (order_id, variant_id) REFERENCES order_lines (order_id, variant_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX shipment_lines_order_idx ON shipment_lines (order_id, variant_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shipment_lines`);
    await q.query(`DROP TABLE shipments`);
  }
}
