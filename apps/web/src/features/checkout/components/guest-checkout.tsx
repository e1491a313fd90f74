import { formatDollars, type GuestPaymentInfo, type GuestPaymentResult, type GuestQuoteRequest, type Quote } from '@store/contract';
import { GuestEmailDto } from '@store/contract/dto/guest-email.dto';
import { useMemo, useRef, useState } from 'react';
import { type FieldValues, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { type AddressFormValues, addressResolver, blankAddress, ShippingAddressFields } from '@/components/shipping-address-fields';
import { Spinner } from '@/components/spinner';
import { ApiError, errorMessage, fieldErrors } from '@/lib/api-client';
import type { CartItem } from '@/lib/cart';
import { cartLines, cartTotal } from '@/lib/cart-changes';
import { dtoResolver } from '@/lib/dto-resolver';
import { useGuestClientToken } from '../api/get-guest-client-token';
import { useGuestQuote } from '../api/get-guest-quote';
import { usePayAsGuest } from '../api/pay-as-guest';
import { DropInPayment } from './drop-in-payment';
import { newIdempotencyKey } from './idempotency-key';
import { DiscountCodeForm, PriceBreakdown, quoteProblems } from './price-summary';
import { TestCardForm } from './test-card-form';

const emailResolver = dtoResolver<{ email: string }>(GuestEmailDto);
/** Good enough to ask the quote about the code's uses by this e-mail; the form's own check runs at Buy. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  items: CartItem[];
  /** Called after a successful payment (the page empties the cart and opens the order). */
  onPaid: (result: GuestPaymentResult) => void;
  /** Called when the server refused the cart (409: a price or the stock changed), so the page can refresh it. */
  onRefused?: () => void;
}

/**
 * Checking out without an account (docs/payments.md, "Guest checkout"): the e-mail the confirmation and its order
 * link go to, the shipping address, the methods the server offers for its country, a discount code and the card.
 * The total shown is the server's quote, exactly, and Buy pays that quote's total with the same inputs.
 */
