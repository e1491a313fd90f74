import { type GuestPaymentInfo, type GuestPaymentResult, type GuestQuoteRequest, type Quote } from '@store/contract';
import { GuestEmailDto } from '@store/contract/dto/guest-email.dto';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { type AddressFormValues, addressResolver, blankAddress, ShippingAddressFields } from '@/components/shipping-address-fields';
import { Spinner } from '@/components/spinner';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import type { CartItem } from '@/lib/cart';
import { cartLines, cartTotal } from '@/lib/cart-changes';
import { dtoResolver } from '@/lib/dto-resolver';
import { useGuestClientToken } from '../api/get-guest-client-token';
import { useGuestQuote } from '../api/get-guest-quote';
import { usePayAsGuest } from '../api/pay-as-guest';
import { DiscountCodeForm, PriceBreakdown, quoteProblems } from './price-summary';
import { checkedValues, CheckoutTotal, PaymentFailure, PaymentWidget, settleQuote, usePaymentAttempt } from './payment-steps';

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
  const payment = usePaymentAttempt({
    pay,
    onPaid,
    onFailure: (error) => {
      for (const { field, message } of fieldErrors(error)) {
        if (field === 'paymentInfo.email') emailForm.setError('email', { type: 'server', message });
      }
    },
    onRefused,
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
    const [email, address] = await Promise.all([checkedValues(emailForm), checkedValues(addressForm)]);
    if (email === null || address === null) return false;
    setQuotedEmail(email.email);
    settled.current = null;
    const request = requestFor(email.email);
    if (request === null) return false;
    // A field-level refusal shows in place once the quote is asked again.
    const { quote, canPay } = await settleQuote(() => quoteQuery.settle(request));
    settled.current = quote;
    return canPay;
  };

  const buy = async (nonce: string) => {
    const [email, shippingAddress] = await Promise.all([checkedValues(emailForm), checkedValues(addressForm)]);
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
    await payment.send(paymentInfo);
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
        <CheckoutTotal total={total} testId="guest-total" />
        <PaymentFailure failure={payment.failure} />
        {gatewayQuery.error ? <Alert variant="danger">{errorMessage(gatewayQuery.error)}</Alert> : null}
        {gatewayQuery.isLoading ? <Spinner label="Preparing payment..." /> : null}
        {gateway && items.length > 0 ? <PaymentWidget gateway={gateway} busy={payment.paying} beforeBuy={ready} onNonce={buy} /> : null}
      </div>
    </section>
  );
}
