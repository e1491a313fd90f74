import { formatDollars } from '@store/contract';
import type { PaymentInfo, PaymentResult, Quote, QuoteRequest, Session, ShippingAddress } from '@store/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import type { CartItem } from '@/lib/cart';
import { cartLines, cartTotal } from '@/lib/cart-changes';
import { useClientToken } from '../api/get-client-token';
import { useAddresses } from '@/api/addresses/list-addresses';
import { useLastAddress } from '../api/get-last-address';
import { AddressPicker } from './address-picker';
import { usePay } from '../api/pay';
import { useQuote } from '../api/get-quote';
import { DiscountCodeForm, PriceBreakdown, quoteProblems } from './price-summary';
import { checkedValues, CheckoutTotal, PaymentFailure, PaymentWidget, settleQuote, usePaymentAttempt } from './payment-steps';
import {
  type AddressFormValues,
  addressFormValues,
  addressResolver,
  blankAddress,
  ShippingAddressFields,
} from '@/components/shipping-address-fields';

export const CHECKOUT_UNAVAILABLE_TEXT = 'Please login or add something to cart';

interface Props {
  items: CartItem[];
  session: Session | null;
  /** Called after a successful payment (the page empties the cart). */
  onPaid: (result: PaymentResult) => void;
  /** Called when the server refused the cart (409: a price or the stock changed), so the page can refresh it. */
  onRefused?: () => void;
  /** Shown beside the success message, e.g. a link to the buyer's orders or to the paid order's confirmation. */
  afterPaid?: ReactNode | ((result: PaymentResult) => ReactNode);
}

/**
 * The checkout column: the total, and for a signed-in shopper with a non-empty cart the shipping address (prefilled
 * with the buyer's last one) and the payment widget the server's gateway calls for; Buy goes through only once the
 * address is valid. A failure is logged ('PAYMENT FAILED', as the spec says) and also shown, and the
 * cart is kept so the buyer can try again.
 */
