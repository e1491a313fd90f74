import {
  formatDollars,
  type Order,
  type OrderLine,
  type OrderReturn,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnKind,
  type ReturnReason,
  type ReturnRequest,
} from '@store/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { Alert, ErrorAlert } from '@/components/alert';
import { formatOrderDate, shortOrderId } from '@/components/order-items';
import { Spinner } from '@/components/spinner';
import { useProduct } from '@/api/products/get-product';
import { errorMessage } from '@/lib/api-client';
import { useMyOrder } from '../api/get-my-order';
import { useOrderReturns } from '../api/list-order-returns';
import { useRequestReturn } from '../api/request-return';
import { canAskForReturn, shippedUnits } from './returnable';

const STATUS_TEXT: Record<OrderReturn['status'], string> = {
  requested: 'Requested',
  approved: 'Approved: please send the items back',
  rejected: 'Declined',
  received: 'Items received',
  refunded: 'Refunded',
  shipped: 'New size shipped',
  expired: 'Expired: the items did not arrive in time',
};

interface FormValues {
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  /** Per order line (by variant id): units to send back ('0' for none) and, for an exchange, the variant wanted. */
  lines: Record<string, { quantity: string; exchangeVariant: string }>;
}

/** One order's returns and exchanges, and the form to ask for one (once something of it has shipped). */
export function OrderReturns({ orderId }: { orderId: string }) {
  const order = useMyOrder(orderId);
  const returns = useOrderReturns(orderId);
  const request = useRequestReturn(orderId);
  if (order.error) return <ErrorAlert message="The order could not be loaded." reason={errorMessage(order.error)} />;
  if (!order.data || returns.isPending) return <Spinner label="Loading your order..." />;
  return (
    <>
      <h2 className="h5" title={order.data._id}>
        Order {shortOrderId(order.data._id)} <span className="text-body-secondary small">{formatOrderDate(order.data.createdAt)}</span>
      </h2>
      <ReturnList returns={returns.data ?? []} />
      <ReturnRequestForm order={order.data} request={request} />
    </>
  );
}

