import { JwtService } from '@nestjs/jwt';
import { ApiRoute, type Category, IDEMPOTENCY_KEY_HEADER, type Product, Role, type Session } from '@store/contract';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { PasswordHasher } from '../src/modules/auth/password-hasher.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * Hostile input over every route: whatever arrives, the answer is below 500, a refusal is `{error, code}`
 * JSON with no stack or SQL in it, and the valid requests around them still succeed.
 */

/** Strings an attacker or a broken client sends in text fields. */
const HOSTILE_TEXT: Record<string, string> = {
  nul: 'ab\u0000cd',
  'only nul': '\u0000',
  escape: 'x\u001b[31mred',
  bell: 'ding\u0007',
  del: 'del\u007f',
  c1: 'c1\u0085x',
  'zero-width only': '\u200b\u200b\u200b',
  'bom and spaces': ' \ufeff \u2060 ',
  'lone surrogate': 'ab\ud800cd',
  sql: "' OR 1=1; DROP TABLE users; --",
  html: '<script>alert(1)</script>',
  'very long': 'x'.repeat(20_000),
  emoji: '😀'.repeat(40),
};

/** Values that are not the type a field wants. */
const WRONG_TYPES: Record<string, unknown> = {
  null: null,
  number: 1e308,
  boolean: true,
  array: ['a', 'b'],
  object: { nested: 'x' },
};

