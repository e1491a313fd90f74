import { centsToDecimal, type Order, SHIPPING_ADDRESS_FIELDS, toCents } from '@store/contract';
import { spreadsheetSafe } from '../../common/spreadsheet-safe.js';

/**
 * The export's columns, one order a row; amounts in dollars with 2 decimals, times in UTC (ISO 8601). The
 * shipping address comes next (empty for an order without one), then the price breakdown (docs/pricing.md; an
 * order priced as the plain sum of its items has that sum as subtotal and nothing else) and the shipping refunded on
 * its own (also in `refunded` and `refund_ids`), each added after the older columns so that those keep their positions.
 */
const COLUMNS = [
  'number',
  'order_id',
  'created_at',
  'status',
  'buyer_id',
  'buyer_name',
  'items',
  'amount',
  'refunded',
  'transaction_id',
  'refund_ids',
  'ship_name',
  'ship_line1',
  'ship_line2',
  'ship_city',
  'ship_postal_code',
  'ship_country',
  'ship_phone',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'prices_include_tax',
  'shipping_method',
  'discount_code',
  'shipping_refunded',
] as const;

export const ORDERS_CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

/** Rows of the CSV export (RFC 4180: CRLF, quoted where needed) for a batch of orders. */
export function orderCsvRows(orders: Order[]): string {
  return orders.map((order) => `${row(order).map(cell).join(',')}\r\n`).join('');
}

function row(order: Order): Array<string | number> {
  const lineRefunds = order.products.filter((line) => line.refund);
  const shippingRefund = order.pricing?.shippingRefund;
  const refundedCents =
    (order.refund ? toCents(order.refund.amount) : 0) +
    lineRefunds.reduce((sum, line) => sum + toCents(line.refund!.amount), 0) +
    (shippingRefund ? toCents(shippingRefund.amount) : 0);
  return [
    order.number ?? '',
    order._id,
    order.createdAt,
    order.status,
    order.user._id,
    order.user.name,
    order.products.map((line) => `${line.count} x ${line.name}${line.size ? ` (${line.size})` : ''}`).join('; '),
    centsToDecimal(toCents(order.amount)),
    centsToDecimal(refundedCents),
    order.transactionId,
    [order.refund?.id, ...lineRefunds.map((line) => line.refund!.id), shippingRefund?.id].filter(Boolean).join(' '),
    ...SHIPPING_ADDRESS_FIELDS.map((field) => order.shippingAddress?.[field] ?? ''),
    centsToDecimal(toCents(order.pricing?.subtotal ?? order.amount)),
    centsToDecimal(toCents(order.pricing?.discount ?? 0)),
    centsToDecimal(toCents(order.pricing?.shipping ?? 0)),
    centsToDecimal(toCents(order.pricing?.tax ?? 0)),
    order.pricing?.pricesIncludeTax ? 'yes' : 'no',
    order.pricing?.shippingMethod ?? '',
    order.pricing?.discountCode ?? '',
    centsToDecimal(shippingRefund ? toCents(shippingRefund.amount) : 0),
  ];
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; and text a spreadsheet would run as a
 * formula (=, +, -, @ first, or after a semicolon: a product or buyer name is anyone's input) made inert with an
 * apostrophe before it.
 */
function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
