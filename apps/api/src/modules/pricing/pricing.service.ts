import { Injectable } from '@nestjs/common';
import {
  formatCents,
  fromCents,
  type PricingDestination,
  PRODUCT_SIZES,
  type ProductSize,
  type PriceDisplay,
  type Quote,
  type QuoteRequest,
} from '@store/contract';
import { AppError, ConflictError, ValidationFailedError } from '../../common/errors.js';
import { type CartItem, type PricedCart, priceCart, type PricingField, type PricingRefusal, type PricingRules } from './pricing.js';
import { ProductStockService } from '../inventory/index.js';
import type { StatementColumns } from '../../database/transactions.js';
import { type CartWeights, PricingRepository, type RulesAndCategories } from './pricing.repository.js';
import { PricingRulesCache } from './pricing-rules.cache.js';

/** A reserved line as the payment hands it over: priced and named as its row was locked. */
export interface ReservedItem {
  productId: string;
  variantId?: number;
  size?: ProductSize | '';
  name: string;
  priceCents: number;
  count: number;
}

/** The payment's pricing inputs besides the cart. */
export interface PaymentPricingInput {
  destination?: PricingDestination;
  shippingMethod?: string;
  discountCode?: string;
  /** The buyer, for a code's uses per customer: the e-mail, lower case (a guest is known by it too). */
  customer: string;
  /** What the buyer saw, in cents. */
  expectedCents: number;
}

/** The shop's rules and the cart's categories and weights, read for one payment by {@link PricingService.prepare}. */
export type PreparedPricing = RulesAndCategories;

/** The payment's price: the cart as priced, or why it is refused (an AppError to answer, nothing reserved). */
export type PaymentPrice = { kind: 'priced'; cart: PricedCart } | { kind: 'refused'; error: AppError };

/** The field names of the payment request, for its refusals. */
const PAYMENT_FIELDS: Record<PricingField, string> = {
  discountCode: 'paymentInfo.discountCode',
  shippingMethod: 'paymentInfo.shippingMethod',
  country: 'paymentInfo.shippingAddress.country',
};
const QUOTE_FIELDS: Record<PricingField, string> = {
  discountCode: 'discountCode',
  shippingMethod: 'shippingMethod',
  country: 'destination.country',
};

/**
 * The quote and the payment's price, both from {@link priceCart} (docs/pricing.md). A quote reads the products and
 * the code as they are and the shop's rules from a short per-process cache; the payment prices the rows it locked,
 * reads the rules fresh and locks the code's row, so what is charged is exact whatever the cache says.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly repository: PricingRepository,
    private readonly rulesCache: PricingRulesCache,
    private readonly stock: ProductStockService,
  ) {}

  /** How shelf prices read: whether they include tax (the same bounded per-process copy of the rules as a quote). */
  async display(): Promise<PriceDisplay> {
    const rules = await this.rulesCache.get();
    return { pricesIncludeTax: rules.pricesIncludeTax };
  }

  /**
   * The cart's price for a destination, method and code, with no side effect. Each line is priced as the payment
   * will price it: the variant it names (its own price, else the product's), in the payment's order. Throws a
   * field-level 4xx when it cannot be priced.
   */
  async quote(request: QuoteRequest, customer: string): Promise<Quote> {
    const lines = request.products.map((ref) => ({
      productId: ref._id.toLowerCase(),
      count: ref.count,
      ...(ref.variant !== undefined ? { variantId: ref.variant } : {}),
      ...(ref.size ? { size: ref.size } : {}),
    }));
    // The products (with variants, categories and weights) in one statement, the code in another only when one is
    // given, the rules from the process's copy: a quote is one or two reads at most (the token check is kept, SessionCache).
    const [chosen, code, rules] = await Promise.all([
      this.stock.choose(lines),
      request.discountCode !== undefined ? this.repository.quoteCode(request.discountCode, customer) : undefined,
      this.rulesCache.get(),
    ]);
    if ('refused' in chosen) {
      // The reservation's refusal, naming the quote's own field (`products`, not the payment's `paymentInfo.products`).
      const { code, message, details } = chosen.refused;
      throw new AppError(
        code,
        message,
        details?.map((detail) => ({ ...detail, field: 'products' })),
      );
    }
    const items: CartItem[] = chosen.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      ...(line.size ? { size: line.size } : {}),
      name: line.name,
      unitCents: line.unitCents,
      count: line.count,
      categoryId: line.categoryId,
      weightGrams: line.weightGrams,
    }));
    const result = priceCart({
      rules,
      items,
      mode: 'quote',
      now: new Date(),
      ...(request.destination ? { destination: request.destination } : {}),
      ...(request.shippingMethod !== undefined ? { shippingMethodId: request.shippingMethod } : {}),
      ...(request.discountCode !== undefined ? { codeText: request.discountCode, code } : {}),
    });
    if (!result.ok) throw refusalError(result.refusal, QUOTE_FIELDS);
    return toQuote(result.cart);
  }

  /**
   * Prices the payment's reserved lines, inside its reservation transaction: the rules as `prepare` read them just
   * before, the code's row locked (so its uses are exact until this transaction ends). Refused when a rule refuses the cart or the total
   * is not the one the buyer saw (409 with the new quote).
   */
  async priceReserved(reserved: ReservedItem[], input: PaymentPricingInput, prepared: PreparedPricing): Promise<PaymentPrice> {
    const { rules, categories, weights } = prepared;
    const code = input.discountCode !== undefined ? await this.repository.lockCode(input.discountCode, input.customer) : undefined;
    const items: CartItem[] = reserved.map((line) => ({
      productId: line.productId,
      ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
      ...(line.size ? { size: line.size } : {}),
      name: line.name,
      unitCents: line.priceCents,
      count: line.count,
      categoryId: categories.get(line.productId) ?? null,
      weightGrams: lineWeightGrams(weights, line.productId, line.variantId),
    }));
    const result = priceCart({
      rules,
      items,
      mode: 'payment',
      now: new Date(),
      ...(input.destination ? { destination: input.destination } : {}),
      ...(input.shippingMethod !== undefined ? { shippingMethodId: input.shippingMethod } : {}),
      ...(input.discountCode !== undefined ? { codeText: input.discountCode, code } : {}),
    });
    if (!result.ok) return { kind: 'refused', error: refusalError(result.refusal, PAYMENT_FIELDS) };
    const cart = result.cart;
    if (cart.totalCents !== input.expectedCents) {
      return { kind: 'refused', error: new PriceChangedError(cart, input.expectedCents) };
    }
    return { kind: 'priced', cart };
  }

  /**
   * What the payment's price needs besides the locked rows, read fresh (never the quote's copy) in one statement
   * BEFORE the reservation takes its row locks, so the locks are held no longer than without pricing.
   */
  prepare(productIds: string[]): Promise<PreparedPricing> {
    return this.repository.rulesAndCategories(distinctIds(productIds));
  }

  /** {@link prepare} as columns of the payment's first statement, which counts its attempt and claims its key. */
  prepareColumns(productIds: string[]): StatementColumns<PreparedPricing> {
    return this.repository.rulesAndCategoriesColumns(distinctIds(productIds));
  }

  /** Counts the code's use by the order just recorded (same transaction, under the lock priceReserved took). */
  async recordCodeUse(cart: PricedCart, orderId: string, customer: string): Promise<void> {
    if (cart.code) await this.repository.recordUse(cart.code.id, orderId, customer, cart.discountCents);
  }

  /** The rules changed on this process: its next quote reads them again (other processes within the cache's bound). */
  rulesChanged(): void {
    this.rulesCache.clear();
  }

  rules(): Promise<PricingRules> {
    return this.repository.rules();
  }
}