export function GuestCheckout({ items, onPaid, onRefused }: Props) {
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Reused only when the same payment is retried after its answer was lost, so the server can spot the retry.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const { mutateAsync: pay } = usePayAsGuest();
  const gatewayQuery = useGuestClientToken();
  const gateway = gatewayQuery.data;

  // Checked when Buy is pressed, then as the guest corrects them (an error on mere focus loss would move Buy).
  const emailForm = useForm<{ email: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: emailResolver,
    defaultValues: { email: '' },
  });
  const addressForm = useForm<AddressFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: addressResolver,
    defaultValues: blankAddress(),
  });

  const country = useWatch({ control: addressForm.control, name: 'country' });
  const [method, setMethod] = useState<{ id: string; country: string } | undefined>();
  const methodId = method && method.country === country ? method.id : undefined;
  const [discountCode, setDiscountCode] = useState<string | undefined>();
  // The e-mail the quote checks a code's uses per customer with: taken when the field is left, not on every key.
  const [quotedEmail, setQuotedEmail] = useState<string | undefined>();
  const products = useMemo(() => cartLines(items), [items]);
  const requestFor = (email: string | undefined): GuestQuoteRequest | null =>
    items.length > 0
      ? {
          products,
          ...(country ? { destination: { country } } : {}),
          ...(methodId ? { shippingMethod: methodId } : {}),
          ...(discountCode ? { discountCode } : {}),
          ...(email ? { email } : {}),
        }
      : null;
  const quoteQuery = useGuestQuote(requestFor(quotedEmail));
  const problems = quoteProblems(quoteQuery.error);
  const total = quoteQuery.data?.total ?? cartTotal(items);

  // The quote Buy pays: the one of exactly this cart, address, method, code and e-mail, waited for if still loading.
  const settled = useRef<Quote | null>(null);
  const ready = async () => {
    const [email, address] = await Promise.all([checked(emailForm), checked(addressForm)]);
    if (email === null || address === null) return false;
    setQuotedEmail(email.email);
    settled.current = null;
    const request = requestFor(email.email);
    if (request === null) return false;
    try {
      settled.current = await quoteQuery.settle(request);
      return true;
    } catch (error) {
      // A field-level refusal stops Buy until it is put right (it shows in place once the quote is asked again);
      // a quote that could not be had at all does not: the payment prices the cart again and says if it differs.
      const refused = quoteProblems(error);
      return !(refused.country ?? refused.shippingMethod ?? refused.discountCode);
    }
  };

  const buy = async (nonce: string) => {
    const [email, shippingAddress] = await Promise.all([checked(emailForm), checked(addressForm)]);
    if (email === null || shippingAddress === null) return;
    const paymentInfo: GuestPaymentInfo = {
      email: email.email,
      paymentMethodNonce: nonce,
      amount: settled.current?.total ?? cartTotal(items),
      products,
      shippingAddress: shippingAddress as GuestPaymentInfo['shippingAddress'],
      ...(settled.current?.shippingMethod ? { shippingMethod: settled.current.shippingMethod.id } : {}),
      ...(discountCode ? { discountCode } : {}),
    };
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
      for (const { field, message } of fieldErrors(error)) {
        if (field === 'paymentInfo.email') emailForm.setError('email', { type: 'server', message });
      }
      if (error instanceof ApiError && error.status === 409) onRefused?.();
    } finally {
      setPaying(false);
    }
  };

  const emailField = emailForm.register('email', {
    onBlur: (event: { target: { value: string } }) => {
      const typed = event.target.value.trim().toLowerCase();
      if (LOOKS_LIKE_EMAIL.test(typed)) setQuotedEmail(typed);
    },
  });

  return (
    <section aria-labelledby="guest-checkout-heading" className="card shadow-sm">
      <div className="card-body">
        <h2 id="guest-checkout-heading" className="h4 card-title">
          Guest checkout
        </h2>
        <TextField
          id="guest-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          hint="Your confirmation and the link to your order go here."
          error={emailForm.formState.errors.email}
          registration={emailField}
        />
        <ShippingAddressFields form={addressForm} />
        {problems.country ? (
          <Alert variant="danger" className="small">
            {problems.country}
          </Alert>
        ) : null}
        <PriceBreakdown quote={quoteQuery.data} selected={methodId} problems={problems} onMethod={(id) => setMethod({ id, country })} />
        <DiscountCodeForm applied={discountCode} problem={problems.discountCode} onApply={setDiscountCode} />
        {problems.other ? (
          <Alert variant="danger" className="small">
            {problems.other}
          </Alert>
        ) : null}
        <dl className="d-flex justify-content-between align-items-baseline border-bottom pb-2 mb-3">
          <dt className="fw-normal">Total</dt>
          <dd className="fs-4 fw-semibold mb-0" data-testid="guest-total">
            {formatDollars(total)}
          </dd>
        </dl>
        {failure ? (
          <Alert variant="danger">
            <div className="fw-semibold">Payment failed</div>
            <div>{failure}</div>
          </Alert>
        ) : null}
        {gatewayQuery.error ? <Alert variant="danger">{errorMessage(gatewayQuery.error)}</Alert> : null}
        {gatewayQuery.isLoading ? <Spinner label="Preparing payment..." /> : null}
        {gateway && items.length > 0 ? (
          gateway.gateway === 'braintree' ? (
            <DropInPayment clientToken={gateway.clientToken} busy={paying} beforeBuy={ready} onNonce={buy} />
          ) : (
            <TestCardForm busy={paying} beforeBuy={ready} onNonce={buy} />
          )
        ) : null}
      </div>
    </section>
  );
}

/** A form's values when its check passes (showing each field's error and focusing the first otherwise), or null. */
function checked<Values extends FieldValues>(form: UseFormReturn<Values>): Promise<Values | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (values) => resolve(values as Values),
      () => resolve(null),
    )();
  });
}
