import { usePriceDisplay } from '@/api/pricing/get-price-display';

/**
 * "incl. VAT" beside a shelf price in a shop whose prices include tax (an EU shop); nothing in a shop that adds tax
 * at checkout, or until the setting is known.
 */
export function IncludedTaxNote() {
  const { data } = usePriceDisplay();
  if (!data?.pricesIncludeTax) return null;
  return <span className="small text-body-secondary ms-1 product-tax-note">incl. VAT</span>;
}
