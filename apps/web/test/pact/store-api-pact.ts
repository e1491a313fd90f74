/**
 * What the web app's Pact specs share: the pact between `store-web` and `store-api` (written to pact/pacts),
 * the example ids and token the consumer side plays with, and matchers for the values that vary per run.
 *
 * Ids that must line up with the provider's database are filled in at verification from what the provider
 * state handlers return (`fromProviderState('${categoryId}', example)`): states return `userId`, `categoryId`,
 * `productId` and `orderId`, the same names as the route parameters in `ApiRoute`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Matcher, MatchersV3, PactV4, type Rule, type V3MockServer } from '@pact-foundation/pact';
// The builders' and the state parameters' types are not re-exported from the package root.
import type { JsonMap } from '@pact-foundation/pact/src/common/jsonTypes';
import type { V4RequestBuilder, V4ResponseBuilder } from '@pact-foundation/pact/src/v4/http/types';
import {
  API_PREFIX,
  ApiRoute,
  apiPath,
  type ErrorCode,
  ORDER_STATUSES,
  type Order,
  PRODUCT_PHOTO_FIELD,
  SHIPPING_COUNTRY_CODES,
  type ShippingAddress,
  PRODUCT_SIZES,
  PRODUCT_SIZES_FIELD,
  PRODUCT_COMPARE_AT_FIELD,
  PRODUCT_OPTIONS_FIELD,
  PRODUCT_VARIANTS_FIELD,
  PRODUCT_WEIGHT_FIELD,
  type ProductOption,
  type ProductVariant,
  type SizeStock,
} from '@store/contract';
import { configureApi, resetApiClient } from '../../src/lib/api-client';

const { fromProviderState, regex, string } = MatchersV3;

const CONSUMER = 'store-web';
const PROVIDER = 'store-api';
const PACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../pact/pacts');

/**
 * One pact per spec file; every spec merges its interactions into the same file. Mismatches fail the test with
 * their description whatever the level; the core's warnings (about its own threads) are only noise, so `error`
 * unless PACT_LOG_LEVEL=debug asks for everything.
 */
export function storeApiPact(): PactV4 {
  const logLevel = process.env.PACT_LOG_LEVEL === 'debug' ? 'debug' : 'error';
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel });
}

/** Points the real API client at Pact's mock server, as a configured host plus the `/api` prefix. */
export function useMockServer(mockServer: V3MockServer): void {
  configureApi({ baseUrl: `${mockServer.url}${API_PREFIX}` });
}

export { resetApiClient };

/** Who the api client says is calling (it reads the session itself in the app); an empty token = no sign-in. */
export function signedInAs(auth: { userId: string; token: string } = { userId: EXAMPLE.userId, token: EXAMPLE.token }): void {
  configureApi({ getAuth: () => auth });
}

/** A provider state: its name, or its name and parameters. */
export type ProviderState = string | readonly [name: string, parameters: JsonMap];

/** One interaction of the contract: the states it needs, its description, the request and the answer. */
export interface InteractionSpec {
  given?: readonly ProviderState[];
  uponReceiving: string;
  request: readonly [method: string, path: string | Matcher<string>, build?: (request: V4RequestBuilder) => void];
  response: readonly [status: number, build?: (response: V4ResponseBuilder) => void];
}

/**
 * What every spec file sets up: the pact, the api client reset after each test and, unless `signedIn: false`, signed
 * in as the example user before it. Returns `interaction(spec, test)`: it adds the interaction and runs `test` (the
 * client's call and what it must answer) against Pact's mock server, so a spec states only its interactions.
 */
export function describeStoreApi({ signedIn = true }: { signedIn?: boolean } = {}) {
  const pact = storeApiPact();
  afterEach(resetApiClient);
  if (signedIn) beforeEach(() => signedInAs());
  return function interaction(spec: InteractionSpec, test: () => Promise<unknown>) {
    let states = pact.addInteraction();
    for (const state of spec.given ?? []) states = typeof state === 'string' ? states.given(state) : states.given(state[0], state[1]);
    return states
      .uponReceiving(spec.uponReceiving)
      .withRequest(...spec.request)
      .willRespondWith(...spec.response)
      .executeTest(async (mockServer) => {
        useMockServer(mockServer);
        await test();
      });
  };
}

