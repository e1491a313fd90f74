import type { Order } from '@store/contract';

/**
 * Units of each line (by variant) that have left the shop, so can be sent back (docs/returns.md): every unit once the
 * order is Shipped or Delivered; before that (a partly shipped order stays Processing) those in its parcels.
 */
export function shippedUnits(order: Pick<Order, 'status' | 'products' | 'shipments'>): Map<number, number> {
  const units = new Map<number, number>();
  const all = order.status === 'Shipped' || order.status === 'Delivered';
  for (const line of order.products) {
    if (line.variant === undefined) continue;
    const inParcels = (order.shipments ?? [])
      .flatMap((shipment) => shipment.lines)
      .filter((shipped) => shipped.variant === line.variant)
      .reduce((sum, shipped) => sum + shipped.count, 0);
    units.set(line.variant, all ? line.count : Math.min(line.count, inParcels));
  }
  return units;
}

/** Whether anything of the order can be asked back: it has shipped, or (still Processing) a parcel of it has left. */
export function canAskForReturn(order: Pick<Order, 'status' | 'shipments'>): boolean {
  if (order.status === 'Shipped' || order.status === 'Delivered') return true;
  return order.status === 'Processing' && (order.shipments ?? []).length > 0;
}