/**
 * 409: the cart's price is not what the buyer saw. The body carries the new quote to show, and keeps the message and
 * field the payment has always answered with (a client that knows no quote still reads the right total).
 */
export class PriceChangedError extends ConflictError {
  constructor(
    readonly cart: PricedCart,
    expectedCents: number,
  ) {
    super(`The cart total is ${formatCents(cart.totalCents)}, not ${formatCents(expectedCents)}; prices have changed, review your cart`, [
      { field: 'paymentInfo.amount', message: `must be ${fromCents(cart.totalCents)}` },
    ]);
  }

  override toBody() {
    return { ...super.toBody(), quote: toQuote(this.cart) };
  }
}

/** A line's weight in grams: its variant's own, else its product's; null when neither has one (it weighs nothing). */
function lineWeightGrams(weights: CartWeights, productId: string, variantId: number | undefined): number | null {
  return (variantId !== undefined ? weights.variants.get(variantId) : undefined) ?? weights.products.get(productId) ?? null;
}

function refusalError(refusal: PricingRefusal, fields: Record<PricingField, string>): AppError {
  const details = [{ field: fields[refusal.field], message: refusal.message }];
  return refusal.status === 409 ? new ConflictError(refusal.message, details) : new ValidationFailedError(refusal.message, details);
}

/** The priced cart in the wire's dollars. */
export function toQuote(cart: PricedCart): Quote {
  return {
    // By name, then product and size: the order a receipt lists them in (orders/order.mapper.ts).
    lines: [...cart.lines]
      .sort((a, b) => a.name.localeCompare(b.name) || a.productId.localeCompare(b.productId) || sizeRank(a.size) - sizeRank(b.size))
      .map((line) => ({
        product: line.productId,
        ...(line.variantId !== undefined ? { variant: line.variantId } : {}),
        ...(line.size ? { size: line.size } : {}),
        name: line.name,
        price: fromCents(line.unitCents),
        count: line.count,
        subtotal: fromCents(line.subtotalCents),
        discount: fromCents(line.discountCents),
        tax: fromCents(line.taxCents),
        total: fromCents(line.totalCents),
      })),
    subtotal: fromCents(cart.subtotalCents),
    discount: fromCents(cart.discountCents),
    shipping: fromCents(cart.shippingCents),
    tax: fromCents(cart.taxCents),
    total: fromCents(cart.totalCents),
    pricesIncludeTax: cart.pricesIncludeTax,
    taxes: cart.taxes.map((tax) => ({ name: tax.name, rate: tax.rateMilli / 1000, amount: fromCents(tax.cents) })),
    shippingMethods: cart.offered.map((method) => ({ id: method.id, name: method.name, price: fromCents(method.cents) })),
    ...(cart.method ? { shippingMethod: cart.method } : {}),
    ...(cart.code ? { discountCode: cart.code.code } : {}),
    needsDestination: cart.needsDestination,
    ...(cart.taxRegions.length > 0 ? { taxRegions: cart.taxRegions } : {}),
  };
}

/** Cart lines merged by product and size, ids lower case. */

function sizeRank(size: string | undefined): number {
  return size ? (PRODUCT_SIZES as readonly string[]).indexOf(size) : -1;
}

function distinctIds(productIds: string[]): string[] {
  return [...new Set(productIds.map((id) => id.toLowerCase()))];
}
