import { formatCents, type ProductSize, SHIPPING_COUNTRIES } from '@store/contract';

/**
 * The shop's one price of a cart: a pure function of the cart (as priced from the database), the destination, the
 * shipping method, the discount code and the shop's pricing rules, in integer cents. The quote, the payment and
 * the order's stored breakdown all come from it; docs/pricing.md gives the rules and the rounding.
 */

/** One cart line as the database prices it. */
export interface CartItem {
  productId: string;
  /** The variant the line is of (a quote's; the payment's lines carry their size and price as reserved). */
  variantId?: number;
  size?: ProductSize | '';
  name: string;
  /** The unit price as the shop entered it (tax included when the shop's prices include tax). */
  unitCents: number;
  count: number;
  categoryId: string | null;
  /**
   * The weight in grams of one of the line's items: its variant's own, else its product's, when either carries one
   * (methods by weight count the rest as weightless).
   */
  weightGrams?: number | null;
}

export interface ShippingMethodRule {
  id: string;
  name: string;
  rateCents: number;
  /** Free when the subtotal after discount reaches this; null: never free. */
  freeOverCents: number | null;
  /** Priced by the cart's weight instead of `rateCents` (lightest bracket first); null or absent: a flat rate. */
  weightBrackets?: readonly WeightBracket[] | null;
}

/** A method's price for carts up to `upToGrams` (heavier than the last bracket: the method is not offered). */
export interface WeightBracket {
  upToGrams: number;
  rateCents: number;
}

export interface ShippingZoneRule {
  id: string;
  name: string;
  countries: readonly string[];
  methods: readonly ShippingMethodRule[];
}

export interface TaxRule {
  id: string;
  country: string;
  /** '' for the whole country. */
  region: string;
  name: string;
  /** Thousandths of a percent: 20% is 20000, 8.875% is 8875. */
  rateMilli: number;
}

export type DiscountKind = 'percentage' | 'fixed' | 'free-shipping';

export interface DiscountRule {
  id: string;
  /** Upper case. */
  code: string;
  kind: DiscountKind;
  /** Hundredths of a percent for `percentage` (15% is 1500), cents for `fixed`, 0 for `free-shipping`. */
  value: number;
  validFrom: Date | null;
  validUntil: Date | null;
  minSubtotalCents: number | null;
  categoryIds: readonly string[];
  productIds: readonly string[];
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Uses counted now (not given back), in all and by this customer. */
  uses: number;
  customerUses: number;
}

export interface PricingRules {
  pricesIncludeTax: boolean;
  zones: readonly ShippingZoneRule[];
  taxRates: readonly TaxRule[];
}

export interface PricingInput {
  rules: PricingRules;
  items: readonly CartItem[];
  destination?: { country: string; region?: string };
  shippingMethodId?: string;
  /** The code as typed (any case), and the rule found for it (undefined: no such code). */
  codeText?: string;
  code?: DiscountRule;
  /**
   * `quote`: without a method, the cheapest offered is priced (the buyer then picks); `payment`: a shop with shipping
   * zones needs the method and the address named (docs/pricing.md, "An old client").
   */
  mode: 'quote' | 'payment';
  now: Date;
}

export interface PricedLine extends CartItem {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  pricesIncludeTax: boolean;
  taxes: Array<{ name: string; rateMilli: number; cents: number }>;
  /** The methods offered for the destination, each priced for this cart. */
  offered: Array<{ id: string; name: string; cents: number }>;
  method?: { id: string; name: string };
  code?: DiscountRule;
  /** No destination was given but shipping or tax depend on it. */
  needsDestination: boolean;
  /** The regions of the destination's country with a tax rate of their own (upper case, sorted): the checkout asks for one. */
  taxRegions: string[];
}

/** Which input a refusal is about (the caller names the field in its own request's terms). */
export type PricingField = 'discountCode' | 'shippingMethod' | 'country';

export interface PricingRefusal {
  /** 400 for input that cannot be priced, 409 for a code used up. */
  status: 400 | 409;
  field: PricingField;
  message: string;
}

export type PricingResult = { ok: true; cart: PricedCart } | { ok: false; refusal: PricingRefusal };