/** Fixed examples, so the pact file is the same on every run; the provider substitutes its own ids. */
export const EXAMPLE = {
  userId: '5f0c1a2e-1111-4b7a-9c3e-000000000001',
  categoryId: '5f0c1a2e-2222-4b7a-9c3e-000000000002',
  productId: '5f0c1a2e-3333-4b7a-9c3e-000000000003',
  /** The photos of the example product's gallery, first and second (the provider state makes them and returns their ids). */
  firstPhotoId: '5f0c1a2e-6666-4b7a-9c3e-000000000007',
  photoId: '5f0c1a2e-6666-4b7a-9c3e-000000000006',
  orderId: '5f0c1a2e-4444-4b7a-9c3e-000000000004',
  /** One of the shop's people (not the signed-in owner). */
  staffId: '5f0c1a2e-5555-4b7a-9c3e-000000000005',
  /** An address of the signed-in customer's address book. */
  addressId: '5f0c1a2e-6666-4b7a-9c3e-000000000006',
  /** A shipping zone, one of its methods, a tax rate and a discount code (docs/pricing.md). */
  zoneId: '5f0c1a2e-aaaa-4b7a-9c3e-00000000000a',
  shippingMethodId: '5f0c1a2e-7777-4b7a-9c3e-000000000007',
  rateId: '5f0c1a2e-8888-4b7a-9c3e-000000000008',
  codeId: '5f0c1a2e-9999-4b7a-9c3e-000000000009',
  /** The token of a staff invitation's link (the provider state makes a real one and returns it). */
  invitationToken: 'Tm90LWEtcmVhbC10b2tlbi1qdXN0LWFuLWV4YW1wbGU',
  /** Any JWT-shaped string: the provider's request filter swaps in a real token for the state's user. */
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJleGFtcGxlIn0.c2lnbmF0dXJl',
  createdAt: '2026-11-21T08:00:00.000Z',
  /** A variant's id (an integer; the provider state that makes a product with options returns its first). */
  variantId: 7,
  /** A parcel of an order (the provider state that ships one returns its id). */
  shipmentId: '5f0c1a2e-bbbb-4b7a-9c3e-00000000000b',
  /** A catalogue import (the provider state that runs one returns its id). */
  importId: '5f0c1a2e-6666-4b7a-9c3e-000000000006',
  /** A return or exchange (docs/returns.md), and the variant an exchange asks for (the provider states return both). */
  returnId: '5f0c1a2e-bbbb-4b7a-9c3e-00000000000b',
  exchangeVariantId: 9,
} as const;

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$';

/** A server-generated id the consumer only needs to be an id. */
export const anId = (example: string) => regex(UUID, example);
export const anInstant = (example: string = EXAMPLE.createdAt) => regex(ISO_INSTANT, example);
export const aJwt = () => regex('^[\\w-]+\\.[\\w-]+\\.[\\w-]+$', EXAMPLE.token);

/** The Authorization header of a signed-in call (any bearer token; the provider injects a real one). */
export const bearer = () => ({ Authorization: regex('^Bearer \\S+$', `Bearer ${EXAMPLE.token}`) });

type StateValue = keyof typeof EXAMPLE;

/** An id the provider state created: `${name}` at verification, the example here. */
export function idFromState(name: StateValue) {
  return fromProviderState(`\${${name}}`, EXAMPLE[name]);
}

/**
 * `/api` + an `ApiRoute` pattern whose `:params` come from the provider state, e.g.
 * `pathFromState(ApiRoute.categoryUpdate)` -> `/api/category/${categoryId}/${userId}`.
 */
export function pathFromState(pattern: string) {
  const expression = API_PREFIX + pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `\${${name}}`);
  const example = API_PREFIX + apiPath(pattern, EXAMPLE as never);
  return fromProviderState(expression, example);
}

/** `/api` + a route filled with fixed values (for ids that exist nowhere, or no ids at all). */
export function fixedPath(pattern: string, params: Record<string, string> = {}): string {
  return API_PREFIX + apiPath(pattern, params as never);
}

