import {
  fromCents,
  type Order,
  type OrderLine,
  type OrderPricing,
  type OrderStatus,
  PRODUCT_SIZES,
  SHIPPING_ADDRESS_FIELDS,
  type ShippingAddress,
} from '@store/contract';
import { carrierName, type CarrierCode, type Fulfilment, type Shipment, trackingUrl } from '@store/contract/dto/shipments';
import type { OrderLineEntity } from './order-line.entity.js';
import type { OrderEntity } from './order.entity.js';
import type { LineSortKey, ListedOrder } from './orders.repository.js';
import type { ShipmentRow } from './shipments.repository.js';

/**
 * What the mapping reads of an order: its entity (a single order, read to be changed or shown; the listings read
 * theirs in the wire's shape from Postgres, see OrdersRepository.page and {@link listedOrdersJson}).
 */
export type OrderFields = OrderEntity;
export type OrderLineFields = OrderLineEntity;

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
    products: lines
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
      }))
      .sort(compareLines),
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

/**
 * A listing's page as JSON text: each order as Postgres wrote it (OrdersRepository.page: the wire's shape,
 * written as JSON.stringify writes it), so a page costs a string join. An order whose lines the database's
 * collation ordered otherwise than {@link compareLines}, or with a tracking number the statement made no link of,
 * is parsed, finished ({@link finishListedOrder}) and written again.
 */
export function listedOrdersJson(orders: readonly ListedOrder[]): string {
  let json = '[';
  for (let i = 0; i < orders.length; i += 1) {
    const order = orders[i];
    if (i > 0) json += ',';
    json +=
      order.unusualTracking || !inLineOrder(order.lineKeys)
        ? JSON.stringify(finishListedOrder(JSON.parse(order.json) as Order))
        : order.json;
  }
  return `${json}]`;
}

/** A listing's orders as objects (the export and the data export): parsed and finished ({@link finishListedOrder}). */
export function listedOrders(orders: readonly ListedOrder[]): Order[] {
  return orders.map((order) => finishListedOrder(JSON.parse(order.json) as Order));
}

/**
 * An order as Postgres wrote it made exactly what toOrder answers: its lines sorted by {@link compareLines}, its
 * parcels' carrier name and tracking page from the contract's carriers.
 */
function finishListedOrder(order: Order): Order {
  if (order.products.length > 1) order.products.sort(compareLines);
  if (order.shipments) order.shipments = order.shipments.map(withCarrier);
  return order;
}

/** A parcel with the carrier's name after its code and its tracking page, in toShipments' order. */
function withCarrier(shipment: Shipment): Shipment {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return {
    _id: shipment._id,
    carrier: shipment.carrier,
    carrierName: carrierName(shipment.carrier),
    trackingNumber: shipment.trackingNumber,
    ...(url ? { trackingUrl: url } : {}),
    lines: shipment.lines,
    shippedAt: shipment.shippedAt,
    ...(shipment.deliveredAt ? { deliveredAt: shipment.deliveredAt } : {}),
  };
}

/** Whether lines with these sort keys (null: fewer than two lines) are in {@link compareLines}' order. */
function inLineOrder(keys: readonly LineSortKey[] | null): boolean {
  if (keys === null) return true;
  for (let i = 1; i < keys.length; i += 1) if (compareLineKeys(keys[i - 1], keys[i]) > 0) return false;
  return true;
}

/**
 * The order of an order's lines, so a receipt reads the same every time: by name (as people read names:
 * localeCompare), then product, size (in the shop's size order), options and variant.
 */
function compareLines(a: OrderLine, b: OrderLine): number {
  return compareLineKeys(lineKey(a), lineKey(b));
}

function lineKey(line: OrderLine): LineSortKey {
  return [line.name, line.product, line.size ?? '', line.options ?? '', line.variant ?? 0];
}

function compareLineKeys(a: LineSortKey, b: LineSortKey): number {
  return a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || sizeRank(a[2]) - sizeRank(b[2]) || a[3].localeCompare(b[3]) || a[4] - b[4];
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

/** A time as the wire shows it. */
function iso(time: Date): string {
  return time.toISOString();
}

function sizeRank(size: string): number {
  return (PRODUCT_SIZES as readonly string[]).indexOf(size);
}
