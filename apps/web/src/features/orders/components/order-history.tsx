import { formatDollars } from '@store/contract';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { LoadMore } from '@/components/load-more';
import { RefundNote } from '@/components/refund-note';
import { Spinner } from '@/components/spinner';
import { useMyOrders } from '../api/list-my-orders';
import { OrderItems, formatOrderDate, shortOrderId } from '@/components/order-items';
import { StatusBadge } from '@/components/order-status';
import { ShippingAddressBlock } from '@/components/shipping-address';
import { OrderPricingList } from '@/components/order-pricing';
import { OrderShipments } from '@/components/order-shipments';
import { hrefs } from '@/lib/paths';
import { canAskForReturn } from './returnable';

/** The buyer's own orders, newest first as the server lists them, a page at a time. */
export function OrderHistory() {
  const list = useMyOrders();
  const orders = list.items;
  if (list.error && orders.length === 0) return <Alert variant="danger">{list.error}</Alert>;
  if (list.loading) return <Spinner label="Loading your orders..." />;
  if (orders.length === 0) return <p className="text-body-secondary">You have no orders yet.</p>;
  return (
    <>
      <ul className="list-group shadow-sm" aria-label="Your orders">
        {orders.map((order) => (
          <li key={order._id} className="list-group-item py-3" aria-label={`Order ${shortOrderId(order._id)}`}>
            <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
              <div>
                <span className="fw-semibold" title={order._id}>
                  Order {shortOrderId(order._id)}
                </span>
                <span className="text-body-secondary small ms-2">{formatOrderDate(order.createdAt)}</span>
              </div>
              <div className="d-flex align-items-center gap-2">
                <StatusBadge status={order.status} />
                <span className="fw-semibold">{formatDollars(order.amount)}</span>
              </div>
            </div>
            <OrderItems order={order} />
            <OrderPricingList pricing={order.pricing} />
            <ShippingAddressBlock address={order.shippingAddress} inline />
            {order.refund ? <RefundNote refund={order.refund} /> : null}
            <OrderShipments order={order} />
            {canAskForReturn(order) ? (
              <Link to={hrefs.orderReturns(order._id)} className="btn btn-sm btn-outline-secondary mt-2">
                Return or exchange items
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more orders" />
    </>
  );
}
