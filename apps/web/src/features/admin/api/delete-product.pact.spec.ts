import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute } from '@store/contract';
import { bearer, describeStoreApi, EXAMPLE, idFromState, pathFromState } from '@test/pact/store-api-pact';
import { deleteProduct } from './delete-product';

const { string } = MatchersV3;

const interaction = describeStoreApi();

describe('product administration', () => {
  it('deletes a product', () =>
    interaction(
      {
        given: ['an admin exists', 'a product with a photo exists'],
        uponReceiving: 'a request from an admin to delete a product',
        request: ['DELETE', pathFromState(ApiRoute.productDelete), (request) => request.headers(bearer())],
        response: [
          200,
          (response) => response.jsonBody({ message: string('Product "Classic Tee" deleted'), _id: idFromState('productId') }),
        ],
      },
      async () => {
        await expect(deleteProduct(EXAMPLE.productId)).resolves.toEqual({
          message: 'Product "Classic Tee" deleted',
          _id: EXAMPLE.productId,
        });
      },
    ));
});
