import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import {
  anId,
  anInstant,
  ANY_STATUS,
  bearer,
  describeStoreApi,
  EXAMPLE,
  exampleOrder,
  idFromState,
  orderJson,
  orderLineJson,
  pageHeaders,
  pathFromState,
} from '@test/pact/store-api-pact';
import { exportOrders, getSalesOverview, listOrders, refundOrderLine, updateOrderStatus } from './orders';

const { eachLike, integer, number, regex, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
  it('lists the first page of orders for an admin, filtered by status', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin for the first page of Received orders',
        request: [
          'GET',
          pathFromState(ApiRoute.ordersAll),
          (request) => request.headers(bearer()).query({ limit: '50', status: 'Received' }),
        ],
        response: [
          200,
          (response) => response.headers(pageHeaders()).jsonBody(eachLike(orderJson({ _id: anId(EXAMPLE.orderId), status: 'Received' }))),
        ],
      },
      async () => {
        await expect(listOrders({ status: 'Received' }, { limit: 50 })).resolves.toEqual({
          orders: [exampleOrder('Received')],
          total: 1,
          capped: false,
          after: undefined,
        });
      },
    ));

  it('exports the orders of a date range as CSV', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin for the CSV export of a date range',
        request: [
          'GET',
          pathFromState(ApiRoute.ordersExport),
          (request) => request.headers({ ...bearer(), Accept: 'text/csv' }).query({ from: '2020-01-01', to: '2099-12-31' }),
        ],
        // The CSV's rows are the API's e2e tests' business; the contract is the call and that a CSV file comes back.
        response: [
          200,
          (response) =>
            response.headers({
              'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
              'Content-Disposition': 'attachment; filename="orders-from-2020-01-01-to-2099-12-31.csv"',
            }),
        ],
      },
      async () => {
        const file = await exportOrders({ from: '2020-01-01', to: '2099-12-31' });
        expect(file.type).toMatch(/^text\/csv/);
      },
    ));

  it('reads the sales overview', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin for the sales overview',
        request: ['GET', pathFromState(ApiRoute.ordersOverview), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              periods: [
                { period: 'today', orders: integer(1), cancelled: integer(0), revenue: number(19.99) },
                { period: '7d', orders: integer(1), cancelled: integer(0), revenue: number(19.99) },
                { period: '30d', orders: integer(1), cancelled: integer(0), revenue: number(19.99) },
              ],
              bestSellers: eachLike({ _id: anId(EXAMPLE.productId), name: string('Classic Tee'), sold: integer(1) }),
              lowStock: MatchersV3.atLeastLike({ _id: anId(EXAMPLE.productId), name: string('Classic Tee'), stock: integer(1) }, 0),
              lowStockThreshold: integer(5),
            }),
        ],
      },
      async () => {
        const overview = await getSalesOverview();
        expect(overview.periods.map((p) => p.period)).toEqual(['today', '7d', '30d']);
        expect(overview.bestSellers[0]).toEqual({ _id: EXAMPLE.productId, name: 'Classic Tee', sold: 1 });
      },
    ));

  it('moves an order to its next status', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin to move an order to Processing',
        request: ['PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Processing' })],
        response: [200, (response) => response.jsonBody(orderJson({ _id: idFromState('orderId'), status: 'Processing' }))],
      },
      async () => {
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Processing')).resolves.toEqual(exampleOrder('Processing'));
      },
    ));

  it('cancels a paid order and answers with how its money went back', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order'],
        uponReceiving: 'a request from an admin to cancel a paid order',
        request: ['PUT', pathFromState(ApiRoute.orderStatus), (request) => request.headers(bearer()).jsonBody({ status: 'Cancelled' })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: 'Cancelled' }),
              refund: { id: string('k3j9x2p1'), amount: number(19.99), kind: regex('^(void|refund)$', 'void'), at: anInstant() },
            }),
        ],
      },
      async () => {
        await expect(updateOrderStatus(EXAMPLE.orderId, 'Cancelled')).resolves.toEqual({
          ...exampleOrder('Cancelled'),
          refund: { id: 'k3j9x2p1', amount: 19.99, kind: 'void', at: EXAMPLE.createdAt },
        });
      },
    ));

  it('refunds one line of a paid order whose payment has settled', () =>
    interaction(
      {
        given: ['an admin exists', 'a customer has paid for an order whose payment has settled'],
        uponReceiving: 'a request from an admin to refund one line of an order',
        request: [
          'POST',
          pathFromState(ApiRoute.orderLineRefund),
          (request) => request.headers(bearer()).jsonBody({ product: idFromState('productId') }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: regex(ANY_STATUS, 'Received') }),
              products: eachLike({
                product: anId(EXAMPLE.productId),
                name: string('Classic Tee'),
                price: number(19.99),
                count: MatchersV3.integer(1),
                refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() },
              }),
            }),
        ],
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

  it('refunds the line of one size of a product the order has in two sizes', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer has paid for an order of a product in sizes {sizes} whose payment has settled', { sizes: 'S,M' }],
        ],
        uponReceiving: 'a request from an admin to refund the line of one size of an order',
        request: [
          'POST',
          pathFromState(ApiRoute.orderLineRefund),
          (request) => request.headers(bearer()).jsonBody({ product: idFromState('productId'), size: 'M' }),
        ],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...orderJson({ _id: idFromState('orderId'), status: regex(ANY_STATUS, 'Received') }),
              // Lines by name, then in size order: S, then M (refunded).
              products: [
                orderLineJson({ size: 'S' }),
                orderLineJson({ size: 'M', refund: { id: string('c7x2k9p0'), amount: number(19.99), at: anInstant() } }),
              ],
              amount: number(39.98),
            }),
        ],
      },
      async () => {
        const refunded = await refundOrderLine(EXAMPLE.orderId, EXAMPLE.productId, 'M');
        expect(refunded.products.map((line) => [line.size, line.refund?.amount])).toEqual([
          ['S', undefined],
          ['M', 19.99],
        ]);
      },
    ));
});