export function priceCart(input: PricingInput): PricingResult {
  const { items, now } = input;
  const rules = input.rules;
  const subtotalCents = items.reduce((sum, item) => sum + item.unitCents * item.count, 0);

  // 1. The code: valid now, not used up, reached by the subtotal, reaching a line.
  let lineDiscounts = items.map(() => 0);
  let freeShipping = false;
  if (input.codeText !== undefined) {
    const shown = input.codeText.trim().toUpperCase();
    const code = input.code;
    if (!code) return refuse(400, 'discountCode', `There is no discount code ${shown}`);
    if (code.validFrom && now < code.validFrom)
      return refuse(400, 'discountCode', `The code ${shown} is not valid until ${day(code.validFrom)}`);
    if (code.validUntil && now >= code.validUntil)
      return refuse(400, 'discountCode', `The code ${shown} expired on ${day(code.validUntil)}`);
    if (code.maxUses !== null && code.uses >= code.maxUses) return refuse(409, 'discountCode', `The code ${shown} has been used up`);
    if (code.maxUsesPerCustomer !== null && code.customerUses >= code.maxUsesPerCustomer) {
      return refuse(409, 'discountCode', `You have already used the code ${shown}`);
    }
    if (code.minSubtotalCents !== null && subtotalCents < code.minSubtotalCents) {
      return refuse(400, 'discountCode', `The code ${shown} needs a subtotal of at least ${formatCents(code.minSubtotalCents)}`);
    }
    const eligible = items.map((item) => appliesTo(code, item));
    if (code.kind === 'free-shipping') freeShipping = true;
    else {
      const weights = items.map((item, i) => (eligible[i] ? item.unitCents * item.count : 0));
      const base = weights.reduce((a, b) => a + b, 0);
      if (base === 0) return refuse(400, 'discountCode', `The code ${shown} does not apply to anything in your cart`);
      const total = code.kind === 'percentage' ? Math.min(base, roundDiv(base * code.value, 10_000)) : Math.min(base, code.value);
      lineDiscounts = allocate(total, weights);
    }
  }
  const discountCents = lineDiscounts.reduce((a, b) => a + b, 0);
  const afterDiscount = subtotalCents - discountCents;

  // 2. Shipping: the zone of the destination's country, its methods priced for this cart.
  const shipsSomewhere = rules.zones.some((zone) => zone.methods.length > 0);
  const taxed = rules.taxRates.length > 0;
  const destination = input.destination;
  const needsDestination = !destination && (shipsSomewhere || taxed);
  if (needsDestination && input.mode === 'payment') {
    return refuse(400, 'country', 'A shipping address is required: shipping and tax depend on the country');
  }
  let offered: PricedCart['offered'] = [];
  let method: PricedCart['method'];
  let shippingCents = 0;
  if (destination && shipsSomewhere) {
    const zone = rules.zones.find((candidate) => candidate.countries.includes(destination.country) && candidate.methods.length > 0);
    if (!zone) return refuse(400, 'country', `We do not ship to ${countryName(destination.country)} yet`);
    const grams = cartWeightGrams(items);
    offered = zone.methods
      .flatMap((m) => {
        const rate = m.weightBrackets ? weightRateCents(m.weightBrackets, grams) : m.rateCents;
        // A cart heavier than a weight method's last bracket cannot go by it.
        if (rate === undefined) return [];
        return [
          { id: m.id, name: m.name, cents: freeShipping || (m.freeOverCents !== null && afterDiscount >= m.freeOverCents) ? 0 : rate },
        ];
      })
      .sort((a, b) => a.cents - b.cents || a.name.localeCompare(b.name));
    if (offered.length === 0) {
      return refuse(400, 'country', `Your cart is too heavy for our shipping methods to ${countryName(destination.country)}`);
    }
    const wanted = input.shippingMethodId?.toLowerCase();
    const chosen = wanted !== undefined ? offered.find((m) => m.id === wanted) : input.mode === 'quote' ? offered[0] : undefined;
    if (!chosen) {
      return refuse(
        400,
        'shippingMethod',
        input.shippingMethodId === undefined
          ? 'Choose a shipping method'
          : `This shipping method is not offered for ${countryName(destination.country)}; choose one of ${offered.map((m) => m.name).join(', ')}`,
      );
    }
    method = { id: chosen.id, name: chosen.name };
    shippingCents = chosen.cents;
  } else if (input.shippingMethodId !== undefined && destination && !shipsSomewhere) {
    return refuse(400, 'shippingMethod', 'The shop offers no shipping methods: send the payment without one');
  }

  // 3. Tax: the destination's rate (its region's, else the country's), per line, each rounded half up.
  let rate: TaxRule | undefined;
  if (destination && taxed) {
    const region = (destination.region ?? '').toUpperCase();
    rate =
      (region ? rules.taxRates.find((r) => r.country === destination.country && r.region === region) : undefined) ??
      rules.taxRates.find((r) => r.country === destination.country && r.region === '');
    if (!rate)
      return refuse(400, 'country', `No tax rate is set for ${countryName(destination.country)}, so the shop cannot sell there yet`);
  }
  const lines: PricedLine[] = items.map((item, i) => {
    const lineSubtotal = item.unitCents * item.count;
    const base = lineSubtotal - lineDiscounts[i];
    const tax = rate ? lineTax(base, rate.rateMilli, rules.pricesIncludeTax) : 0;
    return {
      ...item,
      subtotalCents: lineSubtotal,
      discountCents: lineDiscounts[i],
      taxCents: tax,
      totalCents: base + (rules.pricesIncludeTax ? 0 : tax),
    };
  });
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return {
    ok: true,
    cart: {
      lines,
      subtotalCents,
      discountCents,
      shippingCents,
      taxCents,
      totalCents: afterDiscount + shippingCents + (rules.pricesIncludeTax ? 0 : taxCents),
      pricesIncludeTax: rules.pricesIncludeTax,
      taxes: rate ? [{ name: rate.name, rateMilli: rate.rateMilli, cents: taxCents }] : [],
      offered,
      ...(method ? { method } : {}),
      ...(input.code && input.codeText !== undefined ? { code: input.code } : {}),
      needsDestination,
      taxRegions: destination ? taxRegionsOf(rules, destination.country) : [],
    },
  };
}

