import { orderNumber } from '@store/contract';
import { Alert } from '@/components/alert';
import { formatOrderDate } from '@/components/order-items';
import { shippingAddressLines } from '@/components/shipping-address';
import { Spinner } from '@/components/spinner';
import { useOrder } from '../api/get-order';

/**
 * One order's packing slip, to print and put in the parcel: the shop, the order number and date, where it goes, and
 * every line with how many were ordered, have shipped already and are still to pack. No prices (a gift is a gift).
 * The print style sheet (styles.css, `@media print`) leaves out the shop's frame and this page's buttons.
 */
export function PackingSlip({ orderId }: { orderId: string }) {
  const { data: order, error, isPending } = useOrder(orderId);
  if (isPending) return <Spinner label="Loading the order..." />;
  if (error || !order) return <Alert variant="danger">{error?.message ?? 'Order not found'}</Alert>;
  const shipped = new Map<number, number>();
  for (const shipment of order.shipments ?? []) {
    for (const line of shipment.lines) shipped.set(line.variant, (shipped.get(line.variant) ?? 0) + line.count);
  }
  const address = order.shippingAddress ? shippingAddressLines(order.shippingAddress) : [];
  return (
    <article className="packing-slip card card-body shadow-sm" aria-label="Packing slip">
      <div className="d-flex justify-content-between flex-wrap gap-2">
        <div>
          <div className="h4 mb-0">T-Shirt Store</div>
          <div className="text-body-secondary">Packing slip</div>
        </div>
        <div className="text-end">
          <div className="fw-semibold" data-testid="slip-order-number">
            Order {orderNumber(order)}
          </div>
          <div className="small">{formatOrderDate(order.createdAt)}</div>
          <div className="small">Status: {order.fulfilment ?? order.status}</div>
        </div>
      </div>
      <div className="mt-3">
        <div className="fw-semibold">Ship to</div>
        {address.length > 0 ? (
          <address className="mb-0">
            {address.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        ) : (
          <div>{order.user.name}</div>
        )}
      </div>
      <table className="table table-sm mt-3 mb-0">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col" className="text-end">
              Ordered
            </th>
            <th scope="col" className="text-end">
              Shipped
            </th>
            <th scope="col" className="text-end">
              To pack
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line) => {
            const done = line.variant !== undefined ? (shipped.get(line.variant) ?? 0) : 0;
            return (
              <tr key={`${line.product}-${line.variant ?? line.size ?? ''}`}>
                <td>
                  {line.name}
                  {line.options || line.size ? ` (${line.options || line.size})` : ''}
                  {line.refund ? ' (refunded)' : ''}
                </td>
                <td>{line.sku ?? ''}</td>
                <td className="text-end">{line.count}</td>
                <td className="text-end">{done}</td>
                <td className="text-end fw-semibold">{line.refund ? 0 : Math.max(line.count - done, 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(order.shipments ?? []).length > 0 ? (
        <div className="small mt-3">
          Parcels: {order.shipments!.map((shipment) => `${shipment.carrierName} ${shipment.trackingNumber}`).join(', ')}
        </div>
      ) : null}
      <div className="no-print mt-3">
        <button type="button" className="btn btn-success" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </article>
  );
}
