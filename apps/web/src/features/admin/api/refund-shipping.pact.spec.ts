import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { orderAnswer, orderRequest } from '@test/pact/order-bodies';
import { anInstant, ANY_STATUS, describeStoreApi, errorBody, EXAMPLE } from '@test/pact/store-api-pact';
import { refundOrderShipping } from './refund-shipping';

const { number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration: shipping', () => {
  it('refunds the shipping of a paid order whose payment has settled', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer has paid for an order with {shipping} shipping whose payment has settled', { shipping: 5 }],
        ],
        uponReceiving: 'a request from an admin to refund the shipping of an order',
        request: orderRequest('POST', ApiRoute.orderShippingRefund),
        response: orderAnswer(regex(ANY_STATUS, 'Received'), {
          amount: number(24.99),
          pricing: {
            subtotal: number(19.99),
            discount: number(0),
            shipping: number(5),
            tax: number(0),
            pricesIncludeTax: false,
            taxes: [],
            shippingMethod: string('Standard'),
            shippingRefund: { id: string('c7x2k9p0'), amount: number(5), at: anInstant() },
          },
        }),
      },
      async () => {
        const refunded = await refundOrderShipping(EXAMPLE.orderId);
        expect(refunded.pricing?.shippingRefund).toEqual({ id: 'c7x2k9p0', amount: 5, at: EXAMPLE.createdAt });
        expect(refunded.pricing?.shipping).toBe(5);
      },
    ));

  it('is refused when the shipping was already refunded', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer has paid for an order with {shipping} shipping whose payment has settled', { shipping: 5 }],
          'its shipping was refunded',
        ],
        uponReceiving: 'a request from an admin to refund the shipping of an order a second time',
        request: orderRequest('POST', ApiRoute.orderShippingRefund),
        response: [409, (response) => response.jsonBody(errorBody(ErrorCode.Conflict, 'The shipping of this order was already refunded'))],
      },
      async () => {
        await expect(refundOrderShipping(EXAMPLE.orderId)).rejects.toMatchObject({
          status: 409,
          message: 'The shipping of this order was already refunded',
        });
      },
    ));
});
