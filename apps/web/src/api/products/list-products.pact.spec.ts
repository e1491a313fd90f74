import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, TOTAL_COUNT_HEADER } from '@store/contract';
import {
  colourProductState,
  describeStoreApi,
  EXAMPLE,
  EXAMPLE_OPTIONS,
  EXAMPLE_PRODUCT,
  EXAMPLE_VARIANTS,
  fixedPath,
  idFromState,
  optionsJson,
  productJson,
  variantsJson,
} from '@test/pact/store-api-pact';
import { listProducts, PRODUCT_SORTS } from './list-products';

const { eachLike, regex } = MatchersV3;

const interaction = describeStoreApi({ signedIn: false });

describe('catalogue', () => {
  it('lists the newest products with the total count', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a request for a page of the newest products',
        request: [
          'GET',
          fixedPath(ApiRoute.products),
          (request) => request.query({ limit: '12', offset: '0', sortBy: 'createdAt', order: 'desc' }),
        ],
        response: [200, (response) => response.headers({ [TOTAL_COUNT_HEADER]: regex('^\\d+$', '1') }).jsonBody(eachLike(productJson()))],
      },
      async () => {
        await expect(listProducts({ limit: 12, offset: 0 })).resolves.toEqual({ products: [EXAMPLE_PRODUCT], total: 1, capped: false });
      },
    ));
});

describe('catalogue search', () => {
  it('searches one category for words, cheapest first, with the total of the matches', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a search for products in a category, cheapest first',
        request: [
          'GET',
          fixedPath(ApiRoute.products),
          (request) =>
            // "CLASSIC" in capitals: the API ignores case (and accents) in both the search and the products.
            request.query({ limit: '12', offset: '0', sortBy: 'price', order: 'asc', q: 'CLASSIC', category: idFromState('categoryId') }),
        ],
        response: [
          200,
          (response) =>
            response
              .headers({ [TOTAL_COUNT_HEADER]: regex('^\\d+$', '1') })
              .jsonBody(eachLike(productJson({ category: idFromState('categoryId') }))),
        ],
      },
      async () => {
        const view = { sortBy: 'price', order: 'asc', q: 'CLASSIC', category: EXAMPLE.categoryId } as const;
        await expect(listProducts({ limit: 12, offset: 0, view })).resolves.toEqual({
          products: [EXAMPLE_PRODUCT],
          total: 1,
          capped: false,
        });
      },
    ));
});

describe('product administration', () => {
  it('lists products by name with the total count', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a request for a page of products by name',
        request: [
          'GET',
          fixedPath(ApiRoute.products),
          (request) => request.query({ limit: '20', offset: '0', sortBy: 'name', order: 'asc' }),
        ],
        response: [200, (response) => response.headers({ [TOTAL_COUNT_HEADER]: regex('^\\d+$', '1') }).jsonBody(eachLike(productJson()))],
      },
      async () => {
        await expect(listProducts({ limit: 20, offset: 0, view: PRODUCT_SORTS.byName })).resolves.toEqual({
          products: [EXAMPLE_PRODUCT],
          total: 1,
          capped: false,
        });
      },
    ));
});

describe('catalogue filtered by colour and size', () => {
  it('lists the products in stock in a colour and a size, with their options and variants', () =>
    interaction(
      {
        given: [colourProductState],
        uponReceiving: 'a request for the newest products in stock in Blue, size M',
        request: [
          'GET',
          fixedPath(ApiRoute.products),
          (request) => request.query({ limit: '12', offset: '0', sortBy: 'createdAt', order: 'desc', colour: 'Blue', size: 'M' }),
        ],
        response: [
          200,
          (response) =>
            response.headers({ [TOTAL_COUNT_HEADER]: regex('^\\d+$', '1') }).jsonBody(
              eachLike({
                ...productJson({ _id: idFromState('productId') }),
                stock: MatchersV3.integer(6),
                sizes: [],
                options: optionsJson(EXAMPLE_OPTIONS),
                variants: variantsJson(EXAMPLE_VARIANTS),
              }),
            ),
        ],
      },
      async () => {
        const view = { sortBy: 'createdAt', order: 'desc', colour: 'Blue', size: 'M' } as const;
        await expect(listProducts({ limit: 12, offset: 0, view })).resolves.toEqual({
          products: [{ ...EXAMPLE_PRODUCT, stock: 6, sizes: [], options: EXAMPLE_OPTIONS, variants: EXAMPLE_VARIANTS }],
          total: 1,
          capped: false,
        });
      },
    ));
});
