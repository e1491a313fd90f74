import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, ErrorCode, type ProductFields, type SizeStock } from '@store/contract';
import {
  describeStoreApi,
  errorBody,
  EXAMPLE,
  EXAMPLE_OPTIONS,
  EXAMPLE_PRODUCT,
  EXAMPLE_VARIANTS,
  idFromState,
  multipartRequest,
  pathFromState,
  photoFile,
  optionsJson,
  productJson,
  sizesJson,
  variantsJson,
} from '@test/pact/store-api-pact';
import { createProduct, updateProduct } from './save-product';

const { string } = MatchersV3;

const interaction = describeStoreApi();

/** The category the forms send: multipart values cannot come from a provider state, so the state takes this id. */
const categoryState = ['a category with id {categoryId} exists', { categoryId: EXAMPLE.categoryId }] as const;

const fields: ProductFields = {
  name: EXAMPLE_PRODUCT.name,
  description: EXAMPLE_PRODUCT.description,
  price: EXAMPLE_PRODUCT.price,
  category: EXAMPLE.categoryId,
  stock: EXAMPLE_PRODUCT.stock,
};
/** The same fields as the multipart body carries them (the sizes as JSON text, as the client sends them). */
const formFields = (values: ProductFields): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );

/** A product sold in sizes: the form sends the sizes and their total as the stock. */
const SIZES: SizeStock[] = [
  { size: 'M', stock: 4 },
  { size: 'L', stock: 6 },
];
const sizedFields: ProductFields = { ...fields, stock: 10, sizes: SIZES };

/** A product in colours and sizes: the form sends the options, the variant grid and the total as the stock. */
const variantFields: ProductFields = {
  ...fields,
  stock: 6,
  compareAtPrice: 25,
  options: EXAMPLE_OPTIONS.map((o) => ({
    name: o.name,
    values: o.values.map(({ value, swatch }) => (swatch ? { value, swatch } : { value })),
  })),
  variants: EXAMPLE_VARIANTS.map((v) => ({
    options: v.options,
    sku: v.sku,
    stock: v.stock,
    price: null,
    compareAtPrice: null,
    active: true,
  })),
};

/** The same product weighing 250 g, its Blue / M 300 g of its own (the Red / M the product's: null). */
const weighedFields: ProductFields = {
  ...variantFields,
  weight: 250,
  variants: variantFields.variants!.map((v, index) => ({ ...v, weight: index === 0 ? 300 : null })),
};
const WEIGHED_VARIANTS = EXAMPLE_VARIANTS.map((v, index) => (index === 0 ? { ...v, weight: 300 } : v));