/** The returns and exchanges asked for an order, newest first, with where each stands. */
export function ReturnList({ returns }: { returns: readonly OrderReturn[] }) {
  if (returns.length === 0) return null;
  return (
    <ul className="list-group mb-4" aria-label="Your returns and exchanges">
      {returns.map((request) => (
        <li key={request._id} className="list-group-item">
          <div className="d-flex justify-content-between">
            <span className="fw-semibold">{request.kind === 'exchange' ? 'Exchange' : 'Return'}</span>
            <span className="badge text-bg-secondary">{STATUS_TEXT[request.status]}</span>
          </div>
          <ul className="small mb-0">
            {request.lines.map((line) => (
              <li key={line.variant}>
                {line.quantity} x {line.name}
                {line.options ? ` (${line.options})` : ''}
                {line.exchangeOptions ? ` for ${line.exchangeOptions}` : ''}
              </li>
            ))}
          </ul>
          {request.refund ? <p className="small mb-0">Refunded {formatDollars(request.refund.amount)}</p> : null}
          {request.shipment ? (
            <p className="small mb-0">
              Shipped with {request.shipment.carrier}, tracking number {request.shipment.tracking}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The form that asks to return or exchange an order's shipped units (docs/returns.md), sent by `request`: the
 * buyer's call, or a guest's through their order link. Before anything has shipped it says so instead.
 */
export function ReturnRequestForm({
  order,
  request,
}: {
  order: Pick<Order, '_id' | 'status' | 'products' | 'shipments'>;
  request: UseMutationResult<OrderReturn, Error, ReturnRequest>;
}) {
  if (!canAskForReturn(order)) {
    return <p className="text-body-secondary">You can ask to return or exchange items once the order has shipped.</p>;
  }
  return <ShippedReturnForm order={order} request={request} />;
}

function ShippedReturnForm({
  order,
  request,
}: {
  order: Pick<Order, '_id' | 'status' | 'products' | 'shipments'>;
  request: UseMutationResult<OrderReturn, Error, ReturnRequest>;
}) {
  const shipped = shippedUnits(order);
  // Only what has left can go back: a partly shipped order offers its parcels' units.
  const lines = order.products.filter((line) => line.variant !== undefined && (shipped.get(line.variant) ?? 0) > 0);
  const form = useForm<FormValues>({
    defaultValues: {
      kind: 'exchange',
      reason: 'too-small',
      note: '',
      lines: Object.fromEntries(lines.map((line) => [String(line.variant), { quantity: '0', exchangeVariant: '' }])),
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit(async (values) => {
    const body: ReturnRequest = {
      kind: values.kind,
      reason: values.reason,
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      lines: Object.entries(values.lines)
        .filter(([, line]) => Number(line.quantity) > 0)
        .map(([variant, line]) => ({
          variant: Number(variant),
          quantity: Number(line.quantity),
          ...(values.kind === 'exchange' && line.exchangeVariant ? { exchangeVariant: Number(line.exchangeVariant) } : {}),
        })),
    };
    if (body.lines.length === 0) {
      form.setError('root', { message: 'Choose how many of an item to send back.' });
      return;
    }
    await request.mutateAsync(body).then(
      () => form.reset(),
      () => undefined,
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Return or exchange items" className="card card-body shadow-sm">
      <h3 className="h6">Return or exchange items</h3>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">What would you like?</legend>
        <div className="form-check form-check-inline">
          <input className="form-check-input" type="radio" id="return-kind-exchange" value="exchange" {...form.register('kind')} />
          <label className="form-check-label" htmlFor="return-kind-exchange">
            Another size or colour
          </label>
        </div>
        <div className="form-check form-check-inline">
          <input className="form-check-input" type="radio" id="return-kind-return" value="return" {...form.register('kind')} />
          <label className="form-check-label" htmlFor="return-kind-return">
            My money back
          </label>
        </div>
      </fieldset>
      {lines.map((line) => (
        <ReturnLineFields
          key={line.variant}
          line={line}
          units={shipped.get(line.variant!) ?? 0}
          exchange={kind === 'exchange'}
          register={form.register}
        />
      ))}
      <div className="mb-3">
        <label htmlFor="return-reason" className="form-label">
          Reason
        </label>
        <select id="return-reason" className="form-select" {...form.register('reason')}>
          {RETURN_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {RETURN_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label htmlFor="return-note" className="form-label">
          Anything to add (optional)
        </label>
        <textarea id="return-note" className="form-control" rows={2} maxLength={500} {...form.register('note')} />
      </div>
      {form.formState.errors.root?.message ? <Alert variant="danger">{form.formState.errors.root.message}</Alert> : null}
      {request.error ? <ErrorAlert message="Your request was not sent." reason={errorMessage(request.error)} /> : null}
      {request.isSuccess ? <Alert variant="success">Your request was sent: we will e-mail you.</Alert> : null}
      <button type="submit" className="btn btn-success align-self-start" disabled={request.isPending}>
        {kind === 'exchange' ? 'Request exchange' : 'Request return'}
      </button>
    </form>
  );
}

function ReturnLineFields({
  line,
  units,
  exchange,
  register,
}: {
  line: OrderLine;
  /** The line's units that have shipped: the most that can be sent back. */
  units: number;
  exchange: boolean;
  register: UseFormRegister<FormValues>;
}) {
  const product = useProduct(line.product);
  const key = String(line.variant);
  const others = (product.data?.variants ?? []).filter((variant) => variant._id !== line.variant && variant.active);
  const label = `${line.name}${line.options ? ` (${line.options})` : ''}`;
  return (
    <div className="row g-2 mb-3 align-items-end">
      <div className="col-sm-5">
        <label htmlFor={`return-quantity-${key}`} className="form-label">
          {label}: how many to send back
        </label>
        <select id={`return-quantity-${key}`} className="form-select" {...register(`lines.${key}.quantity`)}>
          {Array.from({ length: units + 1 }, (_, n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {exchange ? (
        <div className="col-sm-5">
          <label htmlFor={`return-exchange-${key}`} className="form-label">
            New size or colour for {line.name}
          </label>
          <select id={`return-exchange-${key}`} className="form-select" {...register(`lines.${key}.exchangeVariant`)}>
            <option value="">Choose...</option>
            {others.map((variant) => (
              <option key={variant._id} value={String(variant._id)} disabled={variant.stock === 0}>
                {variant.options.join(' / ')}
                {variant.stock === 0 ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
