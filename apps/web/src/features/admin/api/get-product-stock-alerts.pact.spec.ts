import { ApiRoute } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { getProductStockAlerts } from './get-product-stock-alerts';

const { eachLike, integer, string } = MatchersV3;

const interaction = describeStoreApi();

describe('back-in-stock alerts for the admin', () => {
  it("answers each variant's waiting alerts", () =>
    interaction(
      {
        given: ['an admin exists', 'shoppers wait for a sold-out size of a product'],
        uponReceiving: "a request from an admin for a product's waiting back-in-stock alerts",
        request: ['GET', pathFromState(ApiRoute.stockAlertsOfProduct), (request) => request.headers(bearer())],
        response: [
          200,
          (response) =>
            response.jsonBody({
              productId: idFromState('productId'),
              waiting: integer(2),
              variants: eachLike({
                variantId: integer(EXAMPLE.variantId),
                sku: string('CLASSIC-TEE-M'),
                label: string('M'),
                stock: integer(0),
                waiting: integer(2),
              }),
            }),
        ],
      },
      async () => {
        const answer = await getProductStockAlerts(EXAMPLE.productId);
        expect(answer.productId).toBe(EXAMPLE.productId);
        expect(answer.waiting).toBe(2);
        expect(answer.variants[0]).toEqual({ variantId: EXAMPLE.variantId, sku: 'CLASSIC-TEE-M', label: 'M', stock: 0, waiting: 2 });
      },
    ));
});
