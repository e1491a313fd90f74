import { DISCOUNT_CODE_MAX, type ErrorBody, formatDollars, type Quote } from '@store/contract';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/field';
import { ApiError, errorMessage } from '@/lib/api-client';

/** A quote's refusal, by the input it is about (the server names the field, docs/pricing.md). */
export interface QuoteProblems {
  discountCode?: string;
  shippingMethod?: string;
  country?: string;
  /** Anything else (a product gone, the store unreachable). */
  other?: string;
}

export function quoteProblems(error: unknown): QuoteProblems {
  if (!error) return {};
  const body = error instanceof ApiError ? (error.body as Partial<ErrorBody> | undefined) : undefined;
  const detail = body?.details?.[0];
  const message = detail?.message ?? errorMessage(error);
  if (detail?.field === 'discountCode') return { discountCode: message };
  if (detail?.field === 'shippingMethod') return { shippingMethod: message };
  if (detail?.field === 'destination.country') return { country: message };
  return { other: message };
}

/**
 * The server's price of the cart: the shipping methods offered for the address's country (the one priced checked),
 * subtotal, discount, shipping and tax (per rate: added, or "incl." when the shop's prices include it). A shop with
 * no shipping, taxes or code shows the total alone, as it always did.
 */
export function PriceBreakdown({
  quote,
  selected,
  problems,
  onMethod,
}: {
  quote: Quote | undefined;
  /** The method the buyer picked (checked at once, while its quote loads); else the one the quote priced. */
  selected: string | undefined;
  problems: QuoteProblems;
  onMethod: (methodId: string) => void;
}) {
  if (!quote) return null;
  const detailed = quote.discount > 0 || quote.shippingMethods.length > 0 || quote.taxes.length > 0;
  return (
    <>
      {quote.shippingMethods.length > 0 ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Shipping method</legend>
          {quote.shippingMethods.map((method) => (
            <div className="form-check" key={method.id}>
              <input
                className="form-check-input"
                type="radio"
                name="shipping-method"
                id={`shipping-${method.id}`}
                value={method.id}
                checked={(selected ?? quote.shippingMethod?.id) === method.id}
                onChange={() => onMethod(method.id)}
              />
              <label className="form-check-label" htmlFor={`shipping-${method.id}`}>
                {method.name} ({method.price === 0 ? 'free' : formatDollars(method.price)})
              </label>
            </div>
          ))}
          {problems.shippingMethod ? <div className="invalid-feedback d-block">{problems.shippingMethod}</div> : null}
        </fieldset>
      ) : null}
      {detailed ? (
        <dl className="mb-2 small" data-testid="price-breakdown">
          <Row label="Subtotal" value={quote.subtotal} />
          {quote.discount > 0 ? (
            <Row label={`Discount${quote.discountCode ? ` (${quote.discountCode})` : ''}`} value={-quote.discount} />
          ) : null}
          {quote.shippingMethod ? <Row label={`Shipping (${quote.shippingMethod.name})`} value={quote.shipping} /> : null}
          {quote.taxes.map((tax) => (
            <Row key={tax.name} label={`${quote.pricesIncludeTax ? 'incl. ' : ''}${tax.name} ${tax.rate}%`} value={tax.amount} />
          ))}
        </dl>
      ) : null}
      {quote.needsDestination ? <p className="small text-body-secondary">Shipping and tax are added once you choose a country.</p> : null}
    </>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <div className="d-flex justify-content-between">
      <dt className="fw-normal">{label}</dt>
      <dd className="mb-0">{value < 0 ? `-${formatDollars(-value)}` : formatDollars(value)}</dd>
    </div>
  );
}

/** The discount code field: applied on submit; the server's reason shows under it when the code does not apply. */
export function DiscountCodeForm({
  applied,
  problem,
  onApply,
}: {
  applied: string | undefined;
  problem: string | undefined;
  onApply: (code: string | undefined) => void;
}) {
  const { register, handleSubmit, reset } = useForm<{ code: string }>({ defaultValues: { code: applied ?? '' } });
  const submit = handleSubmit(({ code }) => onApply(code.trim() === '' ? undefined : code.trim()));
  return (
    <form onSubmit={submit} noValidate aria-label="Apply a discount code" className="mb-3">
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">
          <TextField
            id="discount-code"
            label="Discount code"
            type="text"
            maxLength={DISCOUNT_CODE_MAX}
            autoComplete="off"
            error={problem ? { type: 'server', message: problem } : undefined}
            registration={register('code')}
          />
        </div>
        <button type="submit" className="btn btn-outline-secondary mt-4">
          Apply
        </button>
        {applied ? (
          <button
            type="button"
            className="btn btn-link mt-4"
            onClick={() => {
              reset({ code: '' });
              onApply(undefined);
            }}
          >
            Remove
          </button>
        ) : null}
      </div>
    </form>
  );
}
