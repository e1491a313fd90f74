/**
 * What the checkout's Pact specs share (the signed-in and the guest quote and payment): the US shop's provider
 * states, the pricing inputs every quote and payment body carries, and the quote the shop answers for them.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import type { CartLineRef } from '@store/contract';
import { anId, EXAMPLE, idFromState } from './store-api-pact';

const { boolean, eachLike, number, string } = MatchersV3;

/** A US shop: Standard shipping for $5.00, 5% sales tax added, the code SAVE10 for 10% off; one $19.99 tee. */
export const US_SHOP = [
  ['a product priced {price} with {stock} in stock exists', { price: 19.99, stock: 10 }],
  ['the shop ships to {country} by {method} for {price} and taxes it at {rate}%', { country: 'US', method: 'Standard', price: 5, rate: 5 }],
  ['a discount code {code} takes {percent}% off', { code: 'SAVE10', percent: 10 }],
] as const;

/** The pricing inputs of a body in the US shop (one tee, Standard shipping, the code as typed), as the contract matches them. */
export function pricedInputsJson() {
  return {
    products: [{ _id: idFromState('productId'), count: 1 }],
    shippingMethod: idFromState('shippingMethodId'),
    discountCode: 'save10',
  };
}

/** The same inputs as the web code sends them. */
export const PRICED_INPUTS: { products: CartLineRef[]; shippingMethod: string; discountCode: string } = {
  products: [{ _id: EXAMPLE.productId, count: 1 }],
  shippingMethod: EXAMPLE.shippingMethodId,
  discountCode: 'save10',
};

/** The quote of those inputs shipped to the US: 19.99 - 2.00 + 5.00 + 0.90 (5% of 17.99, rounded half up) = 23.89. */
export const PRICED_TOTAL = 23.89;

export function quoteJson() {
  return {
    lines: eachLike({
      product: anId(EXAMPLE.productId),
      name: string('Classic Tee'),
      price: number(19.99),
      count: number(1),
      subtotal: number(19.99),
      discount: number(2),
      tax: number(0.9),
      total: number(18.89),
    }),
    subtotal: number(19.99),
    discount: number(2),
    shipping: number(5),
    tax: number(0.9),
    total: number(PRICED_TOTAL),
    pricesIncludeTax: boolean(false),
    taxes: eachLike({ name: string('Sales tax'), rate: number(5), amount: number(0.9) }),
    shippingMethods: eachLike({ id: anId(EXAMPLE.shippingMethodId), name: string('Standard'), price: number(5) }),
    shippingMethod: { id: anId(EXAMPLE.shippingMethodId), name: string('Standard') },
    discountCode: 'SAVE10',
    needsDestination: boolean(false),
  };
}