describe('product administration', () => {
  it('creates a product with a photo (multipart)', () =>
    interaction(
      {
        given: ['an admin exists', categoryState],
        uponReceiving: 'a multipart request from an admin to create a product with a photo',
        request: ['POST', pathFromState(ApiRoute.productCreate), multipartRequest(formFields(fields), { photo: true })],
        response: [201, (response) => response.jsonBody(productJson({ category: EXAMPLE.categoryId }))],
      },
      async () => {
        await expect(createProduct(fields, photoFile())).resolves.toEqual(EXAMPLE_PRODUCT);
      },
    ));

  it('creates a product sold in sizes (multipart, the sizes as JSON text)', () =>
    interaction(
      {
        given: ['an admin exists', categoryState],
        uponReceiving: 'a multipart request from an admin to create a product sold in sizes',
        request: ['POST', pathFromState(ApiRoute.productCreate), multipartRequest(formFields(sizedFields), { photo: true })],
        response: [201, (response) => response.jsonBody({ ...productJson({ category: EXAMPLE.categoryId }), sizes: sizesJson(SIZES) })],
      },
      async () => {
        await expect(createProduct(sizedFields, photoFile())).resolves.toEqual({ ...EXAMPLE_PRODUCT, sizes: SIZES });
      },
    ));

  it('creates a product in colours and sizes (multipart, options and variants as JSON text, a compare-at price)', () =>
    interaction(
      {
        given: ['an admin exists', categoryState],
        uponReceiving: 'a multipart request from an admin to create a product with options and variants',
        request: ['POST', pathFromState(ApiRoute.productCreate), multipartRequest(formFields(variantFields))],
        response: [
          201,
          (response) =>
            response.jsonBody({
              ...productJson({ category: EXAMPLE.categoryId }),
              stock: MatchersV3.integer(6),
              sizes: [],
              compareAtPrice: MatchersV3.number(25),
              options: optionsJson(EXAMPLE_OPTIONS),
              variants: variantsJson(EXAMPLE_VARIANTS),
            }),
        ],
      },
      async () => {
        await expect(createProduct(variantFields)).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          stock: 6,
          sizes: [],
          compareAtPrice: 25,
          options: EXAMPLE_OPTIONS,
          variants: EXAMPLE_VARIANTS,
        });
      },
    ));

  it('creates a product whose variants carry their own weights (shipping by weight)', () =>
    interaction(
      {
        given: ['an admin exists', categoryState],
        uponReceiving: 'a multipart request from an admin to create a product with a weight and variants with their own weights',
        request: ['POST', pathFromState(ApiRoute.productCreate), multipartRequest(formFields(weighedFields))],
        response: [
          201,
          (response) =>
            response.jsonBody({
              ...productJson({ category: EXAMPLE.categoryId }),
              stock: MatchersV3.integer(6),
              sizes: [],
              compareAtPrice: MatchersV3.number(25),
              weight: MatchersV3.integer(250),
              options: optionsJson(EXAMPLE_OPTIONS),
              variants: variantsJson(WEIGHED_VARIANTS),
            }),
        ],
      },
      async () => {
        await expect(createProduct(weighedFields)).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          stock: 6,
          sizes: [],
          compareAtPrice: 25,
          weight: 250,
          options: EXAMPLE_OPTIONS,
          variants: WEIGHED_VARIANTS,
        });
      },
    ));

  it('is refused when fields are missing', () => {
    // What the form sends when the description and category were left empty.
    const incomplete: ProductFields = { ...fields, description: '', category: '' };
    return interaction(
      {
        given: ['an admin exists'],
        uponReceiving: 'a multipart request from an admin to create a product with missing fields',
        request: ['POST', pathFromState(ApiRoute.productCreate), multipartRequest(formFields(incomplete))],
        response: [400, (response) => response.jsonBody(errorBody(ErrorCode.ValidationFailed, 'Please include all fields'))],
      },
      async () => {
        await expect(createProduct(incomplete)).rejects.toMatchObject({ status: 400, message: 'Please include all fields' });
      },
    );
  });

  it('updates a product and its photo (multipart)', () => {
    const changed: ProductFields = { ...fields, name: 'Classic Tee v2', price: 21.5 };
    return interaction(
      {
        given: ['an admin exists', 'a product with a photo exists', categoryState],
        uponReceiving: 'a multipart request from an admin to update a product and its photo',
        request: ['PUT', pathFromState(ApiRoute.productUpdate), multipartRequest(formFields(changed), { photo: true })],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: EXAMPLE.categoryId }),
              name: string(changed.name),
              price: MatchersV3.number(changed.price),
            }),
        ],
      },
      async () => {
        await expect(updateProduct(EXAMPLE.productId, changed, photoFile())).resolves.toEqual({
          ...EXAMPLE_PRODUCT,
          name: changed.name,
          price: changed.price,
        });
      },
    );
  });

  it('changes the sizes of a product (multipart)', () => {
    const resized: SizeStock[] = [
      { size: 'S', stock: 2 },
      { size: 'M', stock: 3 },
      { size: 'XL', stock: 5 },
    ];
    const changed: ProductFields = { ...fields, stock: 10, sizes: resized };
    return interaction(
      {
        given: ['an admin exists', 'a product with a photo exists', categoryState],
        uponReceiving: 'a multipart request from an admin to change the sizes of a product',
        request: ['PUT', pathFromState(ApiRoute.productUpdate), multipartRequest(formFields(changed))],
        response: [
          200,
          (response) =>
            response.jsonBody({
              ...productJson({ _id: idFromState('productId'), category: EXAMPLE.categoryId }),
              sizes: sizesJson(resized),
            }),
        ],
      },
      async () => {
        await expect(updateProduct(EXAMPLE.productId, changed)).resolves.toEqual({ ...EXAMPLE_PRODUCT, sizes: resized });
      },
    );
  });
});