/** The body of every failure: the client shows `error` (any text), programs branch on `code` (exact). */
export function errorBody(code: ErrorCode, example: string) {
  return { error: string(example), code };
}

const fixture = (name: string): Buffer => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

/** The photo the product specs upload: a real 8x8 PNG, since the API judges images by their bytes. */
export const PHOTO = { filename: 'tee.png', contentType: 'image/png', bytes: fixture('tee.png') } as const;
/** The small WebP the API serves for `?size=card` (the example the mock server answers with). */
export const CARD_PHOTO = { contentType: 'image/webp', bytes: fixture('tee-card.webp') } as const;
/** The WebP the API serves for `?size=large` (the product page's); the example is a WebP too, which is what is matched. */
export const LARGE_PHOTO = { contentType: 'image/webp', bytes: fixture('tee-card.webp') } as const;

/** The example product of the specs, as the client's functions return it. */
export const EXAMPLE_PRODUCT = {
  _id: EXAMPLE.productId,
  name: 'Classic Tee',
  description: 'Soft cotton crew neck',
  price: 19.99,
  stock: 10,
  sold: 0,
  category: EXAMPLE.categoryId,
  createdAt: EXAMPLE.createdAt,
  updatedAt: EXAMPLE.createdAt,
};

/** A product as the API answers it; ids, counts and times by type or shape, the rest as the example. */
export function productJson(ids: { _id?: unknown; category?: unknown } = {}) {
  return {
    _id: ids._id ?? anId(EXAMPLE.productId),
    name: MatchersV3.string(EXAMPLE_PRODUCT.name),
    description: MatchersV3.string(EXAMPLE_PRODUCT.description),
    price: MatchersV3.number(EXAMPLE_PRODUCT.price),
    stock: MatchersV3.integer(EXAMPLE_PRODUCT.stock),
    sold: MatchersV3.integer(0),
    category: ids.category ?? anId(EXAMPLE.categoryId),
    createdAt: anInstant(),
    updatedAt: anInstant(),
  };
}

/** A gallery of two untied photos as the API answers it: photo 1 (the product's photo) and the state's `photoId`. */
export function galleryJson() {
  return [
    { _id: idFromState('firstPhotoId'), alt: MatchersV3.string('Photo of Classic Tee'), optionValue: null },
    { _id: idFromState('photoId'), alt: MatchersV3.string('Classic Tee, back'), optionValue: null },
  ];
}
/** The same gallery as the client's functions return it. */
export const EXAMPLE_GALLERY = [
  { _id: EXAMPLE.firstPhotoId, alt: 'Photo of Classic Tee', optionValue: null },
  { _id: EXAMPLE.photoId, alt: 'Classic Tee, back', optionValue: null },
];

/** Any size the store knows, as a regex matcher's pattern. */
export const ANY_SIZE = `^(${PRODUCT_SIZES.join('|')})$`;

/**
 * A product's `sizes` as the API answers them: exactly these sizes, in this order (the server lists them in
 * PRODUCT_SIZES order), each stock any whole number.
 */
export function sizesJson(sizes: SizeStock[]) {
  return sizes.map(({ size, stock }) => ({ size, stock: MatchersV3.integer(stock) }));
}

/** GET of the product the provider state created: its request and its answer (id and category from the state). */
export const productOfState = {
  request: ['GET', pathFromState(ApiRoute.product)],
  response: [200, (response) => response.jsonBody(productJson({ _id: idFromState('productId'), category: idFromState('categoryId') }))],
} as const satisfies Pick<InteractionSpec, 'request' | 'response'>;

/** The photo as the product form hands it to the API functions (a File, as from an `<input type=file>`). */
export function photoFile(): File {
  return new File([new Uint8Array(PHOTO.bytes)], PHOTO.filename, { type: PHOTO.contentType });
}

const BOUNDARY = 'store-web-pact-boundary';

