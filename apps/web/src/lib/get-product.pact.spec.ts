import { ApiRoute } from '@store/contract';
import { describeStoreApi, EXAMPLE, EXAMPLE_PRODUCT, idFromState, pathFromState, productJson, sizesJson } from '@test/pact/store-api-pact';
import { getProduct } from './get-product';

const interaction = describeStoreApi({ signedIn: false });

describe('one product, for its page', () => {
  it('reads a product sold in sizes with what is left of each (the size picker)', () =>
    interaction(
      {
        given: [['a product priced {price} sold in size {size} with {stock} in stock exists', { price: 19.99, size: 'M', stock: 3 }]],
        uponReceiving: 'a request for a product sold in sizes, to show on its page',
        request: ['GET', pathFromState(ApiRoute.product)],
        response: [
          200,
          (response) =>
            response.jsonBody({ ...productJson({ _id: idFromState('productId') }), stock: 3, sizes: sizesJson([{ size: 'M', stock: 3 }]) }),
        ],
      },
      async () => {
        await expect(getProduct(EXAMPLE.productId)).resolves.toEqual({ ...EXAMPLE_PRODUCT, stock: 3, sizes: [{ size: 'M', stock: 3 }] });
      },
    ));
});
