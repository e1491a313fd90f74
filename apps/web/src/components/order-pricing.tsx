import { formatDollars, type OrderPricing } from '@store/contract';

/**
 * How an order's total was made up (docs/pricing.md): subtotal, the code's discount, shipping by its method and the
 * tax per rate (added, or "incl." in a shop whose prices include it), as label and amount.
 */
export function pricingRows(pricing: OrderPricing): Array<{ label: string; amount: string }> {
  return [
    { label: 'Subtotal', amount: formatDollars(pricing.subtotal) },
    ...(pricing.discount > 0
      ? [{ label: `Discount${pricing.discountCode ? ` (${pricing.discountCode})` : ''}`, amount: `-${formatDollars(pricing.discount)}` }]
      : []),
    ...(pricing.shippingMethod !== undefined
      ? [{ label: `Shipping (${pricing.shippingMethod})`, amount: formatDollars(pricing.shipping) }]
      : []),
    ...pricing.taxes.map((tax) => ({
      label: `${pricing.pricesIncludeTax ? 'incl. ' : ''}${tax.name} ${tax.rate}%`,
      amount: formatDollars(tax.amount),
    })),
    ...(pricing.shippingRefund ? [{ label: 'Shipping refunded', amount: `-${formatDollars(pricing.shippingRefund.amount)}` }] : []),
  ];
}

/** The breakdown as a small list (order history, the admin's orders); nothing for an order that has none. */
export function OrderPricingList({ pricing }: { pricing: OrderPricing | undefined }) {
  if (!pricing) return null;
  return (
    <dl className="small mb-1" data-testid="order-pricing">
      {pricingRows(pricing).map((row) => (
        <div key={row.label} className="d-flex justify-content-between gap-3">
          <dt className="fw-normal">{row.label}</dt>
          <dd className="mb-0">{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