export function Checkout({ items, session, onPaid, onRefused, afterPaid }: Props) {
  const [success, setSuccess] = useState<PaymentResult | null>(null);
  const { mutateAsync: pay } = usePay();
  const payment = usePaymentAttempt({
    pay,
    onPaid: (result: PaymentResult) => {
      setSuccess(result);
      onPaid(result);
    },
    onRefused,
  });
  const gatewayQuery = useClientToken();
  const gateway = gatewayQuery.data;
  const tokenError = gatewayQuery.error ? errorMessage(gatewayQuery.error) : null;
  const loadingToken = gatewayQuery.isLoading;

  // Checked first when Buy is pressed, then as the buyer corrects it: an error appearing when a field merely loses
  // focus would move Buy down under a pointer on its way to it (the press would land beside the button).
  const addressForm = useForm<AddressFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: addressResolver,
    defaultValues: blankAddress(session?.user.name),
  });
  const lastAddress = useLastAddress().data?.address;
  const savedAddresses = useAddresses().data?.addresses;
  // The address book's default first; without a book, the address of the last order.
  const offeredAddress = savedAddresses?.find((saved) => saved.isDefault)?.shippingAddress ?? lastAddress;
  const { isDirty } = addressForm.formState;
  useEffect(() => {
    // Offered, never forced: once the buyer has typed, a late or refreshed answer leaves their text alone.
    if (offeredAddress && !isDirty) addressForm.reset(addressFormValues(offeredAddress));
  }, [offeredAddress, isDirty, addressForm]);
  // A picked address counts as the buyer's own input (dirty), so no later answer replaces it.
  const pickAddress = (address: ShippingAddress) => {
    for (const [field, value] of Object.entries(addressFormValues(address)))
      addressForm.setValue(field as keyof AddressFormValues, value as string, { shouldDirty: true });
  };
  /** Buy goes no further until the address passes; it is the checked one (trimmed, a blank optional field left out), or null. */
  const checkedAddress = async () => (await checkedValues(addressForm)) as ShippingAddress | null;

  // The server's price (docs/pricing.md): asked again whenever the cart, the country, the method or the code
  // changes, and shown exactly; the payment sends the quoted total and the same inputs.
  const country = useWatch({ control: addressForm.control, name: 'country' });
  const chosenRegion = useWatch({ control: addressForm.control, name: 'region' });
  // A method is chosen for a country: in another country the server offers (and prices) its cheapest again.
  const [method, setMethod] = useState<{ id: string; country: string } | undefined>();
  const methodId = method && method.country === country ? method.id : undefined;
  const [discountCode, setDiscountCode] = useState<string | undefined>();
  const products = useMemo(() => cartLines(items), [items]);
  // The regions with a tax rate of their own, per country as its quotes said (kept while the next quote loads).
  const [regionsOf, setRegionsOf] = useState<Partial<Record<string, readonly string[]>>>({});
  const taxRegions = (country && regionsOf[country]) || [];
  // Sent only when it is one of the country's regions (a region chosen for another country is not this one's).
  const region = taxRegions.includes(chosenRegion) ? chosenRegion : undefined;
  const quoteRequest: QuoteRequest | null =
    session && items.length > 0
      ? {
          products,
          ...(country ? { destination: { country, ...(region ? { region } : {}) } } : {}),
          ...(methodId ? { shippingMethod: methodId } : {}),
          ...(discountCode ? { discountCode } : {}),
        }
      : null;
  const quoteQuery = useQuote(quoteRequest);
  const quotedRegions = country && quoteQuery.data && !quoteQuery.isPlaceholderData ? (quoteQuery.data.taxRegions ?? []) : undefined;
  // Kept as the render learns it (React's "adjusting state when a prop changes"), so the field shows with this quote.
  if (quotedRegions && regionsOf[country]?.join() !== quotedRegions.join()) setRegionsOf({ ...regionsOf, [country]: quotedRegions });
  const problems = quoteProblems(quoteQuery.error);

  // The quote Buy pays: the one of exactly this cart, address, method and code, waited for if still loading.
  const settled = useRef<Quote | null>(null);
  const addressReady = async () => {
    const address = await checkedAddress();
    if (address === null) return false;
    settled.current = null;
    if (quoteRequest === null) return true;
    const { quote, canPay } = await settleQuote(quoteQuery.settle);
    settled.current = quote;
    return canPay;
  };

  const total = quoteQuery.data?.total ?? cartTotal(items);

  const buy = async (nonce: string) => {
    if (!session) return;
    const shippingAddress = await checkedAddress();
    if (!shippingAddress) return;
    const paymentInfo: PaymentInfo = {
      paymentMethodNonce: nonce,
      amount: settled.current?.total ?? cartTotal(items),
      products,
      shippingAddress,
      ...(settled.current?.shippingMethod ? { shippingMethod: settled.current.shippingMethod.id } : {}),
      ...(discountCode ? { discountCode } : {}),
      ...(region ? { region } : {}),
    };
    setSuccess(null);
    await payment.send(paymentInfo);
  };

  const canBuy = !!gateway && items.length > 0;
  const paidNote = success && typeof afterPaid === 'function' ? afterPaid(success) : (afterPaid as ReactNode);

  return (
    <section aria-labelledby="checkout-heading" className="card shadow-sm">
      <div className="card-body">
        <h2 id="checkout-heading" className="h4 card-title">
          Checkout
        </h2>
        <PriceBreakdown quote={quoteQuery.data} selected={methodId} problems={problems} onMethod={(id) => setMethod({ id, country })} />
        <CheckoutTotal total={total} testId="cart-total" />
        {success ? (
          <Alert variant="success">
            <div className="fw-semibold">Thank you! Your payment of {formatDollars(success.transaction.amount)} was successful.</div>
            <div>Your order is placed{paidNote ? <>: {paidNote}</> : '.'}</div>
          </Alert>
        ) : null}
        <PaymentFailure failure={payment.failure} />
        {tokenError && items.length > 0 ? <Alert variant="danger">{tokenError}</Alert> : null}
        {loadingToken && items.length > 0 ? <Spinner label="Preparing payment..." /> : null}
        {canBuy ? (
          <>
            <DiscountCodeForm applied={discountCode} problem={problems.discountCode} onApply={setDiscountCode} />
            <AddressPicker addresses={savedAddresses ?? []} onPick={pickAddress} />
            <ShippingAddressFields form={addressForm} regions={taxRegions} />
            {problems.country ? (
              <Alert variant="danger" className="small">
                {problems.country}
              </Alert>
            ) : null}
            <PaymentWidget gateway={gateway} busy={payment.paying} beforeBuy={addressReady} onNonce={buy} />
          </>
        ) : loadingToken && items.length > 0 ? null : (
          <p className="text-body-secondary mb-0">{CHECKOUT_UNAVAILABLE_TEXT}</p>
        )}
      </div>
    </section>
  );
}
