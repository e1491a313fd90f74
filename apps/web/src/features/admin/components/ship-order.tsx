import { type Order } from '@store/contract';
import {
  CARRIERS,
  type CarrierCode,
  type ShipLineRequest,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
  TRACKING_NUMBER_PATTERN,
} from '@store/contract/dto/shipments';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useShipOrder } from '../api/ship-order';

interface ShipValues {
  carrier: CarrierCode;
  trackingNumber: string;
  /** Units to ship now, per line (by the line's variant), as typed. */
  counts: Record<string, string>;
}

/** Units of each line (by variant) still to ship: ordered, less what the parcels so far hold; none for a refunded line. */
export function unitsLeft(order: Order): Array<{ variant: number; name: string; left: number }> {
  const shipped = new Map<number, number>();
  for (const shipment of order.shipments ?? []) {
    for (const line of shipment.lines) shipped.set(line.variant, (shipped.get(line.variant) ?? 0) + line.count);
  }
  return order.products
    .filter((line) => line.variant !== undefined && !line.refund)
    .map((line) => ({
      variant: line.variant!,
      name: `${line.name}${line.options || line.size ? ` (${line.options || line.size})` : ''}`,
      left: line.count - (shipped.get(line.variant!) ?? 0),
    }))
    .filter((line) => line.left > 0);
}

/**
 * Ships lines of an order in one parcel: the carrier, its tracking number and how many units of each line (all that
 * is left, to start with). The server checks the counts again under the order's lock and names the line it refuses.
 */
export function ShipOrder({ order }: { order: Order }) {
  const lines = unitsLeft(order);
  const { mutateAsync: ship } = useShipOrder();
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const short = order._id.slice(0, 8).toUpperCase();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ShipValues>({
    values: {
      carrier: 'ups',
      trackingNumber: '',
      counts: Object.fromEntries(lines.map((line) => [String(line.variant), String(line.left)])),
    },
  });
  if (lines.length === 0 || order.status === 'Cancelled' || order.status === 'Delivered') return null;
  if (!open) {
    return (
      <button type="button" className="btn btn-sm btn-outline-success mt-2" onClick={() => setOpen(true)}>
        Ship lines
      </button>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const wanted: ShipLineRequest[] = lines
      .map((line) => ({ variant: line.variant, count: Number(values.counts[String(line.variant)] || 0) }))
      .filter((line) => line.count > 0);
    if (wanted.length === 0) {
      setError('Choose at least one unit to ship');
      return;
    }
    try {
      await ship({
        orderId: order._id,
        shipment: { carrier: values.carrier, trackingNumber: values.trackingNumber.trim(), lines: wanted },
      });
      reset();
      setOpen(false);
    } catch (cause) {
      console.error(cause);
      for (const { field, message } of fieldErrors(cause)) {
        const line = /^lines\.(\d+)\./.exec(field);
        if (line && wanted[Number(line[1])]) setFieldError(`counts.${wanted[Number(line[1])].variant}`, { message });
        else if (field === 'trackingNumber' || field === 'carrier') setFieldError(field, { message });
      }
      setError(errorMessage(cause));
    }
  });

  return (
    <form className="card card-body p-2 mt-2" aria-label={`Ship order ${short}`} onSubmit={onSubmit} noValidate>
      <div className="row g-2">
        <div className="col-6">
          <label className="form-label small mb-1" htmlFor={`carrier-${order._id}`}>
            Carrier
          </label>
          <select id={`carrier-${order._id}`} className="form-select form-select-sm" {...register('carrier')}>
            {CARRIERS.map((carrier) => (
              <option key={carrier.code} value={carrier.code}>
                {carrier.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6">
          <label className="form-label small mb-1" htmlFor={`tracking-${order._id}`}>
            Tracking number
          </label>
          <input
            id={`tracking-${order._id}`}
            className={`form-control form-control-sm${errors.trackingNumber ? ' is-invalid' : ''}`}
            maxLength={TRACKING_NUMBER_MAX}
            aria-describedby={errors.trackingNumber ? `tracking-${order._id}-error` : undefined}
            {...register('trackingNumber', {
              setValueAs: (value: string) => value.trim(),
              required: 'Enter the tracking number',
              minLength: { value: TRACKING_NUMBER_MIN, message: `At least ${TRACKING_NUMBER_MIN} characters` },
              pattern: { value: TRACKING_NUMBER_PATTERN, message: 'Only letters, digits, spaces and hyphens' },
            })}
          />
          {errors.trackingNumber ? (
            <div id={`tracking-${order._id}-error`} className="invalid-feedback d-block">
              {errors.trackingNumber.message}
            </div>
          ) : null}
        </div>
      </div>
      <fieldset className="mt-2">
        <legend className="small fw-semibold mb-1">Units in this parcel</legend>
        {lines.map((line) => {
          const id = `ship-${order._id}-${line.variant}`;
          const fieldError = errors.counts?.[String(line.variant)];
          return (
            <div key={line.variant} className="input-group input-group-sm mb-1">
              <label className="input-group-text flex-grow-1" htmlFor={id}>
                {line.name} (of {line.left} left)
              </label>
              <input
                id={id}
                type="number"
                min={0}
                max={line.left}
                className={`form-control ship-count${fieldError ? ' is-invalid' : ''}`}
                {...register(`counts.${String(line.variant)}`, {
                  validate: (value) => {
                    const n = Number(value || 0);
                    return (Number.isInteger(n) && n >= 0 && n <= line.left) || `0 to ${line.left}`;
                  },
                })}
              />
              {fieldError ? <div className="invalid-feedback d-block">{fieldError.message}</div> : null}
            </div>
          );
        })}
      </fieldset>
      <div className="d-flex gap-2 mt-1">
        <button type="submit" className="btn btn-sm btn-success" disabled={isSubmitting}>
          {isSubmitting ? 'Shipping...' : 'Ship'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      {error ? (
        <Alert variant="danger" className="mt-2 py-2 small">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}
