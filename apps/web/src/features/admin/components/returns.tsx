import { formatDollars, orderNumber, type OrderReturn, RETURN_REASON_LABELS, REORDER_DAYS_DEFAULT } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, ErrorAlert } from '@/components/alert';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/spinner';
import { formatOrderDate } from '@/components/order-items';
import { errorMessage } from '@/lib/api-client';
import { useStaffPermissions } from '@/lib/session';
import { useApproveReturn } from '../api/approve-return';
import { useReorderSuggestions } from '../api/get-reorder-suggestions';
import { useReturns } from '../api/list-returns';
import { useReceiveReturn } from '../api/receive-return';
import { useRefundReturn } from '../api/refund-return';
import { useRejectReturn } from '../api/reject-return';
import { useShipExchange } from '../api/ship-exchange';

/**
 * The admin's returns screen: the returns and exchanges, newest first, a page at a time, with the next step each can
 * take (docs/returns.md).
 */
export function Returns() {
  const returns = useReturns();
  if (returns.error && returns.items.length === 0) {
    return <ErrorAlert message="The returns could not be loaded." reason={returns.error} />;
  }
  if (returns.loading) return <Spinner label="Loading returns..." />;
  return (
    <>
      {returns.items.length === 0 ? (
        <p className="text-body-secondary">No returns or exchanges yet.</p>
      ) : (
        <div className="mb-5">
          <ul className="list-group shadow-sm" aria-label="Returns and exchanges">
            {returns.items.map((request) => (
              <ReturnItem key={request._id} request={request} />
            ))}
          </ul>
          <LoadMore list={returns} label="Load more returns" />
        </div>
      )}
      <ReorderSuggestions />
    </>
  );
}

function ReturnItem({ request }: { request: OrderReturn }) {
  const { isOwner, canEdit } = useStaffPermissions();
  const approve = useApproveReturn();
  const reject = useRejectReturn();
  const receive = useReceiveReturn();
  const refund = useRefundReturn();
  const ship = useShipExchange();
  const [shipping, setShipping] = useState(false);
  const form = useForm<{ carrier: string; tracking: string }>({ defaultValues: { carrier: '', tracking: '' } });
  const failure = [approve, reject, receive, refund, ship].find((step) => step.error)?.error;
  const busy = [approve, reject, receive, refund, ship].some((step) => step.isPending);
  const what = request.kind === 'exchange' ? 'Exchange' : 'Return';
  return (
    <li className="list-group-item py-3" aria-label={`${what} for order ${orderNumber(request.order)}`}>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <span className="fw-semibold">
          {what} for order {orderNumber(request.order)} by {request.user.name}
        </span>
        <span className="badge text-bg-secondary" data-testid="return-status">
          {request.status}
        </span>
      </div>
      <p className="small text-body-secondary mb-1">
        {formatOrderDate(request.createdAt)} &middot; {RETURN_REASON_LABELS[request.reason]}
        {request.note ? ` · “${request.note}”` : ''}
        {request.holdUntil && (request.status === 'requested' || request.status === 'approved')
          ? ` · held until ${formatOrderDate(request.holdUntil)}`
          : ''}
      </p>
      <ul className="small mb-2">
        {request.lines.map((line) => (
          <li key={line.variant}>
            {line.quantity} x {line.name}
            {line.options ? ` (${line.options})` : ''}
            {line.exchangeOptions ? ` for ${line.exchangeOptions}` : ''}
            {line.refund !== undefined ? `: ${formatDollars(line.refund)} refunded` : ''}
          </li>
        ))}
      </ul>
      {request.shipment ? (
        <p className="small mb-2">
          Shipped with {request.shipment.carrier}, tracking {request.shipment.tracking}
        </p>
      ) : null}
      {failure ? <ErrorAlert message="That step did not go through." reason={errorMessage(failure)} /> : null}
      {canEdit ? (
        <div className="d-flex flex-wrap gap-2">
          {request.status === 'requested' ? (
            <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => approve.mutate(request._id)}>
              Approve
            </button>
          ) : null}
          {request.status === 'requested' || request.status === 'approved' ? (
            <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} onClick={() => reject.mutate(request._id)}>
              Reject
            </button>
          ) : null}
          {request.status === 'approved' ? (
            <>
              <button
                type="button"
                className="btn btn-sm btn-success"
                disabled={busy}
                onClick={() => receive.mutate({ returnId: request._id, restock: true })}
              >
                Received: back on sale
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={() => receive.mutate({ returnId: request._id, restock: false })}
              >
                Received: write off
              </button>
            </>
          ) : null}
          {request.status === 'received' && request.kind === 'return' && isOwner ? (
            <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => refund.mutate(request._id)}>
              Refund
            </button>
          ) : null}
          {request.status === 'received' && request.kind === 'exchange' && !shipping ? (
            <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => setShipping(true)}>
              Ship exchange
            </button>
          ) : null}
        </div>
      ) : null}
      {shipping && request.status === 'received' ? (
        <form
          className="row g-2 mt-2"
          noValidate
          aria-label="Ship the exchange"
          onSubmit={form.handleSubmit((values) => ship.mutate({ returnId: request._id, shipment: values }))}
        >
          <div className="col-sm-4">
            <label htmlFor={`carrier-${request._id}`} className="form-label small">
              Carrier
            </label>
            <input
              id={`carrier-${request._id}`}
              className="form-control form-control-sm"
              {...form.register('carrier', { required: true })}
            />
          </div>
          <div className="col-sm-4">
            <label htmlFor={`tracking-${request._id}`} className="form-label small">
              Tracking number
            </label>
            <input
              id={`tracking-${request._id}`}
              className="form-control form-control-sm"
              {...form.register('tracking', { required: true })}
            />
          </div>
          <div className="col-sm-4 align-self-end">
            <button type="submit" className="btn btn-sm btn-success" disabled={busy}>
              Record shipment
            </button>
          </div>
          {form.formState.errors.carrier || form.formState.errors.tracking ? (
            <Alert variant="danger">Give the carrier and the tracking number.</Alert>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}

function ReorderSuggestions() {
  const [days, setDays] = useState(REORDER_DAYS_DEFAULT);
  const suggestions = useReorderSuggestions(days);
  return (
    <section aria-labelledby="reorder-heading">
      <h2 id="reorder-heading" className="h5">
        Reorder suggestions
      </h2>
      <label htmlFor="reorder-days" className="form-label small">
        Cover the next (days)
      </label>
      <select
        id="reorder-days"
        className="form-select form-select-sm w-auto mb-3"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {[7, 14, 30, 60, 90].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {suggestions.error ? <ErrorAlert message="The suggestions could not be loaded." reason={errorMessage(suggestions.error)} /> : null}
      {suggestions.data && suggestions.data.length === 0 ? <p className="text-body-secondary">Nothing to reorder.</p> : null}
      {suggestions.data && suggestions.data.length > 0 ? (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col">Stock</th>
              <th scope="col">Sold (30 days)</th>
              <th scope="col">Exchanges in / out</th>
              <th scope="col">Reorder</th>
            </tr>
          </thead>
          <tbody>
            {suggestions.data.map((row) => (
              <tr key={row.variant}>
                <td>{row.name}</td>
                <td>{row.options || row.sku}</td>
                <td>{row.stock}</td>
                <td>{row.sold}</td>
                <td>
                  {row.exchangesIn} / {row.exchangesOut}
                </td>
                <td className="fw-semibold">{row.reorder}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