/** The cart's weight in grams: each line's weight times its count (a line without a weight counts nothing). */
export function cartWeightGrams(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + (item.weightGrams ?? 0) * item.count, 0);
}

/**
 * A weight method's price for a cart of `grams`: the rate of the lightest bracket that holds it (`upToGrams`
 * inclusive, whatever order the brackets come in); undefined when the cart is heavier than every bracket.
 */
export function weightRateCents(brackets: readonly WeightBracket[], grams: number): number | undefined {
  const fitting = brackets.filter((bracket) => grams <= bracket.upToGrams).sort((a, b) => a.upToGrams - b.upToGrams);
  return fitting[0]?.rateCents;
}

/** The regions of `country` that have a tax rate of their own, sorted. */
export function taxRegionsOf(rules: PricingRules, country: string): string[] {
  return rules.taxRates
    .filter((rate) => rate.country === country && rate.region !== '')
    .map((rate) => rate.region)
    .sort();
}

/**
 * The tax of one line whose price after discount is `base` cents, rounded half up to the cent: added on top
 * (`base x rate`), or contained in a price that includes it (`base - base / (1 + rate)`, the net rounded half up).
 */
export function lineTax(base: number, rateMilli: number, included: boolean): number {
  if (!included) return roundDiv(base * rateMilli, 100_000);
  return base - roundDiv(base * 100_000, 100_000 + rateMilli);
}

/**
 * Splits `total` cents over `weights` in proportion, exactly (largest remainder): each share is rounded down,
 * then the cents left go one each to the largest remainders, the earlier line first on a tie. The shares add up
 * to `total`, and none exceeds its weight when `total` does not exceed their sum.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .filter(({ i }) => weights[i] > 0)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** a / b rounded half up, for non-negative integers. */
export function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

function appliesTo(code: DiscountRule, item: CartItem): boolean {
  if (code.categoryIds.length === 0 && code.productIds.length === 0) return true;
  return code.productIds.includes(item.productId) || (item.categoryId !== null && code.categoryIds.includes(item.categoryId));
}

function refuse(status: 400 | 409, field: PricingField, message: string): PricingResult {
  return { ok: false, refusal: { status, field, message } };
}

function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
