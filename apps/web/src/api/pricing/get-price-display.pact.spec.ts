import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { describeStoreApi, fixedPath } from '@test/pact/store-api-pact';
import { getPriceDisplay } from './get-price-display';

const { boolean } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

describe('price display', () => {
  it('says, to anyone, that the shop’s prices include tax', () =>
    interaction(
      {
        given: ["the shop's prices include tax"],
        uponReceiving: 'a request for how the shop’s prices read',
        request: ['GET', fixedPath(ApiRoute.priceDisplay)],
        response: [200, (response) => response.jsonBody({ pricesIncludeTax: boolean(true) })],
      },
      async () => {
        expect(await getPriceDisplay()).toEqual({ pricesIncludeTax: true });
      },
    ));
});
