import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, FIT_NOTES } from '@store/contract';
import { anId, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { getProductFit } from './get-product-fit';

const interaction = describeStoreApi({ signedIn: false });

describe('the fit note', () => {
  it('reads a product’s fit note from its exchanges', () =>
    interaction(
      {
        given: ['a product has had 5 exchanges one size up'],
        uponReceiving: 'a request for the fit note of a product most exchanges of which went up a size',
        request: ['GET', pathFromState(ApiRoute.productFit)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              product: anId(EXAMPLE.productId),
              note: FIT_NOTES.small,
              fitRelated: MatchersV3.integer(5),
              small: MatchersV3.integer(5),
              large: MatchersV3.integer(0),
            }),
        ],
      },
      async () => {
        expect((await getProductFit(EXAMPLE.productId)).note).toBe('Runs small: most exchanges went up a size');
      },
    ));
});
