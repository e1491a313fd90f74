import {
  formatCents,
  formatDollars,
  type Order,
  type OrderLine,
  orderNumber,
  SHIPPING_ADDRESS_FIELDS,
  SHIPPING_COUNTRIES,
  toCents,
} from '@store/contract';
import { type Shipment } from '@store/contract/dto/shipments';
import type { MailDraft } from './mail-draft.js';

/**
 * Order lines as other helpers extend them (sizes): read when present, so a mail shows what the order holds
 * without this module depending on fields older orders do not have.
 */
type LineWithSize = OrderLine & { size?: string | null };

function lineText(line: LineWithSize): string {
  // A variant with more than a size reads as its values (`Blue / M`, SKU after); a sized one as before.
  const size =
    line.options && line.options !== line.size
      ? ` (${line.options}${line.sku ? `, SKU ${line.sku}` : ''})`
      : line.size
        ? ` (size ${line.size})`
        : '';
  return `  - ${line.name}${size} x ${line.count} @ ${formatDollars(line.price)} = ${formatCents(toCents(line.price) * line.count)}`;
}

/**
 * The address, one field a line in the form's order (name, lines, city, postal code, country, phone); the
 * country as its code and name, the phone labelled. Empty optional fields are left out.
 */
function addressLines(order: Order): string[] {
  const address = order.shippingAddress;
  if (!address) return [];
  return SHIPPING_ADDRESS_FIELDS.flatMap((field) => {
    // Typed as strings, but checked: a blank or null optional field is left out rather than printed empty.
    const value: unknown = address[field];
    if (typeof value !== 'string' || value.trim() === '') return [];
    if (field === 'country') {
      const country = SHIPPING_COUNTRIES.find((candidate) => candidate.code === value);
      return [`  ${country ? `${value} (${country.name})` : value}`];
    }
    return [field === 'phone' ? `  Phone: ${value}` : `  ${value}`];
  });
}

/**
 * How the total is made up (docs/pricing.md), for an order that has a breakdown: subtotal, discount, shipping, and
 * the tax per rate (added, or "incl." when the shop's prices include it). None for a plain sum of items.
 */
function priceLines(order: Order): string[] {
  const pricing = order.pricing;
  if (!pricing) return [];
  return [
    `Subtotal: ${formatDollars(pricing.subtotal)}`,
    ...(pricing.discount > 0
      ? [`Discount${pricing.discountCode ? ` (${pricing.discountCode})` : ''}: -${formatDollars(pricing.discount)}`]
      : []),
    ...(pricing.shippingMethod !== undefined ? [`Shipping (${pricing.shippingMethod}): ${formatDollars(pricing.shipping)}`] : []),
    ...pricing.taxes.map((tax) => `${pricing.pricesIncludeTax ? 'incl. ' : ''}${tax.name} ${tax.rate}%: ${formatDollars(tax.amount)}`),
  ];
}

function orderSummary(order: Order): string[] {
  const address = addressLines(order);
  return [
    `Order number: ${orderNumber(order)}`,
    '',
    'Items:',
    ...(order.products as LineWithSize[]).map(lineText),
    '',
    ...priceLines(order),
    `Total: ${formatDollars(order.amount)}`,
    ...(address.length > 0 ? ['', 'Shipping to:', ...address] : []),
  ];
}

/**
 * The buyer's confirmation and, when the shop has an address, the shop's notice of the same order. A guest's
 * confirmation carries `orderLink`, the order's page (its only way back to the order); the shop's notice never does.
 */
export function orderMails(
  order: Order,
  buyerEmail: string,
  shop: { email: string | undefined; name: string },
  orderLink?: string,
): MailDraft[] {
  const number = orderNumber(order);
  const mails: MailDraft[] = [
    {
      kind: 'order-confirmation',
      orderId: order._id,
      recipient: buyerEmail,
      subject: `Your order ${number} is confirmed`,
      text: [
        `Hello ${order.user.name},`,
        '',
        'Thank you for your order. We have received your payment and will let you know when it ships.',
        '',
        ...orderSummary(order),
        '',
        ...(orderLink ? ['Follow your order (its status, and its tracking once it ships):', orderLink, ''] : []),
        shop.name,
      ].join('\n'),
    },
  ];
  if (shop.email) {
    mails.push({
      kind: 'shop-order-notice',
      orderId: order._id,
      recipient: shop.email,
      subject: `New order ${number}: ${formatDollars(order.amount)} from ${order.user.name}`,
      text: [`${order.user.name} <${buyerEmail}> placed an order (id ${order._id}).`, '', ...orderSummary(order)].join('\n'),
    });
  }
  return mails;
}

/**
 * The buyer's notice that a parcel left: what is in it, the carrier, the tracking number and the carrier's tracking
 * page (a link in the HTML part), and, when this was not the last parcel, that the rest follows. One per shipment.
 */
export function orderShippedMail(order: Order, shipment: Shipment, buyerEmail: string, shopName: string): MailDraft {
  const number = orderNumber(order);
  const partly = order.fulfilment === 'Partly shipped';
  const address = addressLines(order);
  return {
    kind: 'order-shipped',
    orderId: order._id,
    dedupeKey: shipment._id,
    recipient: buyerEmail,
    subject: partly ? `Part of your order ${number} has shipped` : `Your order ${number} has shipped`,
    text: [
      `Hello ${order.user.name},`,
      '',
      partly ? 'Part of your order is on its way; we will write again when the rest ships.' : 'Your order is on its way.',
      '',
      `Order number: ${number}`,
      `Carrier: ${shipment.carrierName}`,
      `Tracking number: ${shipment.trackingNumber}`,
      ...(shipment.trackingUrl ? [`Track your parcel: ${shipment.trackingUrl}`] : []),
      '',
      'In this parcel:',
      ...shipment.lines.map((line) => `  - ${line.name}${line.options ? ` (${line.options})` : ''} x ${line.count}`),
      ...(address.length > 0 ? ['', 'Shipping to:', ...address] : []),
      '',
      shopName,
    ].join('\n'),
  };
}
