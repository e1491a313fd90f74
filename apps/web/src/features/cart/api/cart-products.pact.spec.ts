import { ApiRoute, ErrorCode } from '@store/contract';
import {
  EXAMPLE,
  EXAMPLE_PRODUCT,
  errorBody,
  fixedPath,
  idFromState,
  pathFromState,
  productJson,
  resetApiClient,
  storeApiPact,
  useMockServer,
} from '@test/pact/store-api-pact';
import { currentCartProducts } from './cart-products';

const pact = storeApiPact();
afterEach(resetApiClient);

const DISCONTINUED_PRODUCT_ID = '5f0c1a2e-9999-4b7a-9c3e-000000000098';

describe('cart refresh', () => {
  it("re-reads a cart's product to show its current price", () =>
    pact
      .addInteraction()
      .given('a product with a photo exists')
      .uponReceiving("a shopper's cart re-reading one of its products")
      .withRequest('GET', pathFromState(ApiRoute.product))
      .willRespondWith(200, (response) =>
        response.jsonBody(productJson({ _id: idFromState('productId'), category: idFromState('categoryId') })),
      )
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(currentCartProducts([EXAMPLE.productId])).resolves.toEqual({ products: [EXAMPLE_PRODUCT], gone: [] });
      }));

  it('learns that a product in the cart is no longer sold', () =>
    pact
      .addInteraction()
      .given('no product has id {productId}', { productId: DISCONTINUED_PRODUCT_ID })
      .uponReceiving("a shopper's cart re-reading a product that was deleted")
      .withRequest('GET', fixedPath(ApiRoute.product, { productId: DISCONTINUED_PRODUCT_ID }))
      .willRespondWith(404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Product not found')))
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await expect(currentCartProducts([DISCONTINUED_PRODUCT_ID])).resolves.toEqual({ products: [], gone: [DISCONTINUED_PRODUCT_ID] });
      }));
});
