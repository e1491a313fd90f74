import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { anId, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { getReorderSuggestions } from './get-reorder-suggestions';

const { eachLike, integer, string } = MatchersV3;
const interaction = describeStoreApi();

describe('reorder suggestions (admin)', () => {
  it('suggests how many of each variant to reorder for the next days', () =>
    interaction(
      {
        given: [
          'an admin exists',
          ['a customer asked to {kind} a line of a shipped order, now {status}', { kind: 'exchange', status: 'requested' }],
        ],
        uponReceiving: 'a request from an admin for the reorder suggestions of the next 365 days',
        request: ['GET', pathFromState(ApiRoute.reorderSuggestions), (request) => request.headers(bearer()).query({ days: '365' })],
        response: [
          200,
          (response) =>
            response.jsonBody(
              eachLike({
                product: anId(EXAMPLE.productId),
                name: string('Classic Tee'),
                variant: integer(EXAMPLE.exchangeVariantId),
                sku: string('CLASSIC-L'),
                options: string('L'),
                stock: integer(9),
                sold: integer(0),
                exchangesIn: integer(1),
                exchangesOut: integer(0),
                waiting: integer(0),
                reorder: integer(4),
              }),
            ),
        ],
      },
      async () => {
        const suggestions = await getReorderSuggestions(365);
        expect(suggestions[0]).toMatchObject({ name: 'Classic Tee', reorder: 4 });
      },
    ));
});
