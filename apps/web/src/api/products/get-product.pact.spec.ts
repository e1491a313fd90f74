import { ApiRoute, ErrorCode } from '@store/contract';
import {
  colourProductState,
  describeStoreApi,
  errorBody,
  EXAMPLE,
  EXAMPLE_GALLERY,
  EXAMPLE_OPTIONS,
  EXAMPLE_PRODUCT,
  EXAMPLE_VARIANTS,
  optionsJson,
  variantsJson,
  fixedPath,
  galleryJson,
  idFromState,
  pathFromState,
  productJson,
  productOfState,
  sizesJson,
} from '@test/pact/store-api-pact';
import { getProduct } from './get-product';

const interaction = describeStoreApi({ signedIn: false });

const UNKNOWN_PRODUCT_ID = '5f0c1a2e-9999-4b7a-9c3e-000000000099';

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

describe('one product in colours and sizes, for its page', () => {
  it('reads its options (colour swatches) and a variant per combination with what is left of each', () =>
    interaction(
      {
        given: [colourProductState],
        uponReceiving: 'a request for a product with options, to show on its page',
        request: ['GET', pathFromState(ApiRoute.product)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId') }),
              stock: 6,
              sizes: [],
              options: optionsJson(EXAMPLE_OPTIONS),
              variants: variantsJson(EXAMPLE_VARIANTS),
            }),
        ],
      },
      async () => {
        await expect(getProduct(EXAMPLE.productId)).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          stock: 6,
          sizes: [],
          options: EXAMPLE_OPTIONS,
          variants: EXAMPLE_VARIANTS,
        });
      },
    ));
});

describe('one product, for the admin update form', () => {
  it('reads one product', () =>
    interaction(
      {
        given: ['a product with a photo exists'],
        uponReceiving: 'a request for one product',
        ...productOfState,
      },
      async () => {
        await expect(getProduct(EXAMPLE.productId)).resolves.toEqual(EXAMPLE_PRODUCT);
      },
    ));

  it('is told when a product does not exist', () =>
    interaction(
      {
        given: [['no product has id {productId}', { productId: UNKNOWN_PRODUCT_ID }]],
        uponReceiving: 'a request for a product that does not exist',
        request: ['GET', fixedPath(ApiRoute.product, { productId: UNKNOWN_PRODUCT_ID })],
        response: [404, (response) => response.jsonBody(errorBody(ErrorCode.NotFound, 'Product not found'))],
      },
      async () => {
        await expect(getProduct(UNKNOWN_PRODUCT_ID)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
      },
    ));
});

describe('one product with its gallery', () => {
  it('reads the product with its photos in order, each with its alt text (the product page and the admin gallery)', () =>
    interaction(
      {
        given: ['a product with a gallery of two photos exists'],
        uponReceiving: 'a request for a product with a gallery of two photos',
        request: ['GET', pathFromState(ApiRoute.product)],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: idFromState('categoryId') }),
              photos: galleryJson(),
            }),
        ],
      },
      async () => {
        await expect(getProduct(EXAMPLE.productId)).resolves.toEqual({ ...EXAMPLE_PRODUCT, photos: EXAMPLE_GALLERY });
      },
    ));
});
