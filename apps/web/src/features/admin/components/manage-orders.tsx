import { formatDollars, type Order, type OrderStatus } from '@store/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { RefundNote } from '@/components/refund-note';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useRequiredSession } from '@/lib/session';
import { listAllOrders, refundOrderLine, updateOrderStatus } from '../api/orders';
import { OrderItems, formatOrderDate, shortOrderId } from '@/components/order-items';
import { StatusBadge, nextStatuses } from '@/components/order-status';

/** Every order with its buyer, items, amount and status, and a control to move the status along. */
export function ManageOrders() {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.orders.everyone(useRequiredSession().user._id);
  const { data: orders, error } = useQuery({ queryKey, queryFn: ({ signal }) => listAllOrders(signal) });
  const replace = (order: Order) => {
    queryClient.setQueryData<Order[]>(queryKey, (list) => list?.map((o) => (o._id === order._id ? order : o)));
    // The list shows the answer as it is; the buyers' histories are read again when next shown.
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.ofBuyers });
  };
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!orders) return <Spinner label="Loading orders..." />;
  if (orders.length === 0) return <p className="text-body-secondary">No orders yet.</p>;
  return (
    <>
      <p className="text-body-secondary">
        {orders.length} {orders.length === 1 ? 'order' : 'orders'}
      </p>
      <ul className="list-group shadow-sm" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id} className="list-group-item py-3" aria-label={`Order ${shortOrderId(order._id)}`}>
            <div className="row g-3 align-items-start">
              <div className="col-md-4">
                <div className="fw-semibold" title={order._id}>
                  Order {shortOrderId(order._id)}
                </div>
                <div className="small text-body-secondary">{formatOrderDate(order.createdAt)}</div>
                <div className="small">
                  Buyer: <span className="fw-semibold">{order.user?.name ?? 'unknown'}</span>
                </div>
                {order.transactionId ? <div className="small text-body-secondary">Transaction {order.transactionId}</div> : null}
              </div>
              <div className="col-md-4">
                <OrderItems order={order} />
                <div className="fw-semibold mt-1">Amount: {formatDollars(order.amount)}</div>
                {order.refund ? <RefundNote refund={order.refund} /> : null}
                <LineRefunds order={order} onChanged={replace} />
              </div>
              <div className="col-md-4">
                <StatusControl order={order} onChanged={replace} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function StatusControl({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const options = nextStatuses(order.status);
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
      onChanged(await updateOrderStatus(order._id, status));
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
        <div className="small text-body-secondary">Final status</div>
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
function LineRefunds({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = order.status === 'Cancelled' ? [] : order.products.filter((line) => !line.refund);
  if (lines.length === 0 || order.products.length < 2) return null;
  const refund = async (productId: string, name: string) => {
    if (!window.confirm(`Refund "${name}" to the buyer's card?`)) return;
    setError(null);
    setBusy(true);
    try {
      onChanged(await refundOrderLine(order._id, productId));
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
          key={line.product}
          type="button"
          className="btn btn-sm btn-outline-secondary me-1 mb-1"
          disabled={busy}
          onClick={() => void refund(line.product, line.name)}
        >
          Refund {line.name}
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
