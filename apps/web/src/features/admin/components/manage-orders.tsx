import { formatDollars, ORDER_STATUSES, type Order, type OrderStatus, type OrderLine } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { LoadMore } from '@/components/load-more';
import { RefundNote } from '@/components/refund-note';
import { ShippingAddressBlock } from '@/components/shipping-address';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useExportOrders } from '../api/export-orders';
import { type OrderFilters, useOrders } from '../api/list-orders';
import { useRefundLine } from '../api/refund-line';
import { useRefundShipping } from '../api/refund-shipping';
import { useSetOrderStatus } from '../api/set-order-status';
import { OrderItems, formatOrderDate, shortOrderId } from '@/components/order-items';
import { StatusBadge, nextStatuses } from '@/components/order-status';
import { OrderPricingList } from '@/components/order-pricing';
import { OrderShipments } from '@/components/order-shipments';
import { hrefs } from '@/lib/paths';
import { useMarkShipmentDelivered } from '../api/mark-shipment-delivered';
import { ShipOrder } from './ship-order';

/**
 * The shop's orders, newest first, a page at a time: filtered by status and date range, searched by order number
 * or buyer e-mail, exported as CSV; each with its buyer, items, amount, status and a control to move it along.
 */
export function ManageOrders() {
  const [filters, setFilters] = useState<OrderFilters>({});
  // A status move or a refund shows in the list as the server answered it (useSetOrderStatus, useRefundLine).
  const list = useOrders(filters);
  // Refunds and cancellations (which refund) are offered to owners, status moves to those who may edit.
  const { isOwner, canEdit } = useStaffPermissions();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <OrderFilterForm onApply={setFilters} />
      {list.error && list.items.length === 0 ? <Alert variant="danger">{list.error}</Alert> : null}
      {list.loading ? <Spinner label="Loading orders..." /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <p className="text-body-secondary">{filtered ? 'No orders match.' : 'No orders yet.'}</p>
      ) : null}
      {list.items.length > 0 ? (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {list.total.toLocaleString('en-US')}
            {list.capped ? '+' : ''} {list.total === 1 ? 'order' : 'orders'}
            {filtered ? ' match' : ''}
          </p>
          <ul className="list-group shadow-sm" aria-label="Orders">
            {list.items.map((order) => (
              <li key={order._id} className="list-group-item py-3" aria-label={`Order ${shortOrderId(order._id)}`}>
                <div className="row g-3 align-items-start">
                  <div className="col-md-4">
                    <div className="fw-semibold" title={order._id}>
                      Order {shortOrderId(order._id)}
                      {order.number !== undefined ? <span className="text-body-secondary fw-normal"> · No. {order.number}</span> : null}
                    </div>
                    <div className="small text-body-secondary">{formatOrderDate(order.createdAt)}</div>
                    <div className="small">
                      Buyer: <span className="fw-semibold">{order.user?.name ?? 'unknown'}</span>
                    </div>
                    {order.transactionId ? <div className="small text-body-secondary">Transaction {order.transactionId}</div> : null}
                    {order.shippingAddress ? (
                      <div className="small mt-2">
                        <div className="text-body-secondary">Ship to</div>
                        <ShippingAddressBlock address={order.shippingAddress} />
                      </div>
                    ) : null}
                  </div>
                  <div className="col-md-4">
                    <OrderItems order={order} />
                    <OrderPricingList pricing={order.pricing} />
                    <div className="fw-semibold mt-1">Amount: {formatDollars(order.amount)}</div>
                    {order.refund ? <RefundNote refund={order.refund} /> : null}
                    {isOwner ? <LineRefunds order={order} /> : null}
                    {isOwner ? <ShippingRefund order={order} /> : null}
                  </div>
                  <div className="col-md-4">
                    <StatusControl order={order} canEdit={canEdit} canCancel={isOwner} />
                    <Shipping order={order} canEdit={canEdit} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore list={list} label="Load more orders" />
        </>
      ) : null}
    </>
  );
}

interface FilterValues {
  status: OrderStatus | '';
  from: string;
  to: string;
  q: string;
}

/** Status, date range and search for the list, and the CSV export of what they select. */
function OrderFilterForm({ onApply }: { onApply: (filters: OrderFilters) => void }) {
  const { register, handleSubmit, getValues } = useForm<FilterValues>({ defaultValues: { status: '', from: '', to: '', q: '' } });
  const exportOrders = useExportOrders();
  const asFilters = (values: FilterValues): OrderFilters => ({
    status: values.status || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    q: values.q.trim() || undefined,
  });
  const download = async () => {
    try {
      const filters = asFilters(getValues());
      const url = URL.createObjectURL(await exportOrders.mutateAsync(filters));
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders${filters.from ? `-from-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (cause) {
      console.error(cause);
    }
  };
  return (
    <form
      className="card card-body shadow-sm mb-3"
      aria-label="Find orders"
      onSubmit={handleSubmit((values) => onApply(asFilters(values)))}
    >
      <div className="row g-2 align-items-end">
        <div className="col-md-3">
          <label className="form-label small mb-1" htmlFor="orders-q">
            Order number or e-mail
          </label>
          <input id="orders-q" type="search" className="form-control form-control-sm" maxLength={254} {...register('q')} />
        </div>
        <div className="col-md-3">
          <label className="form-label small mb-1" htmlFor="orders-status">
            Status
          </label>
          <select id="orders-status" className="form-select form-select-sm" {...register('status')}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-2">
          <label className="form-label small mb-1" htmlFor="orders-from">
            From
          </label>
          <input id="orders-from" type="date" className="form-control form-control-sm" {...register('from')} />
        </div>
        <div className="col-md-2">
          <label className="form-label small mb-1" htmlFor="orders-to">
            To
          </label>
          <input id="orders-to" type="date" className="form-control form-control-sm" {...register('to')} />
        </div>
        <div className="col-md-2 d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-success">
            Find
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void download()}
            disabled={exportOrders.isPending}
          >
            {exportOrders.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      <ActionError error={exportOrders.error} />
    </form>
  );
}

function StatusControl({ order, canEdit, canCancel }: { order: Order; canEdit: boolean; canCancel: boolean }) {
  const setStatus = useSetOrderStatus();
  const options = canEdit ? nextStatuses(order.status).filter((status) => canCancel || status !== 'Cancelled') : [];
  const { register, handleSubmit } = useForm<{ status: OrderStatus | '' }>({ values: { status: options[0] ?? '' } });
  const id = `status-${order._id}`;

  const onSubmit = handleSubmit(({ status }) => {
    if (status) setStatus.mutate({ orderId: order._id, status });
  });

  return (
    <form onSubmit={onSubmit} aria-label={`Status of order ${shortOrderId(order._id)}`}>
      <div className="mb-2">
        Status: <StatusBadge status={order.status} />
      </div>
      {options.length > 0 ? (
        <div className="input-group input-group-sm">
          <label className="input-group-text" htmlFor={id}>
            Move to
          </label>
          <select id={id} className="form-select" {...register('status')}>
            {options.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-success" disabled={setStatus.isPending}>
            Update
          </button>
        </div>
      ) : (
        <div className="small text-body-secondary">{canEdit && nextStatuses(order.status).length === 0 ? 'Final status' : null}</div>
      )}
      <ActionError error={setStatus.error} />
    </form>
  );
}

/**
 * The order's parcels (each with "Mark delivered" until it arrives), the form to ship what is left, and the link to
 * its printable packing slip.
 */
function Shipping({ order, canEdit }: { order: Order; canEdit: boolean }) {
  const markDelivered = useMarkShipmentDelivered();
  return (
    <div className="mt-2">
      <OrderShipments
        order={order}
        actions={(shipment) =>
          canEdit && !shipment.deliveredAt ? (
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              disabled={markDelivered.isPending}
              onClick={() => markDelivered.mutate({ orderId: order._id, shipmentId: shipment._id })}
            >
              Mark delivered
            </button>
          ) : null
        }
      />
      {canEdit ? <ShipOrder order={order} /> : null}
      {order.status !== 'Cancelled' ? (
        <div className="mt-2">
          {/* A tab of its own, to print while the list stays where it was. */}
          <a href={hrefs.adminPackingSlip(order._id)} target="_blank" rel="noopener" className="small">
            Packing slip
          </a>
        </div>
      ) : null}
      <ActionError error={markDelivered.error} />
    </div>
  );
}

/** One button per line not yet refunded, to refund that line alone (a partial refund; the charge must have settled). */
function LineRefunds({ order }: { order: Order }) {
  const refundLine = useRefundLine();
  const lines = order.status === 'Cancelled' ? [] : order.products.filter((line) => !line.refund);
  if (lines.length === 0 || order.products.length < 2) return null;
  const refund = (line: OrderLine) => {
    if (!window.confirm(`Refund "${lineName(line)}" to the buyer's card?`)) return;
    // A line of a product with options other than a size is named by its variant; a sized one by its size, as before.
    const byVariant = line.options && line.options !== line.size ? line.variant : undefined;
    refundLine.mutate({ orderId: order._id, productId: line.product, size: line.size, variant: byVariant });
  };
  return (
    <div className="mt-2">
      {lines.map((line) => (
        <button
          key={`${line.product}-${line.variant ?? line.size ?? ''}`}
          type="button"
          className="btn btn-sm btn-outline-secondary me-1 mb-1"
          disabled={refundLine.isPending}
          onClick={() => refund(line)}
        >
          Refund {lineName(line)}
        </button>
      ))}
      <ActionError error={refundLine.error} />
    </div>
  );
}

/** A button to refund the shipping alone, once, on an order that paid for it (the charge must have settled). */
function ShippingRefund({ order }: { order: Order }) {
  const refundShipping = useRefundShipping();
  const pricing = order.pricing;
  if (!pricing || pricing.shipping <= 0 || pricing.shippingRefund || order.status === 'Cancelled') return null;
  const refund = () => {
    if (window.confirm(`Refund the shipping (${formatDollars(pricing.shipping)}) to the buyer's card?`))
      refundShipping.mutate({ orderId: order._id });
  };
  return (
    <div className="mt-2">
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={refundShipping.isPending} onClick={refund}>
        Refund shipping ({formatDollars(pricing.shipping)})
      </button>
      <ActionError error={refundShipping.error} />
    </div>
  );
}

/** A failed action's message under its control, until the next try clears it (each mutation keeps its own error). */
function ActionError({ error }: { error: Error | null }) {
  return error ? (
    <Alert variant="danger" className="mt-2 py-2 small">
      {errorMessage(error)}
    </Alert>
  ) : null;
}

/** A line as a person names it: the product, and its values (`Blue / M`) or size when it has them. */
function lineName(line: OrderLine): string {
  const which = line.options || line.size;
  return which ? `${line.name} (${which})` : line.name;
}