const STACK_OR_SQL = /at \w+ \(|node_modules|\.ts:\d+|SELECT |INSERT INTO|UPDATE \w+ SET|QueryFailedError|syntax error at|violates|<html/i;

interface Case {
  name: string;
  send: () => request.Test;
  /** Exact status a valid request must get; hostile ones must get 4xx. */
  expect?: number;
}

describe('hostile input (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;
  let category: Category;
  let product: Product;
  const cases: Case[] = [];
  const seen = { total: 0, fiveHundreds: 0 };

  const bearer = (session: Session) => `Bearer ${session.token}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, Role.Admin);
    customer = await signedInUser(t);
    const calls = productCalls(t, () => admin);
    category = await calls.category(`Hostile ${Date.now()}`);
    product = await calls.created(productForm(category, { price: '12.50', stock: '1000' }));
  });
  afterAll(async () => {
    console.log(`hostile-input: ${seen.total} requests, ${seen.fiveHundreds} answered >= 500`);
    await t?.close();
  });

  async function check(one: Case): Promise<request.Response> {
    const response = await one.send();
    seen.total += 1;
    if (response.status >= 500) seen.fiveHundreds += 1;
    expect(response.text).not.toMatch(STACK_OR_SQL);
    if (one.expect !== undefined) {
      expect({ status: response.status, body: response.body as unknown }).toEqual(expect.objectContaining({ status: one.expect }));
      return response;
    }
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) }));
    return response;
  }

  const post = (path: string, session?: Session) => {
    const call = request(t.http).post(path);
    return session ? call.set('Authorization', bearer(session)) : call;
  };
  const put = (path: string, session?: Session) => {
    const call = request(t.http).put(path);
    return session ? call.set('Authorization', bearer(session)) : call;
  };
  const get = (path: string, session?: Session) => {
    const call = request(t.http).get(path);
    return session ? call.set('Authorization', bearer(session)) : call;
  };

  // ----- JSON text fields: auth, categories --------------------------------------------------------------
  const validSignup = () => ({ name: 'Valid Name', email: `v${randomUUID()}@example.com`, password: 'long enough password' });
  for (const [label, value] of Object.entries({ ...HOSTILE_TEXT, ...WRONG_TYPES })) {
    if (label === 'emoji' || label === 'html' || label === 'sql') continue; // valid text for some fields; checked below
    for (const field of ['name', 'email', 'password'] as const) {
      cases.push({
        name: `signup ${field}: ${label}`,
        send: () => post(`/api${ApiRoute.signup}`).send({ ...validSignup(), [field]: value }),
      });
    }
    for (const field of ['email', 'password'] as const) {
      cases.push({
        name: `signin ${field}: ${label}`,
        send: () => post(`/api${ApiRoute.signin}`).send({ email: 'nobody@example.com', password: 'whatever1', [field]: value }),
      });
    }
    cases.push({
      name: `category create name: ${label}`,
      send: () => post(api(ApiRoute.categoryCreate, { userId: admin.user._id }), admin).send({ name: value }),
    });
    cases.push({
      name: `category rename name: ${label}`,
      send: () => put(api(ApiRoute.categoryUpdate, { categoryId: category._id, userId: admin.user._id }), admin).send({ name: value }),
    });
  }

  // ----- Body shapes: every JSON route ---------------------------------------------------------------------
  const jsonRoutes: Array<{ label: string; send: () => request.Test }> = [
    { label: 'signup', send: () => post(`/api${ApiRoute.signup}`) },
    { label: 'signin', send: () => post(`/api${ApiRoute.signin}`) },
    { label: 'category create', send: () => post(api(ApiRoute.categoryCreate, { userId: admin.user._id }), admin) },
    { label: 'order status', send: () => put(api(ApiRoute.orderStatus, { orderId: randomUUID(), userId: admin.user._id }), admin) },
    {
      label: 'payment',
      send: () => post(api(ApiRoute.payment, { userId: customer.user._id }), customer).set(IDEMPOTENCY_KEY_HEADER, randomUUID()),
    },
  ];
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const bodies: Record<string, { type: string; body: string }> = {
    'invalid JSON': { type: 'application/json', body: '{"name": ' },
    'JSON null': { type: 'application/json', body: 'null' },
    'JSON array': { type: 'application/json', body: '[1,2,3]' },
    'JSON number': { type: 'application/json', body: '42' },
    'nested 11 deep': { type: 'application/json', body: `{"name": ${deep(11)}}` },
    'nested 96 KB deep': { type: 'application/json', body: `{"a":${'{"a":'.repeat(19_000)}1${'}'.repeat(19_000)}}` },
    __proto__: { type: 'application/json', body: '{"__proto__": {"role": 1}, "name": "Proto Name"}' },
    'escaped __proto__': { type: 'application/json', body: '{"\\u005f_proto__": {"role": 1}}' },
    constructor: { type: 'application/json', body: '{"constructor": {"prototype": {"admin": true}}}' },
    'nested prototype': { type: 'application/json', body: '{"paymentInfo": {"prototype": 1}}' },
    'over 100 KB': { type: 'application/json', body: JSON.stringify({ name: 'x'.repeat(110 * 1024) }) },
    urlencoded: { type: 'application/x-www-form-urlencoded', body: 'name=abc&email=a%40b.co&password=12345678' },
    'text/plain': { type: 'text/plain', body: '{"name":"abc"}' },
    xml: { type: 'application/xml', body: '<name>abc</name>' },
    'bad charset': { type: 'application/json; charset=utf-7', body: '{"name":"abc"}' },
  };
  for (const route of jsonRoutes) {
    for (const [label, { type, body }] of Object.entries(bodies)) {
      cases.push({ name: `${route.label} body: ${label}`, send: () => route.send().set('Content-Type', type).send(body) });
    }
  }

  // ----- Path parameters ---------------------------------------------------------------------------------
  const badIds: Record<string, string> = {
    'encoded NUL': '%00',
    'id with NUL': `${'0'.repeat(8)}-0000-0000-0000-00000000000%00`,
    'not a uuid': 'not-a-uuid',
    'sql in id': "1'%20OR%20'1'='1",
    'very long id': 'a'.repeat(3000),
    'escape char': '%1B%5B31m',
    'bad percent': '%E0%A4%A',
  };
  for (const [label, id] of Object.entries(badIds)) {
    cases.push({ name: `user path: ${label}`, send: () => get(`/api/user/${id}`, customer) });
    cases.push({ name: `category path: ${label}`, send: () => get(`/api/category/${id}`) });
    cases.push({ name: `product path: ${label}`, send: () => get(`/api/product/${id}`) });
    cases.push({ name: `photo path: ${label}`, send: () => get(`/api/product/photo/${id}`) });
    cases.push({ name: `orders path: ${label}`, send: () => get(`/api/orders/user/${id}`, customer) });
    cases.push({
      name: `order status path: ${label}`,
      send: () => put(`/api/order/${id}/status/${admin.user._id}`, admin).send({ status: 'Shipped' }),
    });
    cases.push({ name: `payment token path: ${label}`, send: () => get(`/api/payment/gettoken/${id}`, customer) });
    cases.push({
      name: `category delete path: ${label}`,
      send: () => request(t.http).delete(`/api/category/${id}/${admin.user._id}`).set('Authorization', bearer(admin)),
    });
  }

  // ----- Query strings -----------------------------------------------------------------------------------
  const badQueryValues: Record<string, string> = {
    NUL: '%00',
    'NUL inside': 'abc%00def',
    escape: '%1B',
    'bad percent': '%E0%A4%A',
    array: 'a&{key}=b',
    huge: '9'.repeat(400),
    negative: '-1',
  };
  for (const key of ['limit', 'offset', 'sortBy', 'order', 'category', 'q']) {
    for (const [label, value] of Object.entries(badQueryValues)) {
      cases.push({ name: `products ?${key}=${label}`, send: () => get(`/api${ApiRoute.products}?${key}=${value.replace('{key}', key)}`) });
    }
  }
  for (const [label, value] of Object.entries(badQueryValues)) {
    // Routes without query parameters ignore unknown ones; only unreadable values are refused there.
    if (!['NUL', 'NUL inside', 'escape', 'bad percent'].includes(label)) continue;
    cases.push({
      name: `photo ?v=${label}`,
      send: () => get(`${api(ApiRoute.productPhoto, { productId: product._id })}?v=${value.replace('{key}', 'v')}`),
    });
    cases.push({ name: `categories ?x=${label}`, send: () => get(`/api${ApiRoute.categories}?x=${value.replace('{key}', 'x')}`) });
    cases.push({ name: `health ?x=${label}`, send: () => get(`/api${ApiRoute.health}?x=${value.replace('{key}', 'x')}`) });
  }

  // ----- Forged cursors and out-of-range values: each a 400 naming the parameter, before any SQL ------------
  // A cursor is opaque but only base64url JSON, so anyone can write one holding values its column cannot take.
  const forged = (...key: unknown[]) => Buffer.from(JSON.stringify([randomUUID(), ...key])).toString('base64url');
  const productList = (query: string) => () => get(`/api${ApiRoute.products}?${query}`);
  const adminOrders = (query: string) => () => get(`${api(ApiRoute.ordersAll, { userId: admin.user._id })}?${query}`, admin);
  const myOrders = (query: string) => () => get(`${api(ApiRoute.ordersOfUser, { userId: customer.user._id })}?${query}`, customer);
  const auditTrail = (query: string) => () => get(`${api(ApiRoute.audit, { userId: admin.user._id })}?${query}`, admin);
  const outOfRange: Array<{ name: string; field: string; send: () => request.Test }> = [];
  const productTimes: Record<string, string> = {
    'month 13': '2026-13-45 00:00:00.000000+00',
    'year 0': '0000-01-01 00:00:00.000000+00',
    'February 30': '2026-02-30 00:00:00.000000+00',
    'hour 25': '2026-01-01 25:61:61.000000+00',
  };
  const bigNumbers: Record<string, number | string> = {
    '2147483648': 2147483648,
    '1e300': 1e300,
    '2^60': 2 ** 60,
    '-2147483649': -2147483649,
    'a number as text': '12',
  };
  for (const [label, value] of Object.entries(bigNumbers)) {
    for (const sortBy of ['price', 'sold']) {
      outOfRange.push({
        name: `products sortBy=${sortBy} cursor ${label}`,
        field: 'after',
        send: productList(`sortBy=${sortBy}&after=${forged(value)}`),
      });
    }
  }
  for (const [label, value] of Object.entries(productTimes)) {
    outOfRange.push({ name: `products createdAt cursor ${label}`, field: 'after', send: productList(`after=${forged(value)}`) });
  }
  for (const [label, value] of Object.entries({ NUL: 'a\u0000b', 'lone surrogate': 'a\ud800b', number: 5 })) {
    outOfRange.push({ name: `products name cursor ${label}`, field: 'after', send: productList(`sortBy=name&after=${forged(value)}`) });
  }
  const orderTimes: Record<string, string> = {
    'month 13': '2026-13-45T00:00:00.000000',
    'year 0': '0000-01-01T00:00:00.000000',
    'February 30': '2026-02-30T00:00:00.000000',
    'hour 25': '2026-01-01T25:00:00.000000',
  };
  const badDates: Record<string, string> = {
    'month 13': '2026-13-45',
    'year 0': '0000-01-01',
    'February 30': '2026-02-30',
    '1e300': '1e300',
    '2147483648': '2147483648',
    'five-digit year': '20260-01-01',
  };
  for (const [list, route] of [
    ['admin orders', adminOrders],
    ['my orders', myOrders],
  ] as const) {
    for (const [label, value] of Object.entries(orderTimes)) {
      outOfRange.push({ name: `${list} cursor ${label}`, field: 'after', send: route(`after=${forged(value)}`) });
    }
    for (const [label, value] of Object.entries(bigNumbers)) {
      outOfRange.push({ name: `${list} cursor ${label}`, field: 'after', send: route(`after=${forged(value)}`) });
    }
    for (const limit of ['2147483648', '1e300', '1152921504606846976']) {
      outOfRange.push({ name: `${list} limit=${limit}`, field: 'limit', send: route(`limit=${limit}`) });
    }
  }
  for (const [label, value] of Object.entries(badDates)) {
    for (const key of ['from', 'to']) {
      outOfRange.push({ name: `admin orders ${key}=${label}`, field: key, send: adminOrders(`${key}=${value}`) });
    }
  }
  const auditTimes: Record<string, unknown> = {
    'month 13': '2026-13-45T00:00:00.000000Z',
    'year 0': '0000-01-01T00:00:00.000000Z',
    'a bare number': '1',
    'a JavaScript date string': 'Tue Nov 24 2026',
    'year 275760': '+275760-09-13T00:00:00.000Z',
    '1e300': 1e300,
  };
  for (const [label, value] of Object.entries(auditTimes)) {
    outOfRange.push({ name: `audit cursor ${label}`, field: 'after', send: auditTrail(`after=${forged(value)}`) });
  }
  for (const limit of ['2147483648', '1e300']) {
    outOfRange.push({ name: `audit limit=${limit}`, field: 'limit', send: auditTrail(`limit=${limit}`) });
    outOfRange.push({ name: `products limit=${limit}`, field: 'limit', send: productList(`limit=${limit}`) });
  }
  outOfRange.push({ name: 'products offset=2147483648000', field: 'offset', send: productList('offset=2147483648000') });
  // A page of 500 products cost tens of milliseconds of the event loop uncached: the page size stops at 100.
  for (const limit of ['101', '500']) {
    outOfRange.push({ name: `products limit=${limit}`, field: 'limit', send: productList(`limit=${limit}`) });
  }

  // ----- Product forms (multipart) -----------------------------------------------------------------------
  for (const [label, value] of Object.entries(HOSTILE_TEXT)) {
    // A lone surrogate cannot travel in a multipart form: the client's UTF-8 encoding makes it U+FFFD.
    if (label === 'emoji' || label === 'html' || label === 'sql' || label === 'lone surrogate') continue;
    for (const field of ['name', 'description', 'price', 'stock', 'category']) {
      cases.push({
        name: `product create ${field}: ${label}`,
        send: () => {
          const call = post(api(ApiRoute.productCreate, { userId: admin.user._id }), admin);
          for (const [k, v] of Object.entries(productForm(category, { [field]: value }))) call.field(k, String(v));
          return call;
        },
      });
    }
  }

  // ----- Payments ----------------------------------------------------------------------------------------
  const paymentBodies: Record<string, unknown> = {
    'nonce with NUL': () => ({ paymentMethodNonce: 'fake\u0000nonce', amount: 12.5, products: [{ _id: product._id, count: 1 }] }),
    'nonce escape': () => ({ paymentMethodNonce: '\u001b[2J', amount: 12.5, products: [{ _id: product._id, count: 1 }] }),
    'product id NUL': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: 'ab\u0000', count: 1 }] }),
    'product id upper-case garbage': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: 'ZZZ', count: 1 }] }),
    'count huge': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: product._id, count: 1e20 }] }),
    'count negative': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: -12.5, products: [{ _id: product._id, count: -1 }] }),
    'amount string': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 'NaN', products: [{ _id: product._id, count: 1 }] }),
    'amount Infinity-ish': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 1e308, products: [{ _id: product._id, count: 1 }] }),
    'products not array': () => ({ paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: { 0: product._id } }),
    'products 5000': () => ({
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 12.5,
      products: Array.from({ length: 5000 }, () => ({ _id: product._id, count: 1 })),
    }),
    'paymentInfo string': () => 'x',
  };
  for (const [label, make] of Object.entries(paymentBodies)) {
    cases.push({
      name: `payment: ${label}`,
      send: () =>
        post(api(ApiRoute.payment, { userId: customer.user._id }), customer)
          .set(IDEMPOTENCY_KEY_HEADER, randomUUID())
          .send({ paymentInfo: (make as () => unknown)() }),
    });
  }
  for (const [label, key] of Object.entries({ 'key with space': 'a b', 'key too long': 'k'.repeat(500), 'key with latin-1': 'clé-1' })) {
    cases.push({
      name: `payment idempotency ${label}`,
      send: () =>
        post(api(ApiRoute.payment, { userId: customer.user._id }), customer)
          .set(IDEMPOTENCY_KEY_HEADER, key)
          .send({ paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: product._id, count: 1 }] } }),
    });
  }

  // ----- Tokens ------------------------------------------------------------------------------------------
  const tokens: Record<string, () => string> = {
    garbage: () => 'Bearer abc.def.ghi',
    'alg none': () =>
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: customer.user._id, jti: 'x', role: 1 })).toString('base64url')}.`,
    'no exp (validly signed)': () =>
      `Bearer ${t.app.get(JwtService).sign({ sub: customer.user._id, role: customer.user.role, jti: randomUUID() })}`,
    'empty bearer': () => 'Bearer ',
    'basic auth': () => 'Basic YWRtaW46YWRtaW4=',
  };
  for (const [label, header] of Object.entries(tokens)) {
    cases.push({
      name: `token ${label}: profile`,
      send: () =>
        request(t.http)
          .get(api(ApiRoute.user, { userId: customer.user._id }))
          .set('Authorization', header()),
    });
    cases.push({
      name: `token ${label}: orders`,
      send: () =>
        request(t.http)
          .get(api(ApiRoute.ordersOfUser, { userId: customer.user._id }))
          .set('Authorization', header()),
    });
  }

  // ----- Valid requests around them still succeed --------------------------------------------------------
  const valid: Case[] = [
    { name: 'valid signup', expect: 201, send: () => post(`/api${ApiRoute.signup}`).send(validSignup()) },
    {
      name: 'valid signup with emoji/html-looking/sql-looking name',
      expect: 201,
      send: () => post(`/api${ApiRoute.signup}`).send({ ...validSignup(), name: "O'Brien <b>😀</b>" }),
    },
    {
      name: 'valid signin',
      expect: 200,
      send: () => post(`/api${ApiRoute.signin}`).send({ email: customer.user.email, password: 'correct horse battery' }),
    },
    {
      name: 'valid category create',
      expect: 201,
      send: () => post(api(ApiRoute.categoryCreate, { userId: admin.user._id }), admin).send({ name: `Fine ${Date.now()}` }),
    },
    { name: 'categories list', expect: 200, send: () => get(`/api${ApiRoute.categories}`) },
    {
      name: 'products list with all valid parameters',
      expect: 200,
      send: () => get(`/api${ApiRoute.products}?limit=5&offset=0&sortBy=price&order=asc&category=${category._id}`),
    },
    { name: 'product', expect: 200, send: () => get(api(ApiRoute.product, { productId: product._id })) },
    {
      name: 'own profile with the id in upper case',
      expect: 200,
      send: () => get(api(ApiRoute.user, { userId: customer.user._id.toUpperCase() }), customer),
    },
    {
      name: 'own orders with the id in upper case',
      expect: 200,
      send: () => get(api(ApiRoute.ordersOfUser, { userId: customer.user._id.toUpperCase() }), customer),
    },
    {
      name: 'product description with newlines',
      expect: 201,
      send: () => {
        const call = post(api(ApiRoute.productCreate, { userId: admin.user._id }), admin);
        for (const [k, v] of Object.entries(productForm(category, { description: 'Line one\nLine two\r\n\tindented' })))
          call.field(k, String(v));
        return call;
      },
    },
    { name: 'payment token', expect: 200, send: () => get(api(ApiRoute.paymentToken, { userId: customer.user._id }), customer) },
    {
      name: 'valid payment',
      expect: 200,
      send: () =>
        post(api(ApiRoute.payment, { userId: customer.user._id }), customer)
          .set(IDEMPOTENCY_KEY_HEADER, randomUUID())
          .send({ paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 12.5, products: [{ _id: product._id, count: 1 }] } }),
    },
    { name: 'products list of 100, the largest page', expect: 200, send: () => get(`/api${ApiRoute.products}?limit=100`) },
    {
      name: 'admin orders between valid dates',
      expect: 200,
      send: () => get(`${api(ApiRoute.ordersAll, { userId: admin.user._id })}?from=2026-02-28&to=2026-12-31`, admin),
    },
    { name: 'health', expect: 200, send: () => get(`/api${ApiRoute.health}`) },
    { name: 'health live', expect: 200, send: () => get(`/api${ApiRoute.health}/live`) },
  ];

  describe.each([
    ['hostile', cases],
    ['valid', valid],
  ])('%s', (_kind, list) => {
    for (const one of list) {
      it(one.name, async () => void (await check(one)));
    }
  });

  describe('out of range', () => {
    for (const one of outOfRange) {
      it(`${one.name}: 400 naming ${one.field}`, async () => {
        const response = await check(one);
        expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
        expect((response.body as { details?: { field: string }[] }).details).toEqual(
          expect.arrayContaining([expect.objectContaining({ field: one.field })]),
        );
      });
    }
  });

  describe('names that change the text direction, and common passwords', () => {
    const BIDI_MESSAGE = 'Name must not contain characters that change the text direction';
    // An override that makes "txt.exe" look like "exe.txt", an isolate, the marks and Arabic's letter mark.
    const BIDI: Record<string, string> = {
      'right-to-left override': 'Invoice \u202eexe.txt',
      'left-to-right embedding': 'Shop \u202aAdmin',
      'pop directional formatting': 'Shop\u202c Admin',
      'right-to-left isolate': 'Shop \u2067Admin\u2069',
      'first strong isolate': 'Shop \u2068Admin',
      'left-to-right mark': 'Shop\u200e Admin',
      'right-to-left mark': 'Shop\u200f Admin',
      'arabic letter mark': 'Shop\u061c Admin',
    };

    it.each(Object.entries(BIDI))('refuses a user name with a %s (400), creating nobody', async (_, name) => {
      const body = validSignup();
      const response = await post(`/api${ApiRoute.signup}`)
        .send({ ...body, name })
        .expect(400);
      expect(response.body).toEqual({
        error: BIDI_MESSAGE,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'name', message: BIDI_MESSAGE }],
      });
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [body.email]);
      expect(count).toBe(0);
    });

    it.each(Object.entries(BIDI))('refuses a category name with a %s (400)', async (_, name) => {
      const created = await post(api(ApiRoute.categoryCreate, { userId: admin.user._id }), admin)
        .send({ name })
        .expect(400);
      expect(created.body.error).toBe(BIDI_MESSAGE);
      const renamed = await put(api(ApiRoute.categoryUpdate, { categoryId: category._id, userId: admin.user._id }), admin)
        .send({ name })
        .expect(400);
      expect(renamed.body.error).toBe(BIDI_MESSAGE);
    });

    it('refuses a product name with a right-to-left override (400)', async () => {
      const calls = productCalls(t, () => admin);
      const response = await calls.create(productForm(category, { name: 'Tee \u202eeulb' })).expect(400);
      expect(response.body).toEqual(expect.objectContaining({ error: BIDI_MESSAGE, code: 'VALIDATION_FAILED' }));
    });

    it('still takes right-to-left letters themselves (Hebrew, Arabic)', async () => {
      await post(`/api${ApiRoute.signup}`)
        .send({ ...validSignup(), name: 'שלום עולם' })
        .expect(201);
      await post(`/api${ApiRoute.signup}`)
        .send({ ...validSignup(), name: 'مرحبا' })
        .expect(201);
    });

    /** A sign-up with `name` is refused with `message` under the name field, and no account is made. */
    async function expectNameRefused(name: string, message: string): Promise<void> {
      const body = validSignup();
      const response = await post(`/api${ApiRoute.signup}`)
        .send({ ...body, name })
        .expect(400);
      expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ field: 'name', message }] });
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [body.email]);
      expect(count).toBe(0);
    }

    it('refuses a name mixing look-alike letters of two scripts (a Cyrillic "А" in "Admin"), and still takes one script', async () => {
      const message = 'Name must not mix letters of different alphabets (such as Latin and Cyrillic): such names can imitate another';
      for (const name of ['\u0410dmin', 'Store \u0410dmin', 'R\u03bfbert']) {
        await expectNameRefused(name, message);
      }
      for (const name of ['\u0410\u043b\u0435\u043a\u0441\u0435\u0439', 'Zoë Ångström', 'Tanaka 田中さん']) {
        await post(`/api${ApiRoute.signup}`)
          .send({ ...validSignup(), name })
          .expect(201);
      }
    });

    it('refuses a name wholly in look-alike letters that imitates one of the staff or an official word, at sign-up and rename', async () => {
      const message = 'Name must not imitate the name of one of the shop’s people, or an official-looking word, with look-alike letters';
      const passwordHash = await t.app.get(PasswordHasher).hash('long enough password');
      await t.app
        .get(UsersService)
        .create({ name: 'Pope Keeper', email: `pope-${randomUUID()}@example.com`, passwordHash, staffRole: 'staff' });
      // All Cyrillic (one script: the mixed-script rule lets these through), and Latin "rn" for "m".
      for (const name of ['\u0420\u043e\u0440\u0435 \u041a\u0435\u0435\u0440\u0435\u0433', '\u0455\u04bb\u043e\u0440', 'Adrnin']) {
        await expectNameRefused(name, message);
      }
      // The same spelling is another person of the same name; a real Russian name is a name.
      await post(`/api${ApiRoute.signup}`)
        .send({ ...validSignup(), name: 'Pope Keeper' })
        .expect(201);
      const shopper = await signedInUser(t);
      const rename = (name: string) => put(api(ApiRoute.account, { userId: shopper.user._id }), shopper).send({ name });
      expect((await rename('\u0420\u043e\u0440\u0435 \u041a\u0435\u0435\u0440\u0435\u0433').expect(400)).body.details).toEqual([
        { field: 'name', message },
      ]);
      await rename('\u0412\u0435\u0440\u0430 \u041f\u0435\u0442\u0440\u043e\u0432\u0430').expect(200);
    });

    it.each(['password', '12345678', 'PassWord1', 'iloveyou', 'qwertyuiop'])(
      'refuses the common password %j at sign-up (400 naming the field), creating nobody',
      async (password) => {
        const body = validSignup();
        const response = await post(`/api${ApiRoute.signup}`)
          .send({ ...body, password })
          .expect(400);
        const message = 'Password is one of the most common passwords; choose one that is harder to guess';
        expect(response.body).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ field: 'password', message }] });
        const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [body.email]);
        expect(count).toBe(0);
      },
    );
  });

  it('ran at least 150 hostile requests', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
  });
});
