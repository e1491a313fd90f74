import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { getSalesOverview } from './get-sales-overview';

const { eachLike, integer, number, string } = MatchersV3;

const interaction = describeStoreApi();

describe('order administration', () => {
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

  it('reads the sales overview split by discount, shipping and tax', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer has paid for an order with {shipping} shipping whose payment has settled', { shipping: 5 }],
        ],
        uponReceiving: 'a request from an admin for the sales overview of a shop that charges shipping',
        request: ['GET', pathFromState(ApiRoute.ordersOverview), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              periods: ['today', '7d', '30d'].map((period) => ({
                period,
                orders: integer(1),
                cancelled: integer(0),
                revenue: number(24.99),
                discount: number(0),
                shipping: number(5),
                tax: number(0),
              })),
              bestSellers: eachLike({ _id: anId(EXAMPLE.productId), name: string('Classic Tee'), sold: integer(1) }),
              lowStock: MatchersV3.atLeastLike({ _id: anId(EXAMPLE.productId), name: string('Classic Tee'), stock: integer(1) }, 0),
              lowStockThreshold: integer(5),
            }),
        ],
      },
      async () => {
        const overview = await getSalesOverview();
        expect(overview.periods[0]).toEqual({ period: 'today', orders: 1, cancelled: 0, revenue: 24.99, discount: 0, shipping: 5, tax: 0 });
      },
    ));
});
