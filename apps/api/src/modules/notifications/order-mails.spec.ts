import type { Order } from '@store/contract';
import type { Shipment } from '@store/contract/dto/shipments';
import { mailHtml } from './mail-html.js';
import { orderMails, orderShippedMail } from './order-mails.js';

const order: Order = {
  _id: 'abcdef12-0000-4000-8000-000000000000',
  user: { _id: 'u1', name: 'Sam Shopper' },
  products: [
    { product: 'p1', name: 'Sunset Tee', price: 24.99, count: 3 },
    { product: 'p2', name: 'Night Tee', price: 10, count: 1 },
  ],
  amount: 84.97,
  transactionId: 't1',
  status: 'Received',
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('orderMails', () => {
  it('writes the buyer a confirmation: number, items with exact line totals, total', () => {
    const [confirmation, ...rest] = orderMails(order, 'sam@example.com', { email: undefined, name: 'The T-shirt Store' });
    expect(rest).toEqual([]);
    expect(confirmation).toEqual(
      expect.objectContaining({
        kind: 'order-confirmation',
        orderId: order._id,
        recipient: 'sam@example.com',
        subject: 'Your order ABCDEF12 is confirmed',
      }),
    );
    expect(confirmation.text).toContain('Order number: ABCDEF12');
    expect(confirmation.text).toContain('  - Sunset Tee x 3 @ $24.99 = $74.97');
    expect(confirmation.text).toContain('  - Night Tee x 1 @ $10.00 = $10.00');
    expect(confirmation.text).toContain('Total: $84.97');
    expect(confirmation.text).not.toContain('Shipping to');
  });

  it('shows sizes and the shipping address when the order has them, and notices the shop', () => {
    const sized = {
      ...order,
      number: 1042,
      products: [
        { ...order.products[0], size: 'XL' },
        { ...order.products[1], size: null },
      ],
      shippingAddress: {
        name: 'Sam Shopper',
        line1: '1 Main Street',
        line2: '',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        phone: null,
      },
    } as unknown as Order;
    const [confirmation, notice] = orderMails(sized, 'sam@example.com', { email: 'orders@shop.example', name: 'The T-shirt Store' });
    expect(confirmation.text).toContain('  - Sunset Tee (size XL) x 3 @ $24.99 = $74.97');
    expect(confirmation.text).toContain('  - Night Tee x 1 @ $10.00 = $10.00');
    expect(confirmation.text).toContain('Shipping to:\n  Sam Shopper\n  1 Main Street\n  Springfield\n  12345\n  US');
    expect(notice).toEqual(
      expect.objectContaining({
        kind: 'shop-order-notice',
        recipient: 'orders@shop.example',
        subject: 'New order #1042: $84.97 from Sam Shopper',
      }),
    );
    expect(notice.text).toContain('Sam Shopper <sam@example.com> placed an order');
  });
});

describe('orderShippedMail', () => {
  const shipment: Shipment = {
    _id: 's1',
    carrier: 'fedex',
    carrierName: 'FedEx',
    trackingNumber: '1234 5678',
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=12345678',
    lines: [{ product: 'p1', variant: 7, name: 'Sunset Tee', options: 'Blue / M', count: 2 }],
    shippedAt: '2026-11-23T10:00:00.000Z',
  };

  it('tells the buyer what left, with the carrier, the number and the tracking link (a link in the HTML part)', () => {
    const mail = orderShippedMail({ ...order, number: 7, fulfilment: 'Partly shipped' }, shipment, 'sam@example.com', 'The T-shirt Store');
    expect(mail).toMatchObject({
      kind: 'order-shipped',
      orderId: order._id,
      dedupeKey: 's1',
      subject: 'Part of your order #7 has shipped',
    });
    expect(mail.text).toContain(
      'Carrier: FedEx\nTracking number: 1234 5678\nTrack your parcel: https://www.fedex.com/fedextrack/?trknbr=12345678',
    );
    expect(mail.text).toContain('  - Sunset Tee (Blue / M) x 2');
    expect(mailHtml('The T-shirt Store', mail.text)).toContain(
      '<a href="https://www.fedex.com/fedextrack/?trknbr=12345678">https://www.fedex.com/fedextrack/?trknbr=12345678</a>',
    );
  });

  it('says the whole order shipped with the last parcel, and leaves out the link of a carrier without one', () => {
    const { trackingUrl: _none, ...other } = { ...shipment, carrier: 'other' as const, carrierName: 'Other' };
    const mail = orderShippedMail({ ...order, fulfilment: 'Shipped' }, other, 'sam@example.com', 'The T-shirt Store');
    expect(mail.subject).toBe('Your order ABCDEF12 has shipped');
    expect(mail.text).not.toContain('Track your parcel');
    expect(mail.text).not.toContain('write again');
  });
});
