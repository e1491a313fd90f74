import { fromCents, type Order, type OrderStatus, PRODUCT_SIZES, SHIPPING_ADDRESS_FIELDS, type ShippingAddress } from '@store/contract';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';

/** A paid order and its lines in the wire shape; lines by name (then size, then values), so a receipt reads the same every time. */
export function toOrder(order: OrderEntity, lines: OrderLineEntity[]): Order {
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
