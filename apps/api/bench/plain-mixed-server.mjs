// The mixed benchmark's reference (mixed.mjs): the same six calls as the API on bare node:http, no framework, doing
// the same essential work. Reads run the API's own SQL (its built repositories' statements, over a plain pg pool)
// and its own wire mapping; the list is answered from memory (as the API's cache does on a hit); the quote runs the
// API's pure pricing function over the same reads (its products kept in memory once read, as the API's quote keeps
// them; the code read per request); the checkout runs the essential SQL of one (reserve the variants
// and the product rows and insert the order in one transaction, mark it paid and count `sold` in a second), against
// the same tables and triggers. Each call verifies the bearer token's signature, as the API does first. What it leaves
// out is what the benchmark measures: the framework, guards, validation pipes, idempotency keys, the audit trail,
// the outbox and ORM hydration.
// Run by mixed.mjs as its own process: PORT, DATABASE_URL and JWT_SECRET from the environment.
import 'reflect-metadata';
import { createSecretKey } from 'node:crypto';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { fromDist } from './support.mjs';

const { ProductsRepository } = await fromDist('modules/catalogue/products.repository.js');
const { ProductVariantsRepository } = await fromDist('modules/catalogue/product-variants.repository.js');
const { ProductPhotosRepository } = await fromDist('modules/photos/product-photos.repository.js');
const { galleryOf } = await fromDist('modules/catalogue/products.service.js');
const { parseProductListQuery } = await fromDist('modules/catalogue/dto/product-list-query.js');
const { OrdersRepository } = await fromDist('modules/orders/orders.repository.js');
const { listedOrdersJson } = await fromDist('modules/orders/order.mapper.js');
const { PricingRepository } = await fromDist('modules/pricing/pricing.repository.js');
const { StockRepository } = await fromDist('modules/inventory/stock.repository.js');
const { priceCart } = await fromDist('modules/pricing/pricing.js');
const { toQuote } = await fromDist('modules/pricing/pricing.service.js');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));
/** The repositories' one dependency, without the transaction context: every read straight on the pool. */
const db = {
  pool,
  rows: async (sql, values = []) => (await pool.query(sql, values)).rows,
  // A named (prepared) statement, as the API's Database sends its hot reads.
  preparedRows: async (name, sql, values = []) => (await pool.query({ name, text: sql, values })).rows,
};
const products = new ProductsRepository(undefined, db, new ProductVariantsRepository(db));
const galleryRows = (id) => ProductPhotosRepository.prototype.gallery.call({ db }, id);
const ordersRepository = new OrdersRepository(db);
const pricing = Object.assign(Object.create(PricingRepository.prototype), { db });
const stock = new StockRepository(db);
const JSON_TYPE = 'application/json; charset=utf-8';

/** The shop's rules, read again at most every 60 s (the API's PRICING_RULES_CACHE_SECONDS default). */
let rules;
let rulesUntil = 0;
function currentRules() {
  if (Date.now() >= rulesUntil) {
    rules = pricing.rules();
    rulesUntil = Date.now() + 60_000;
  }
  return rules;
}

/** List pages from memory, made once per query (what the API's cache holds after the first request). */
const listPages = new Map();
async function list(url) {
  const query = Object.fromEntries(url.searchParams);
  const params = parseProductListQuery(query);
  if (params.q !== undefined) {
    // A search: the page and its count, per request, in the API's one statement (as it runs them on a miss).
    const { page, counted } = await products.searchPage(params);
    return { body: JSON.stringify(page.products), headers: { 'X-Total-Count': String(counted) } };
  }
  const cacheKey = url.search;
  let answer = listPages.get(cacheKey);
  if (!answer) {
    const [page, total] = await Promise.all([products.page(params), products.count(params.categoryId)]);
    answer = { body: JSON.stringify(page.products), headers: { 'X-Total-Count': String(total) } };
    listPages.set(cacheKey, answer);
  }
  return answer;
}

async function product(id) {
  const [found, gallery] = await Promise.all([products.find(id), galleryRows(id)]);
  if (!found) return { status: 404, body: '{"error":"Product not found","code":"NOT_FOUND"}' };
  return { body: JSON.stringify({ ...found, photos: galleryOf(found, gallery) }) };
}

/**
 * The admin's first page of orders: the API's one statement (its keyset page, each order in the wire's shape as
 * JSON text, lines, price breakdown and parcels included, and the count in a column), joined by the API's own mapping.
 */
async function orders(limit) {
  const page = await ordersRepository.countedPage({}, limit, undefined);
  return { body: listedOrdersJson(page.orders), headers: { 'X-Total-Count': String(page.total) } };
}

/** The quote's products once read (nothing in the benchmark changes them: the API's copy would stay too). */
const quoteProducts = new Map();
async function productsOf(ids) {
  const missing = ids.filter((id) => !quoteProducts.has(id));
  if (missing.length > 0) for (const [id, product] of await stock.choices(missing)) quoteProducts.set(id, product);
  return quoteProducts;
}

/**
 * The quote: the products (with their variants, categories and weights) as the API reads them, from memory once
 * read; the code and the buyer's uses read per request as the API reads them; the rules from memory; the API's
 * pricing function.
 */
