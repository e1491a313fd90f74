import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode } from '@store/contract';
import { orderAnswer, orderRequest } from '@test/pact/order-bodies';
import { anId, anInstant, ANY_STATUS, describeStoreApi, errorBody, EXAMPLE, idFromState, orderLineJson } from '@test/pact/store-api-pact';
import { refundOrderLine } from './refund-line';

const { eachLike, number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('refunds one line of a paid order whose payment has settled', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order whose payment has settled'],
        uponReceiving: 'a request from an admin to refund one line of an order',
        request: orderRequest('POST', ApiRoute.orderLineRefund, { product: idFromState('productId') }),
        response: orderAnswer(regex(ANY_STATUS, 'Received'), {
          products: eachLike({
            product: anId(EXAMPLE.productId),
            name: string('Classic Tee'),
            price: number(19.99),
            count: MatchersV3.integer(1),
            refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() },
          }),
        }),
      },
      async () => {
        const refunded = await refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId);
        expect(refunded.products).toEqual([
          {
            product: EXAMPLE.productId,
            name: 'Classic Tee',
            price: 19.99,
            count: 1,
            refund: { id: 'c7x2k9p0', amount: 19.99, at: EXAMPLE.createdAt },
          },
        ]);
      },
    ));

  it('refunds the line of one variant of a product the order has in two colours', () =>
    interaction(
      {
        given: [
          'an admin exists',
          [
            'a customer has paid for an order of a product in colours {colours} and size {size} whose payment has settled',
            { colours: 'Blue,Red', size: 'M' },
          ],
        ],
        uponReceiving: 'a request from an admin to refund the line of one variant of an order',
        request: orderRequest('POST', ApiRoute.orderLineRefund, { product: idFromState('productId'), variant: idFromState('variantId') }),
        response: orderAnswer(regex(ANY_STATUS, 'Received'), {
          // Lines by name, then values: Blue / M, then Red / M (refunded).
          products: [
            {
              product: anId(EXAMPLE.productId),
              name: string('Classic Tee'),
              price: number(19.99),
              count: MatchersV3.integer(1),
              size: 'M',
              variant: MatchersV3.integer(6),
              sku: string('CLASSIC-BLUE-M'),
              options: 'Blue / M',
            },
            {
              product: anId(EXAMPLE.productId),
              name: string('Classic Tee'),
              price: number(19.99),
              count: MatchersV3.integer(1),
              size: 'M',
              variant: idFromState('variantId'),
              sku: string('CLASSIC-RED-M'),
              options: 'Red / M',
              refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() },
            },
          ],
        }),
      },
      async () => {
        const refunded = await refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId, undefined, EXAMPLE.variantId);
        expect(refunded.products.map((line) => [line.options, line.variant, line.refund?.amount])).toEqual([
          ['Blue / M', 6, undefined],
          ['Red / M', EXAMPLE.variantId, 19.99],
        ]);
      },
    ));

  it('refunds the line of one size of a product the order has in two sizes', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer has paid for an order of a product in sizes {sizes} whose payment has settled', { sizes: 'S,M' }],
        ],
        uponReceiving: 'a request from an admin to refund the line of one size of an order',
        request: orderRequest('POST', ApiRoute.orderLineRefund, { product: idFromState('productId'), size: 'M' }),
        response: orderAnswer(regex(ANY_STATUS, 'Received'), {
          // Lines by name, then in size order: S, then M (refunded).
          products: [
            orderLineJson({ size: 'S' }),
            orderLineJson({ size: 'M', refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() } }),
          ],
          amount: number(39.98),
        }),
      },
      async () => {
        const refunded = await refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId, 'M');
        expect(refunded.products.map((line) => [line.size, line.refund?.amount])).toEqual([
          ['S', undefined],
          ['M', 19.99],
        ]);
      },
    ));

  it('is refused to staff who are not owners (a refund is the owner’s)', () =>
    interaction(
      {
        given: ['a staff member is signed in', 'a customer has paid for an order whose payment has settled'],
        uponReceiving: 'a request from a staff member (not an owner) to refund one line of an order',
        request: orderRequest('POST', ApiRoute.orderLineRefund, { product: idFromState('productId') }),
        response: [403, (response) => response.jsonBody(errorBody(ErrorCode.Forbidden, 'Your role (staff) does not allow this'))],
      },
      async () => {
        await expect(refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      },
    ));
});
