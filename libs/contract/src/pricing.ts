import type { ProductSize } from './catalogue.js';
import type { CartLineRef } from './checkout.js';
import type { ErrorBody } from './errors.js';
import type { ShippingCountry } from './shipping.js';

/**
 * Pricing: the one server-side price of a cart (docs/pricing.md). Money is dollars on the wire, integer cents inside;
 * tax rates are percentages with at most 3 decimals (8.875), kept as thousandths of a percent.
 */

/** Where a cart ships, as far as its price depends on it: the country and, for a tax rate by region, the region. */
export interface PricingDestination {
  country: ShippingCountry;
  /** A state, province or county code (`CA`, `NY`); only tax rates by region read it. */
  region?: string;
}

/** The body of `POST /checkout/quote/{userId}`: the payment's pricing inputs, without the card. No side effects. */
export interface QuoteRequest {
  products: CartLineRef[];
  destination?: PricingDestination;
  /** The id of one of the shipping methods the quote offers for the destination. */
  shippingMethod?: string;
  /** A discount code, any case. */
  discountCode?: string;
}

/** The body of `POST /checkout/guest/quote`: a quote without an account; the e-mail, when given, checks a code's uses per customer. */
export interface GuestQuoteRequest extends QuoteRequest {
  email?: string;
}

export interface QuoteLine {
  product: string;
  /** The variant the line is of (its own price, else the product's). */
  variant?: number;
  size?: ProductSize;
  name: string;
  /** Unit price in dollars as entered by the shop (including tax when the shop's prices include it). */
  price: number;
  count: number;
  /** price x count. */
  subtotal: number;
  /** This line's share of the discount code's amount. */
  discount: number;
  /** Tax on (subtotal - discount): added to the total, or contained in it when prices include tax. */
  tax: number;
  /** subtotal - discount, plus tax when tax is added. */
  total: number;
}

export interface QuoteTax {
  name: string;
  /** Percent, e.g. 20 or 8.875. */
  rate: number;
  amount: number;
}

export interface QuoteShippingMethod {
  id: string;
  name: string;
  /** What this method costs for this cart (0 when free over its threshold or with a free-shipping code). */
  price: number;
}

/** The answer of a quote, and what an order stores: every amount in dollars, computed in integer cents. */
export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  /** True when the shop's prices include tax (the tax is part of the subtotal, shown as "incl. VAT"). */
  pricesIncludeTax: boolean;
  taxes: QuoteTax[];
  /** The methods offered for the destination (empty when the shop configured no shipping). */
  shippingMethods: QuoteShippingMethod[];
  /** The method priced in `shipping`. */
  shippingMethod?: { id: string; name: string };
  /** The code applied, normalised to upper case. */
  discountCode?: string;
  /** True when no destination was given but shipping or tax depend on it (the total then leaves them out). */
  needsDestination: boolean;
  /**
   * The regions (state or province codes, upper case) of the destination's country that have a tax rate of their own
   * (an optional extension, present only when there are any): the checkout then asks for the address's region.
   */
  taxRegions?: string[];
}

/** A 409 payment answer when the price changed since the buyer's quote: the new quote to show. */
export interface PriceChangedBody extends ErrorBody {
  quote: Quote;
}

/** Why a discount code or a destination was refused: `details[0].field` names the input. */
export const PRICING_FIELDS = {
  discountCode: 'discountCode',
  shippingMethod: 'shippingMethod',
  destination: 'destination.country',
} as const;

/**
 * How the shop's shelf prices read (`GET /prices/display`, public): `pricesIncludeTax` true in a shop whose prices
 * include tax (an EU shop), whose product cards and pages then say "incl. VAT".
 */
export interface PriceDisplay {
  pricesIncludeTax: boolean;
}

// --- Admin: shipping, taxes, codes, the shop's setting ---

export interface ShippingMethod {
  _id: string;
  zone: string;
  name: string;
  /** Flat rate in dollars. */
  price: number;
  /** Free when the cart's subtotal after discount is at least this many dollars; null: never free. */
  freeOver: number | null;
  /**
   * Priced by the cart's weight (an optional extension): each bracket's price (dollars) for carts up to `upTo`
   * grams, lightest first; a cart heavier than the last is not offered this method. Absent: a flat rate (`price`).
   */
  weightBrackets?: WeightBracket[];
}

/** One bracket of a method priced by weight: carts up to `upTo` grams pay `price` dollars. */
export interface WeightBracket {
  upTo: number;
  price: number;
}

/** At most this many brackets per method; weights up to this many grams (a product's or a bracket's). */
export const WEIGHT_BRACKETS_MAX = 10;
export const WEIGHT_GRAMS_MAX = 1_000_000;

export interface ShippingZone {
  _id: string;
  name: string;
  countries: ShippingCountry[];
  methods: ShippingMethod[];
}

export interface ShippingZoneInput {
  name: string;
  countries: ShippingCountry[];
}

export interface ShippingMethodInput {
  zone: string;
  name: string;
  /** The flat rate; not needed for a method priced by weight. */
  price?: number;
  freeOver?: number | null;
  weightBrackets?: WeightBracket[] | null;
}

export interface TaxRate {
  _id: string;
  country: ShippingCountry;
  /** Empty: the whole country; else only addresses in that region. */
  region: string;
  name: string;
  rate: number;
}

export interface TaxRateInput {
  country: ShippingCountry;
  region?: string;
  name: string;
  rate: number;
}

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free-shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountCodeInput {
  code: string;
  kind: DiscountKind;
  /** Percent for `percentage` (1-100), dollars for `fixed`, ignored for `free-shipping`. */
  value: number;
  /** ISO times; absent: no bound. */
  validFrom?: string | null;
  validUntil?: string | null;
  /** Dollars of subtotal the cart must reach. */
  minSubtotal?: number | null;
  /** When non-empty, the code discounts only lines of these categories or these products. */
  categories?: string[];
  products?: string[];
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
}

export interface DiscountCode extends Required<DiscountCodeInput> {
  _id: string;
  /** Orders paid with the code, not given back (failed payments and cancellations give theirs back). */
  uses: number;
  /** Dollars of discount those orders got. */
  discountGiven: number;
}

export interface PricingSettings {
  pricesIncludeTax: boolean;
}

/** `GET /pricing/{userId}`: everything the admin's Pricing screen shows. */
export interface PricingAdmin {
  settings: PricingSettings;
  zones: ShippingZone[];
  taxRates: TaxRate[];
  discountCodes: DiscountCode[];
}

export const DISCOUNT_CODE_MAX = 32;
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const PRICING_NAME_MAX = 64;
export const TAX_REGION_MAX = 8;
