import type { Order } from '@store/contract';
import type { Shipment } from '@store/contract/dto/shipments';
import type { ReactNode } from 'react';
import { formatOrderDate } from './order-items';

/**
 * An order's parcels as the server answers them (`shipments`, `fulfilment`): for each, the carrier, the tracking
 * number (a link to the carrier's tracking page when it has one), what is in it, and when it left and arrived. Shared
 * by the buyer's pages, the admin's order list and the guest's order page; `actions` adds a control per parcel (the
 * admin's "Mark delivered").
 */
export function OrderShipments({
  order,
  actions,
}: {
  order: Pick<Order, '_id' | 'shipments' | 'fulfilment'>;
  actions?: (shipment: Shipment) => ReactNode;
}) {
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  return (
    <section className="mt-2 small" aria-label={`Shipments of order ${order._id.slice(0, 8).toUpperCase()}`}>
      <div className="fw-semibold">{order.fulfilment ?? 'Shipped'}</div>
      <ul className="list-unstyled mb-0">
        {shipments.map((shipment) => (
          <li key={shipment._id} className="border-start ps-2 mt-1" aria-label={`Parcel ${shipment.trackingNumber}`}>
            <div>
              {shipment.carrierName}{' '}
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipment.trackingNumber}
                </a>
              ) : (
                <span>{shipment.trackingNumber}</span>
              )}
            </div>
            <div className="text-body-secondary">
              {shipment.lines.map((line) => `${line.name}${line.options ? ` (${line.options})` : ''} × ${line.count}`).join(', ')}
            </div>
            <div className="text-body-secondary">
              Shipped {formatOrderDate(shipment.shippedAt)}
              {shipment.deliveredAt ? ` · Delivered ${formatOrderDate(shipment.deliveredAt)}` : ''}
            </div>
            {actions?.(shipment)}
          </li>
        ))}
      </ul>
    </section>
  );
}