/** How the consumer may fill each multipart text field (the body here carries the example values). */
const FIELD_RULES: Record<string, Matcher<unknown>> = {
  name: MatchersV3.string(),
  description: MatchersV3.string(),
  price: regex('^\\d+(\\.\\d{1,2})?$', '0'),
  stock: regex('^\\d+$', '0'),
  category: regex(UUID, EXAMPLE.categoryId),
  // JSON text of [{size, stock}]: the example body carries the sizes the spec sends.
  [PRODUCT_SIZES_FIELD]: regex('^\\[.*\\]$', '[]'),
  // JSON text of the options and of the variants, as the admin form sends them.
  [PRODUCT_OPTIONS_FIELD]: regex('^\\[.*\\]$', '[]'),
  [PRODUCT_VARIANTS_FIELD]: regex('^\\[.*\\]$', '[]'),
  [PRODUCT_COMPARE_AT_FIELD]: regex('^(\\d+(\\.\\d{1,2})?)?$', ''),
  // Whole grams, '' for none.
  [PRODUCT_WEIGHT_FIELD]: regex('^\\d*$', ''),
};

/** The example product in colours (Blue, Red) and one size (M), 3 of each, as the provider state makes it. */
export const EXAMPLE_OPTIONS: ProductOption[] = [
  {
    _id: 1,
    name: 'Colour',
    values: [
      { _id: 1, value: 'Blue', swatch: '#1e3a8a' },
      { _id: 2, value: 'Red', swatch: '#b91c1c' },
    ],
  },
  { _id: 2, name: 'Size', values: [{ _id: 3, value: 'M' }] },
];
export const EXAMPLE_VARIANTS: ProductVariant[] = [
  { _id: EXAMPLE.variantId, sku: 'CLASSIC-BLUE-M', options: ['Blue', 'M'], stock: 3, sold: 0, active: true },
  { _id: 8, sku: 'CLASSIC-RED-M', options: ['Red', 'M'], stock: 3, sold: 0, active: true },
];
/** The provider state of that product. */
export const colourProductState = [
  'a product priced {price} in colours {colours} and sizes {sizes} with {stock} of each exists',
  { price: 19.99, colours: 'Blue,Red', sizes: 'M', stock: 3 },
] as const;

/**
 * A product's `options` and `variants` as the API answers them: these names and values in this order (the server
 * keeps the admin's order), ids and counts by type; a variant per combination, its values in the options' order.
 */
export function optionsJson(options: ProductOption[]) {
  return options.map((option) => ({
    _id: MatchersV3.integer(option._id),
    name: option.name,
    values: option.values.map((v) => ({
      _id: MatchersV3.integer(v._id),
      value: v.value,
      ...(v.swatch ? { swatch: regex('^#[0-9a-f]{6}$', v.swatch) } : {}),
    })),
  }));
}
export function variantsJson(variants: ProductVariant[], first?: unknown) {
  return variants.map((variant, index) => ({
    _id: index === 0 && first !== undefined ? first : MatchersV3.integer(variant._id),
    sku: MatchersV3.string(variant.sku),
    options: variant.options,
    stock: MatchersV3.integer(variant.stock),
    sold: MatchersV3.integer(variant.sold),
    // A variant's own weight only when it has one (as its own prices).
    ...(variant.weight !== undefined ? { weight: MatchersV3.integer(variant.weight) } : {}),
    active: MatchersV3.boolean(variant.active),
  }));
}

/**
 * A `multipart/form-data` request as the product routes take it: the given text fields and, optionally, the photo.
 * The client's FormData picks its own boundary, so the header is matched by pattern; each part is matched by
 * name (Pact ignores their order), text fields by the rules above and the photo by its detected content type.
 * The body is written with a fixed boundary so the pact file is the same on every run.
 */
