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
  const { mutateAsync: exportOrders } = useExportOrders();
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const asFilters = (values: FilterValues): OrderFilters => ({
    status: values.status || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    q: values.q.trim() || undefined,
  });
  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const filters = asFilters(getValues());
      const url = URL.createObjectURL(await exportOrders(filters));
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders${filters.from ? `-from-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (cause) {
      console.error(cause);
      setExportError(errorMessage(cause));
    } finally {
      setExporting(false);
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
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void download()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      {exportError ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {exportError}
        </Alert>
      ) : null}
    </form>
  );
}

function StatusControl({ order, canEdit, canCancel }: { order: Order; canEdit: boolean; canCancel: boolean }) {
  const { mutateAsync: setStatus } = useSetOrderStatus();
  const options = canEdit ? nextStatuses(order.status).filter((status) => canCancel || status !== 'Cancelled') : [];
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<{ status: OrderStatus | '' }>({ values: { status: options[0] ?? '' } });
  const id = `status-${order._id}`;

  const onSubmit = handleSubmit(async ({ status }) => {
    if (!status) return;
    setError(null);
    try {
      await setStatus({ orderId: order._id, status });
    } catch (cause) {
      console.error(cause);
      setError(errorMessage(cause));
    }
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
          <button type="submit" className="btn btn-success" disabled={isSubmitting}>
            Update
          </button>
        </div>
      ) : (
        <div className="small text-body-secondary">{canEdit && nextStatuses(order.status).length === 0 ? 'Final status' : null}</div>
      )}
      {error ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}

/** One button per line not yet refunded, to refund that line alone (a partial refund; the charge must have settled). */
function LineRefunds({ order }: { order: Order }) {
  const { mutateAsync: refundLine } = useRefundLine();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = order.status === 'Cancelled' ? [] : order.products.filter((line) => !line.refund);
  if (lines.length === 0 || order.products.length < 2) return null;
  const refund = async (line: OrderLine) => {
    const name = lineName(line);
    if (!window.confirm(`Refund "${name}" to the buyer's card?`)) return;
    setError(null);
    setBusy(true);
    try {
      // A line of a product with options other than a size is named by its variant; a sized one by its size, as before.
      const byVariant = line.options && line.options !== line.size ? line.variant : undefined;
      await refundLine({ orderId: order._id, productId: line.product, size: line.size, variant: byVariant });
    } catch (cause) {
      console.error(cause);
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      {lines.map((line) => (
        <button
          key={`${line.product}-${line.variant ?? line.size ?? ''}`}
          type="button"
          className="btn btn-sm btn-outline-secondary me-1 mb-1"
          disabled={busy}
          onClick={() => void refund(line)}
        >
          Refund {lineName(line)}
        </button>
      ))}
      {error ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

/** A button to refund the shipping alone, once, on an order that paid for it (the charge must have settled). */
function ShippingRefund({ order }: { order: Order }) {
  const { mutateAsync: refundShipping, isPending } = useRefundShipping();
  const [error, setError] = useState<string | null>(null);
  const pricing = order.pricing;
  if (!pricing || pricing.shipping <= 0 || pricing.shippingRefund || order.status === 'Cancelled') return null;
  const refund = async () => {
    if (!window.confirm(`Refund the shipping (${formatDollars(pricing.shipping)}) to the buyer's card?`)) return;
    setError(null);
    try {
      await refundShipping({ orderId: order._id });
    } catch (cause) {
      console.error(cause);
      setError(errorMessage(cause));
    }
  };
  return (
    <div className="mt-2">
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={isPending} onClick={() => void refund()}>
        Refund shipping ({formatDollars(pricing.shipping)})
      </button>
      {error ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}

/** A line as a person names it: the product, and its values (`Blue / M`) or size when it has them. */
function lineName(line: OrderLine): string {
  const which = line.options || line.size;
  return which ? `${line.name} (${which})` : line.name;
}
