import {
  fromCents,
  type Order,
  type OrderPricing,
  type OrderStatus,
  PRODUCT_SIZES,
  SHIPPING_ADDRESS_FIELDS,
  type ShippingAddress,
} from '@store/contract';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';

/**
 * A paid order and its lines in the wire shape; lines by name (then size), so a receipt reads the same every time.
 * The price breakdown (`pricing`, the lines' `discount` and `tax`) is there when it says something: an order whose
 * total was the plain sum of its items (no shipping, tax or code, as in a shop that configured none) reads as it
 * always did.
 */
export function toOrder(order: OrderEntity, lines: OrderLineEntity[]): Order {
  const priced = hasBreakdown(order);
  return {
    _id: order.id,
    number: order.number,
    user: { _id: order.userId ?? '', name: order.userName },
    products: [...lines]
      .sort(
        (a, b) =>
          a.name.localeCompare(b.name) ||
          a.productId.localeCompare(b.productId) ||
          sizeRank(a.size) - sizeRank(b.size) ||
          a.variantLabel.localeCompare(b.variantLabel) ||
          a.variantId - b.variantId,
      )
      .map((line) => ({
        product: line.productId,
        name: line.name,
        price: fromCents(line.priceCents),
        count: line.count,
        ...(line.size ? { size: line.size } : {}),
        variant: line.variantId,
        ...(line.sku !== null ? { sku: line.sku } : {}),
        ...(line.variantLabel ? { options: line.variantLabel } : {}),
        ...(priced ? { discount: fromCents(line.discountCents), tax: fromCents(line.taxCents) } : {}),
        ...(line.refundId !== null && line.refundCents !== null && line.refundedAt !== null
          ? { refund: { id: line.refundId, amount: fromCents(line.refundCents), at: line.refundedAt.toISOString() } }
          : {}),
      })),
    amount: fromCents(order.amountCents),
    transactionId: order.transactionId ?? '',
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    ...(order.refundId !== null && order.refundCents !== null && order.refundKind !== null && order.refundedAt !== null
      ? {
          refund: {
            id: order.refundId,
            amount: fromCents(order.refundCents),
            kind: order.refundKind,
            at: order.refundedAt.toISOString(),
          },
        }
      : {}),
    ...(order.shippingAddress ? { shippingAddress: toShippingAddress(order.shippingAddress) } : {}),
    ...(priced ? { pricing: toPricing(order) } : {}),
  };
}

/** True when the order was priced with a shipping method, a code or a tax rate (docs/pricing.md). */
export function hasBreakdown(order: OrderEntity): boolean {
  return order.subtotalCents !== null && (order.shippingMethod !== null || order.discountCode !== null || (order.taxes ?? []).length > 0);
}

/** The order's price breakdown in the wire shape (orders paid before pricing have none). */
function toPricing(order: OrderEntity): OrderPricing {
  return {
    subtotal: fromCents(order.subtotalCents ?? 0),
    discount: fromCents(order.discountCents ?? 0),
    shipping: fromCents(order.shippingCents ?? 0),
    tax: fromCents(order.taxCents ?? 0),
    pricesIncludeTax: order.pricesIncludeTax ?? false,
    taxes: (order.taxes ?? []).map((tax) => ({ name: tax.name, rate: tax.rateMilli / 1000, amount: fromCents(tax.cents) })),
    ...(order.shippingMethod ? { shippingMethod: order.shippingMethod } : {}),
    ...(order.discountCode ? { discountCode: order.discountCode } : {}),
    ...(order.shippingRefundId !== null && order.shippingRefundCents !== null && order.shippingRefundedAt !== null
      ? {
          shippingRefund: {
            id: order.shippingRefundId,
            amount: fromCents(order.shippingRefundCents),
            at: order.shippingRefundedAt.toISOString(),
          },
        }
      : {}),
  };
}

/**
 * An address in the wire shape: its fields in the form's order, an optional one only when it has text. Used both
 * to store a validated address (so stored rows hold no empty or undefined keys) and to answer one.
 */
export function toShippingAddress(address: ShippingAddress): ShippingAddress {
  const shaped: Partial<Record<keyof ShippingAddress, string>> = {};
  for (const field of SHIPPING_ADDRESS_FIELDS) {
    const value = address[field];
    if (typeof value === 'string' && value !== '') shaped[field] = value;
  }
  return shaped as ShippingAddress;
}

function sizeRank(size: string): number {
  return (PRODUCT_SIZES as readonly string[]).indexOf(size);
}
