import type { Order, OrderStatus } from '@store/contract';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';

/** Integer cents to the wire's dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Integer cents for people: `$1234.50`. */
export function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A paid order and its lines in the wire shape; lines by name, so a receipt reads the same every time. */
export function toOrder(order: OrderEntity, lines: OrderLineEntity[]): Order {
  return {
    _id: order.id,
    user: { _id: order.userId, name: order.userName },
    products: [...lines]
      .sort((a, b) => a.name.localeCompare(b.name) || a.productId.localeCompare(b.productId))
      .map((line) => ({
        product: line.productId,
        name: line.name,
        price: centsToDollars(line.priceCents),
        count: line.count,
        ...(line.refundId !== null && line.refundCents !== null && line.refundedAt !== null
          ? { refund: { id: line.refundId, amount: centsToDollars(line.refundCents), at: line.refundedAt.toISOString() } }
          : {}),
      })),
    amount: centsToDollars(order.amountCents),
    transactionId: order.transactionId ?? '',
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    ...(order.refundId !== null && order.refundCents !== null && order.refundKind !== null && order.refundedAt !== null
      ? {
          refund: {
            id: order.refundId,
            amount: centsToDollars(order.refundCents),
            kind: order.refundKind,
            at: order.refundedAt.toISOString(),
          },
        }
      : {}),
  };
}
