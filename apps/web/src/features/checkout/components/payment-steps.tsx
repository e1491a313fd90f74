import { type ClientTokenResponse, formatDollars, type Quote } from '@store/contract';
import { useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { DropInPayment } from './drop-in-payment';
import { newIdempotencyKey } from './idempotency-key';
import { quoteProblems } from './price-summary';
import { TestCardForm } from './test-card-form';

/*
 * What the signed-in checkout (`checkout.tsx`) and the guest's (`guest-checkout.tsx`) do alike: check a form at Buy,
 * wait for the quote Buy pays, send the payment once per cart, and show the total, the failure and the card widget.
 */

/**
 * A form's values when its check passes, as a submit of that form (showing each field's error, focusing the first,
 * and from then on re-checking as the buyer types), or null.
 */
export function checkedValues<Values extends FieldValues>(form: UseFormReturn<Values>): Promise<Values | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (values) => resolve(values as Values),
      () => resolve(null),
    )();
  });
}

/**
 * The quote Buy pays, waited for if still loading (`quote` null when it could not be had), and whether Buy may go on:
 * a field-level refusal (a code, a country, a method) stops it until it is put right, shown in place. A quote that
 * could not be had at all (the store unreachable) does not: the cart's own sum is sent, and the payment, which prices
 * the cart again, answers 409 with the right quote if it differs.
 */
export async function settleQuote(settle: () => Promise<Quote>): Promise<{ quote: Quote | null; canPay: boolean }> {
  try {
    return { quote: await settle(), canPay: true };
  } catch (error) {
    const refused = quoteProblems(error);
    return { quote: null, canPay: !(refused.country ?? refused.shippingMethod ?? refused.discountCode) };
  }
}

/**
 * Sends a payment: the same idempotency key while the same payment is retried after its answer was lost (so the
 * server can spot the retry), a new one otherwise. A failure is logged ('PAYMENT FAILED', as the spec says) and
 * kept as `failure` to show, handed to `onFailure`, and a refused cart (409: a price or the stock changed) calls
 * `onRefused` so the page can refresh it.
 */
export function usePaymentAttempt<Info, Result>({
  pay,
  onPaid,
  onFailure,
  onRefused,
}: {
  pay: (request: { paymentInfo: Info; idempotencyKey: string }) => Promise<Result>;
  onPaid: (result: Result) => void;
  onFailure?: (error: unknown) => void;
  onRefused?: () => void;
}) {
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const send = async (paymentInfo: Info) => {
    const body = JSON.stringify(paymentInfo);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setPaying(true);
    setFailure(null);
    try {
      const result = await pay({ paymentInfo, idempotencyKey: attempt.current.key });
      attempt.current = null;
      onPaid(result);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) attempt.current = null;
      console.log('PAYMENT FAILED', error);
      setFailure(errorMessage(error));
      onFailure?.(error);
      if (error instanceof ApiError && error.status === 409) onRefused?.();
    } finally {
      setPaying(false);
    }
  };
  return { paying, failure, send };
}

/** The total the checkout pays, under its test id. */
export function CheckoutTotal({ total, testId }: { total: number; testId: string }) {
  return (
    <dl className="d-flex justify-content-between align-items-baseline border-bottom pb-2 mb-3">
      <dt className="fw-normal">Total</dt>
      <dd className="fs-4 fw-semibold mb-0" data-testid={testId}>
        {formatDollars(total)}
      </dd>
    </dl>
  );
}

export function PaymentFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert variant="danger">
      <div className="fw-semibold">Payment failed</div>
      <div>{failure}</div>
    </Alert>
  ) : null;
}

/** The card widget of the server's gateway: Braintree's Drop-in, or the offline test gateway's card form. */
export function PaymentWidget({
  gateway,
  busy,
  beforeBuy,
  onNonce,
}: {
  gateway: ClientTokenResponse;
  busy: boolean;
  beforeBuy: () => Promise<boolean>;
  onNonce: (nonce: string) => void;
}) {
  return gateway.gateway === 'braintree' ? (
    <DropInPayment clientToken={gateway.clientToken} busy={busy} beforeBuy={beforeBuy} onNonce={onNonce} />
  ) : (
    <TestCardForm busy={busy} beforeBuy={beforeBuy} onNonce={onNonce} />
  );
}