async function quote(customer, body) {
  const lines = body.products.map((line) => ({ productId: line._id.toLowerCase(), variantId: line.variant, count: line.count }));
  const [choices, code, shopRules] = await Promise.all([
    productsOf([...new Set(lines.map((line) => line.productId))]),
    body.discountCode === undefined ? undefined : pricing.quoteCode(body.discountCode, customer),
    currentRules(),
  ]);
  const items = lines.map((line) => {
    const product = choices.get(line.productId);
    const variant = product.variants.find((v) => v.id === line.variantId) ?? product.variants[0];
    return {
      ...line,
      variantId: variant.id,
      name: product.name,
      unitCents: variant.priceCents ?? product.priceCents,
      categoryId: product.categoryId,
      weightGrams: product.weightGrams,
    };
  });
  const result = priceCart({
    rules: shopRules,
    items,
    mode: 'quote',
    now: new Date(),
    destination: body.destination,
    codeText: body.discountCode,
    code,
  });
  if (!result.ok) return { status: 409, body: JSON.stringify(result.refusal) };
  return { body: JSON.stringify(toQuote(result.cart)) };
}

/**
 * The checkout's essential SQL: reserve each product row and its variant (in product id order) and insert the order
 * and its lines in one transaction; mark it paid and count `sold` in a second. The same rows, locks and triggers.
 */
async function checkout(userId, body) {
  const lines = [...body.paymentInfo.products].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : a.variant - b.variant));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const [user] = (await client.query('SELECT name FROM users WHERE id = $1', [userId])).rows;
    let amountCents = 0;
    const reserved = [];
    // Each line's product row, then its variant's, lines in product id order: the order the API takes them in and
    // the settlement below takes them again, so no two checkouts can wait on each other (a deadlock, a 500).
    for (const line of lines) {
      const row = (
        await client.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING name, price_cents', [
          line._id,
          line.count,
        ])
      ).rows[0];
      const variant = (
        await client.query(
          'UPDATE product_variants SET stock = stock - $3 WHERE id = $1 AND product_id = $2 AND active AND stock >= $3 RETURNING price_cents',
          [line.variant, line._id, line.count],
        )
      ).rows[0];
      if (!variant || !row) {
        await client.query('ROLLBACK');
        return { status: 409, body: '{"error":"Out of stock","code":"CONFLICT"}' };
      }
      const priceCents = variant.price_cents ?? row.price_cents;
      amountCents += priceCents * line.count;
      reserved.push({ ...line, name: row.name, priceCents });
    }
    const [order] = (
      await client.query(`INSERT INTO orders (user_id, user_name, status, amount_cents) VALUES ($1, $2, 'Pending', $3) RETURNING id`, [
        userId,
        user.name,
        amountCents,
      ])
    ).rows;
    await client.query(
      `INSERT INTO order_lines (order_id, product_id, variant_id, name, price_cents, count)
       SELECT $1, x.product_id, x.variant_id, x.name, x.price_cents, x.count
       FROM unnest($2::uuid[], $3::int[], $4::text[], $5::int[], $6::int[]) AS x (product_id, variant_id, name, price_cents, count)`,
      [
        order.id,
        reserved.map((line) => line._id),
        reserved.map((line) => line.variant),
        reserved.map((line) => line.name),
        reserved.map((line) => line.priceCents),
        reserved.map((line) => line.count),
      ],
    );
    await client.query('COMMIT');
    await client.query('BEGIN');
    await client.query(`UPDATE orders SET status = 'Received', transaction_id = $2, updated_at = now() WHERE id = $1`, [
      order.id,
      `plain-${order.id.slice(0, 8)}`,
    ]);
    for (const line of reserved) {
      await client.query('UPDATE products SET sold = sold + $2 WHERE id = $1', [line._id, line.count]);
      await client.query('UPDATE product_variants SET sold = sold + $3 WHERE id = $1 AND product_id = $2', [
        line.variant,
        line._id,
        line.count,
      ]);
    }
    await client.query('COMMIT');
    return { body: JSON.stringify({ orderId: order.id }) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function readJson(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()));
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

const PRODUCT_PATH = /^\/api\/product\/([0-9a-f-]{36})$/;
const QUOTE_PATH = /^\/api\/checkout\/quote\/([0-9a-f-]{36})$/;
const PAY_PATH = /^\/api\/payment\/braintree\/([0-9a-f-]{36})$/;
const ORDERS_PATH = /^\/api\/order\/all\/([0-9a-f-]{36})$/;

async function route(request, url) {
  if (url.pathname === '/api/products') return list(url);
  const productId = PRODUCT_PATH.exec(url.pathname)?.[1];
  if (productId) return product(productId);
  // Everything else is signed in: the token's signature and subject, as the API checks them first.
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const claims = token && jwt.verify(token, key, { algorithms: ['HS256'] });
  const userId = [QUOTE_PATH, PAY_PATH, ORDERS_PATH].map((pattern) => pattern.exec(url.pathname)?.[1]).find(Boolean);
  if (!claims || !userId || claims.sub !== userId) return { status: 401, body: '{"error":"Unauthorized","code":"UNAUTHORIZED"}' };
  if (QUOTE_PATH.test(url.pathname)) return quote(userId, await readJson(request));
  if (PAY_PATH.test(url.pathname)) return checkout(userId, await readJson(request));
  return orders(Number(url.searchParams.get('limit') ?? 50));
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  route(request, url)
    .then((answer) => {
      const body = Buffer.from(answer.body);
      response.writeHead(answer.status ?? 200, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length, ...answer.headers });
      response.end(body);
    })
    .catch((error) => {
      console.error(error);
      // What failed, for the benchmark's message about an answer other than 2xx.
      const body = JSON.stringify({ error: error instanceof Error ? error.message : String(error), code: error?.code });
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': JSON_TYPE });
      response.end(body);
    });
});

server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`plain mixed server listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
