import {
  fromCents,
  type Order,
  type OrderPricing,
  type OrderStatus,
  PRODUCT_SIZES,
  SHIPPING_ADDRESS_FIELDS,
  type ShippingAddress,
} from '@store/contract';
import { carrierName, type CarrierCode, type Fulfilment, type Shipment, trackingUrl } from '@store/contract/dto/shipments';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';
import type { ShipmentRow } from './shipments.repository.js';

/**
 * What the mapping reads of an order: its entity (a single order, read to be changed or shown), or a listing's row
 * (OrdersRepository.page: the same fields, no entity built, its times already in the wire's ISO text).
 */
export type OrderFields = OrderEntity | OrderRow;
export type OrderLineFields = OrderLineEntity | OrderLineRow;

/**
 * A paid order and its lines in the wire shape; lines by name (then size), so a receipt reads the same every time.
 * The price breakdown (`pricing`, the lines' `discount` and `tax`) is there when it says something: an order whose
 * total was the plain sum of its items (no shipping, tax or code, as in a shop that configured none) reads as it
 * always did.
 */
export function toOrder(order: OrderFields, lines: readonly OrderLineFields[], shipments: readonly ShipmentRow[] = []): Order {
  const priced = hasBreakdown(order);
  const fulfilment = fulfilmentOf(lines, shipments);
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
          ? { refund: { id: line.refundId, amount: fromCents(line.refundCents), at: iso(line.refundedAt) } }
          : {}),
      })),
    amount: fromCents(order.amountCents),
    transactionId: order.transactionId ?? '',
    status: order.status as OrderStatus,
    createdAt: iso(order.createdAt),
    ...(order.refundId !== null && order.refundCents !== null && order.refundKind !== null && order.refundedAt !== null
      ? {
          refund: {
            id: order.refundId,
            amount: fromCents(order.refundCents),
            kind: order.refundKind,
            at: iso(order.refundedAt),
          },
        }
      : {}),
    ...(order.shippingAddress ? { shippingAddress: toShippingAddress(order.shippingAddress) } : {}),
    ...(priced ? { pricing: toPricing(order) } : {}),
    ...(fulfilment ? { shipments: toShipments(shipments, lines), fulfilment } : {}),
  };
}

/** Units of each order line (by variant) that the shipments hold. */
export function shippedCounts(shipments: readonly ShipmentRow[]): Map<number, number> {
  const shipped = new Map<number, number>();
  for (const shipment of shipments) {
    for (const line of shipment.lines) shipped.set(line.variantId, (shipped.get(line.variantId) ?? 0) + line.count);
  }
  return shipped;
}

/**
 * How much of the order has left, once anything has: every unit of every line not refunded before it shipped is in
 * a parcel (`Shipped`; `Delivered` when every parcel arrived), or not yet (`Partly shipped`). A line refunded on its
 * own is not waiting for a parcel.
 */
export function fulfilmentOf(lines: readonly OrderLineFields[], shipments: readonly ShipmentRow[]): Fulfilment | undefined {
  if (shipments.length === 0) return undefined;
  const shipped = shippedCounts(shipments);
  const all = lines.every((line) => line.refundId !== null || (shipped.get(line.variantId) ?? 0) >= line.count);
  if (!all) return 'Partly shipped';
  return shipments.every((shipment) => shipment.deliveredAt !== null) ? 'Delivered' : 'Shipped';
}

/**
 * Shipments in the wire shape, each line named as the order's line is (its name and values when bought). The read
 * behind every page that shows an order's parcels: ShipmentsRepository.forOrders, then this.
 */
export function toShipments(shipments: readonly ShipmentRow[], lines: readonly OrderLineFields[]): Shipment[] {
  const byVariant = new Map(lines.map((line) => [line.variantId, line]));
  return shipments.map((shipment) => {
    const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
    return {
      _id: shipment.id,
      carrier: shipment.carrier as CarrierCode,
      carrierName: carrierName(shipment.carrier),
      trackingNumber: shipment.trackingNumber,
      ...(url ? { trackingUrl: url } : {}),
      lines: shipment.lines.map((shipped) => {
        const line = byVariant.get(shipped.variantId);
        return {
          product: line?.productId ?? '',
          variant: shipped.variantId,
          name: line?.name ?? '',
          ...(line?.variantLabel ? { options: line.variantLabel } : {}),
          ...(line?.sku ? { sku: line.sku } : {}),
          count: shipped.count,
        };
      }),
      shippedAt: shipment.shippedAt.toISOString(),
      ...(shipment.deliveredAt ? { deliveredAt: shipment.deliveredAt.toISOString() } : {}),
    };
  });
}

/** True when the order was priced with a shipping method, a code or a tax rate (docs/pricing.md). */
export function hasBreakdown(order: OrderFields): boolean {
  return order.subtotalCents !== null && (order.shippingMethod !== null || order.discountCode !== null || (order.taxes ?? []).length > 0);
}

/** The order's price breakdown in the wire shape (orders paid before pricing have none). */
function toPricing(order: OrderFields): OrderPricing {
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
            at: iso(order.shippingRefundedAt),
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

/** A time as the wire shows it: an entity's Date, or a row's text that Postgres already formatted so. */
function iso(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}

function sizeRank(size: string): number {
  return (PRODUCT_SIZES as readonly string[]).indexOf(size);
}
