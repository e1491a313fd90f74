import { ApiRoute, ErrorCode } from '@store/contract';
import { describeStoreApi, errorBody, EXAMPLE, EXAMPLE_PRODUCT, fixedPath, productOfState } from '@test/pact/store-api-pact';
import { currentCartProducts } from './get-cart-products';

const interaction = describeStoreApi({ signedIn: false });

const DISCONTINUED_PRODUCT_ID = '5f0c1a2e-9999-4b7a-9c3e-000000000098';

describe('cart refresh', () => {
  it("re-reads a cart's product to show its current price", () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: "a shopper's cart re-reading one of its products",
        ...productOfState,
      },
      async () => {
        await expect(currentCartProducts([EXAMPLE.productId])).resolves.toEqual({ products: [EXAMPLE_PRODUCT], gone: [] });
      },
    ));

  it('learns that a product in the cart is no longer sold', () =>
    interaction(
      {
        given: [['no product has id {productId}', { productId: DISCONTINUED_PRODUCT_ID }]],
        uponReceiving: "a shopper's cart re-reading a product that was deleted",
        request: ['GET', fixedPath(ApiRoute.product, { productId: DISCONTINUED_PRODUCT_ID })],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Product not found'))],
      },
      async () => {
        await expect(currentCartProducts([DISCONTINUED_PRODUCT_ID])).resolves.toEqual({ products: [], gone: [DISCONTINUED_PRODUCT_ID] });
      },
    ));
});
