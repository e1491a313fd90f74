import { formatCents, formatDollars, type GuestOrder, type OrderLine, orderNumber, toCents } from '@store/contract';
import type { ReactNode } from 'react';
import { formatOrderDate } from '@/components/order-items';
import { StatusBadge } from '@/components/order-status';
import { pricingRows } from '@/components/order-pricing';
import { OrderShipments } from '@/components/order-shipments';
import { ShippingAddressBlock } from '@/components/shipping-address';

/**
 * Fields other parts of the store add to order lines (a size): shown when the line has one, so orders placed
 * before sizes existed still read well.
 */
type LineWithSize = OrderLine & { size?: string | null };

/**
 * An order's number, date and status, `children` (a note), its items (with sizes), price breakdown and total, where
 * it ships and its parcels: the buyer's confirmation and a guest's order page alike.
 */
export function OrderReceipt({ order, children }: { order: GuestOrder; children?: ReactNode }) {
  return (
    <section className="card shadow-sm" aria-labelledby="order-number">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="order-number" className="h4 mb-0" title={order._id}>
            Order {orderNumber(order)}
          </h2>
          <div className="d-flex align-items-center gap-2">
            <span className="text-body-secondary small">{formatOrderDate(order.createdAt)}</span>
            <StatusBadge status={order.status} />
          </div>
        </div>
        {children}
        <table className="table align-middle mb-3">
          <caption className="visually-hidden">Items in this order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col" className="text-end">
                Quantity
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {(order.products as LineWithSize[]).map((line) => (
              <tr key={`${line.product}-${line.size ?? ''}`}>
                <td>{line.name}</td>
                <td>{line.size ?? <span className="text-body-secondary">-</span>}</td>
                <td className="text-end">{line.count}</td>
                <td className="text-end">{formatCents(toCents(line.price) * line.count)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.pricing
              ? pricingRows(order.pricing).map((row) => (
                  <tr key={row.label}>
                    <th scope="row" colSpan={3} className="text-end fw-normal">
                      {row.label}
                    </th>
                    <td className="text-end">{row.amount}</td>
                  </tr>
                ))
              : null}
            <tr>
              <th scope="row" colSpan={3} className="text-end">
                Total
              </th>
              <td className="text-end fw-semibold" data-testid="order-total">
                {formatDollars(order.amount)}
              </td>
            </tr>
          </tfoot>
        </table>
        {order.shippingAddress ? (
          <>
            <h3 className="h6">Shipping to</h3>
            <ShippingAddressBlock address={order.shippingAddress} />
          </>
        ) : null}
        <OrderShipments order={order} />
      </div>
    </section>
  );
}
