import { ApiRoute, STOCK_ALERT_SAVED } from '@store/contract';
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { requestMyStockAlert } from './request-my-stock-alert';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('asking for a back-in-stock alert (signed in)', () => {
  it("saves the alert at the account's address, confirmed at once", () =>
    interaction(
      {
        given: ['a customer exists', ['a product is sold out in size {size}', { size: 'L' }]],
        uponReceiving: 'a signed-in customer asking to hear when a sold-out size is back',
        request: [
          'POST',
          pathFromState(ApiRoute.stockAlertsOfUser),
          (request) => request.headers(bearer()).jsonBody({ variantId: idFromState('variantId') }),
        ],
        response: [201, (response) => response.jsonBody({ message: string(STOCK_ALERT_SAVED) })],
      },
      async () => {
        await expect(requestMyStockAlert({ variantId: EXAMPLE.variantId })).resolves.toEqual({ message: STOCK_ALERT_SAVED });
      },
    ));
});