export function multipartRequest(fields: Record<string, string>, options: { photo?: boolean } = {}) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (options.photo) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${PRODUCT_PHOTO_FIELD}"; filename="${PHOTO.filename}"\r\n` +
          `Content-Type: ${PHOTO.contentType}\r\n\r\n`,
      ),
      PHOTO.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  // An empty field is sent as it is (that is the point of the interaction), so it is matched exactly.
  const rules: Rule[] = Object.entries(fields).map(([name, value]) => ({
    path: `$.${name}`,
    rules: [value === '' ? { 'pact:matcher:type': 'equality' } : (FIELD_RULES[name] ?? MatchersV3.string())],
  }));
  if (options.photo)
    rules.push({ path: `$.${PRODUCT_PHOTO_FIELD}`, rules: [{ 'pact:matcher:type': 'contentType', value: PHOTO.contentType }] });

  return (request: V4RequestBuilder): void => {
    request
      .headers({ ...bearer(), 'Content-Type': regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
      .body(contentType, Buffer.concat(parts))
      .matchingRules({ body: rules });
  };
}

// Orders, for the buyer's history and the admin screen.
/** Any order status, as a regex matcher's pattern. */
export const ANY_STATUS = `^(${ORDER_STATUSES.join('|')})$`;

/** One line of an order: one Classic Tee, with any extra fields given (a size, a refund) exactly as given. */
export function orderLineJson(extra: Record<string, unknown> = {}) {
  return {
    product: anId(EXAMPLE.productId),
    name: string('Classic Tee'),
    price: MatchersV3.number(19.99),
    count: MatchersV3.integer(1),
    ...extra,
  };
}

/** An order as the API answers it, with the given id and status matchers. */
export function orderJson(ids: { _id: unknown; status: unknown }) {
  return {
    _id: ids._id,
    number: MatchersV3.integer(1),
    user: { _id: anId(EXAMPLE.userId), name: string('Sam Shopper') },
    products: MatchersV3.eachLike(orderLineJson()),
    amount: MatchersV3.number(19.99),
    transactionId: string('k3j9x2p1'),
    status: ids.status,
    createdAt: anInstant(),
  };
}

/** The order {@link orderJson} describes, as the web code reads it. */
export const exampleOrder = (status: Order['status']): Order => ({
  _id: EXAMPLE.orderId,
  number: 1,
  user: { _id: EXAMPLE.userId, name: 'Sam Shopper' },
  products: [{ product: EXAMPLE.productId, name: 'Classic Tee', price: 19.99, count: 1 }],
  amount: 19.99,
  transactionId: 'k3j9x2p1',
  status,
  createdAt: EXAMPLE.createdAt,
});

/**
 * The shipping address the examples send and expect. Answers match it field by field by type (the country by the
 * list), so the provider state "... paid for an order shipped to an address" may store any complete address.
 */
export const EXAMPLE_ADDRESS: Required<ShippingAddress> = {
  name: 'Sam Shopper',
  line1: '1 Main Street',
  line2: 'Apt 4',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
  phone: '+1 555 010 2030',
};

/** An address as the API answers it: text by type, the country one of the list. */
export function addressJson() {
  return {
    name: string(EXAMPLE_ADDRESS.name),
    line1: string(EXAMPLE_ADDRESS.line1),
    line2: string(EXAMPLE_ADDRESS.line2),
    city: string(EXAMPLE_ADDRESS.city),
    postalCode: string(EXAMPLE_ADDRESS.postalCode),
    country: regex(`^(${SHIPPING_COUNTRY_CODES.join('|')})$`, EXAMPLE_ADDRESS.country),
    phone: string(EXAMPLE_ADDRESS.phone),
  };
}

/** The paging headers of a list answer: the total, and (when a full page was served) the next page's cursor. */
export const pageHeaders = () => ({ 'X-Total-Count': regex('^\\d+$', '1') });

/** An `OrderReturn` of one line of the example Classic Tee in M, in `status` (docs/returns.md), by shape. */
export function returnJson(kind: 'return' | 'exchange', status: string, extra: Record<string, unknown> = {}) {
  return {
    _id: idFromState('returnId'),
    order: { _id: anId(EXAMPLE.orderId), number: MatchersV3.integer(1001) },
    user: { _id: anId(EXAMPLE.userId), name: MatchersV3.string('Sam Shopper') },
    kind,
    reason: 'too-small',
    note: MatchersV3.string(''),
    status,
    lines: [
      {
        product: anId(EXAMPLE.productId),
        name: MatchersV3.string('Classic Tee'),
        variant: MatchersV3.integer(EXAMPLE.variantId),
        options: 'M',
        size: 'M',
        quantity: 1,
        ...(kind === 'exchange' ? { exchangeVariant: MatchersV3.integer(EXAMPLE.exchangeVariantId), exchangeOptions: 'L' } : {}),
      },
    ],
    ...(kind === 'exchange' ? { holdUntil: anInstant() } : {}),
    createdAt: anInstant(),
    ...extra,
  };
}
