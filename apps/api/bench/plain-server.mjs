// The benchmark's references: the product list and the photo route on bare node:http, no framework, answering
// the same requests with the same status, headers and bytes as the API. A list item carries what the API's does:
// the product, its options and values (swatches), every variant (SKU, values, stock, own prices, active) and the
// `sizes` derived from them, so a list of products with 10 variants each costs both sides the same essential work
// (reading the variants, building and serialising them). Two modes (PLAIN_MODE):
//   pg      every request queries Postgres (the same SQL as the API on a cache miss: the page, then its options
//           and its variants in a statement each);
//   memory  everything is read once at start and answered from memory (what the API's caches do on a hit, the
//           variants included): the ceiling a Node process can reach for these bytes.
// Run by bench.mjs as its own process: PORT, DATABASE_URL and PLAIN_MODE from the environment.
import http from 'node:http';
import pg from 'pg';

const MODE = process.env.PLAIN_MODE === 'memory' ? 'memory' : 'pg';
// The API's security headers (bench.mjs reads them from the API), sent on every answer as the API sends them.
const SECURITY = JSON.parse(process.env.SECURITY_HEADERS ?? '{}');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The default listing (createdAt asc), as the API runs it: by the real column, the id breaking ties; the total
// counted apart (the API caches it; counted per request here, it would be the plain server's handicap).
const LIST_SQL = `SELECT id, name, description, price_cents, compare_at_cents, stock, sold, category_id,
  ${iso('created_at')} AS created_iso, ${iso('updated_at')} AS updated_iso, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS sort_key
  FROM products ORDER BY created_at ASC, id ASC LIMIT $1 OFFSET $2`;
// A page's options (each with its values in order) and variants, by the page's product ids: the API's two statements.
const OPTIONS_SQL = `SELECT o.id, o.product_id, o.name,
    coalesce(json_agg(json_build_object('_id', v.id, 'value', v.value, 'swatch', v.swatch_hex) ORDER BY v.position)
      FILTER (WHERE v.id IS NOT NULL), '[]') AS values
  FROM product_options o LEFT JOIN product_option_values v ON v.option_id = o.id
  WHERE o.product_id = ANY($1::uuid[]) GROUP BY o.id ORDER BY o.product_id, o.position`;
const VARIANTS_SQL = `SELECT id, product_id, sku, stock, sold, price_cents, compare_at_cents, active, option1_value_id, option2_value_id,
  option3_value_id FROM product_variants WHERE product_id = ANY($1::uuid[]) ORDER BY product_id, position, id`;
let total;

const photoSql = (etag, data) =>
  `SELECT ${etag} AS etag, content_type, CASE WHEN $2 OR ${etag} = ANY($3::text[]) THEN NULL ELSE ${data} END AS bytes
   FROM product_photos WHERE product_id = $1`;
const PHOTO_SQL = { original: photoSql('etag', 'data'), card: photoSql('card_etag', 'card_data') };

const PHOTO_PATH = /^\/api\/product\/photo\/([0-9a-f-]{36})$/;

/** The store's sizes, in its size order; `sizes` is derived only for a product whose one option is Size. */
const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
function sizesOf(options, variants) {
  const sizeOnly =
    options.length === 1 && options[0].name.toLowerCase() === 'size' && options[0].values.every((v) => SIZE_ORDER.includes(v.value));
  if (!sizeOnly) return [];
  const sizes = [];
  for (const size of SIZE_ORDER) {
    const variant = variants.find((v) => v.active && v.options[0] === size);
    if (variant) sizes.push({ size, stock: variant.stock });
  }
  return sizes;
}

/** The options and variants of each product id, from the two statements' rows, in the API's wire shape. */
function variantsOf(ids, optionRows, variantRows) {
  const result = new Map(ids.map((id) => [id, { options: [], variants: [] }]));
  const valueNames = new Map();
  for (const option of optionRows) {
    for (const value of option.values) valueNames.set(value._id, value.value);
    result.get(option.product_id)?.options.push({
      _id: option.id,
      name: option.name,
      values: option.values.map((v) => (v.swatch ? { _id: v._id, value: v.value, swatch: v.swatch } : { _id: v._id, value: v.value })),
    });
  }
  for (const row of variantRows) {
    result.get(row.product_id)?.variants.push({
      _id: row.id,
      sku: row.sku,
      options: [row.option1_value_id, row.option2_value_id, row.option3_value_id]
        .filter((id) => id !== null)
        .map((id) => valueNames.get(id) ?? ''),
      stock: row.stock,
      sold: row.sold,
      ...(row.price_cents !== null ? { price: row.price_cents / 100 } : {}),
      ...(row.compare_at_cents !== null ? { compareAtPrice: row.compare_at_cents / 100 } : {}),
      active: row.active,
    });
  }
  return result;
}

/** The page's options and variants read as the API reads them on a miss. */
async function readVariants(rows) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map();
  const [options, variants] = await Promise.all([pool.query(OPTIONS_SQL, [ids]), pool.query(VARIANTS_SQL, [ids])]);
  return variantsOf(ids, options.rows, variants.rows);
}

const toProduct = (row, { options, variants } = { options: [], variants: [] }) => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  price: row.price_cents / 100,
  stock: row.stock,
  sold: row.sold,
  category: row.category_id,
  createdAt: row.created_iso,
  updatedAt: row.updated_iso,
  sizes: sizesOf(options, variants),
  ...(row.compare_at_cents !== null ? { compareAtPrice: row.compare_at_cents / 100 } : {}),
  options,
  variants,
});

/** The list's bytes and headers for one page of rows (the next cursor as the API encodes it: base64url of [id, key]). */
function listAnswer(rows, limit, variants) {
  const body = Buffer.from(JSON.stringify(rows.map((row) => toProduct(row, variants.get(row.id)))));
  const headers = { ...SECURITY, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length, 'X-Total-Count': total };
  const last = rows.at(-1);
  if (last && rows.length === limit) headers['X-Next-Cursor'] = Buffer.from(JSON.stringify([last.id, last.sort_key])).toString('base64url');
  return { body, headers };
}

const memory = { rows: [], variants: new Map(), pages: new Map(), photos: new Map() };

async function loadMemory() {
  memory.rows = (await pool.query(LIST_SQL, [1_000_000_000, 0])).rows;
  // Every product's options and variants, once (the API's list cache holds them with the page).
  memory.variants = await readVariants(memory.rows);
  const { rows } = await pool.query('SELECT product_id, content_type, data, etag, card_data, card_etag FROM product_photos');
  for (const row of rows) {
    memory.photos.set(`${row.product_id}:original`, { etag: row.etag, contentType: row.content_type, bytes: row.data });
    memory.photos.set(`${row.product_id}:card`, { etag: row.card_etag, contentType: 'image/webp', bytes: row.card_data });
  }
}

async function list(url, response) {
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  let answer;
  if (MODE === 'memory') {
    const key = `${limit}:${offset}`;
    answer = memory.pages.get(key);
    if (!answer) memory.pages.set(key, (answer = listAnswer(memory.rows.slice(offset, offset + limit), limit, memory.variants)));
  } else {
    const { rows } = await pool.query(LIST_SQL, [limit, offset]);
    answer = listAnswer(rows, limit, await readVariants(rows));
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}

function ifNoneMatch(request) {
  return (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean);
}

async function photo(productId, url, request, response) {
  const variant = url.searchParams.get('size') === 'card' ? 'card' : 'original';
  const tags = ifNoneMatch(request);
  let found;
  if (MODE === 'memory') {
    const stored = memory.photos.get(`${productId}:${variant}`);
    found = stored && { ...stored, bytes: tags.includes('*') || tags.includes(stored.etag) ? null : stored.bytes };
  } else {
    const [row] = (await pool.query(PHOTO_SQL[variant], [productId, tags.includes('*'), tags])).rows;
    found = row && { etag: row.etag, contentType: variant === 'card' ? 'image/webp' : row.content_type, bytes: row.bytes };
  }
  if (!found) {
    response.writeHead(404, { ...SECURITY, 'Content-Type': 'application/json; charset=utf-8' });
    response.end('{"error":"This product has no photo","code":"NOT_FOUND"}');
    return;
  }
  if (!found.bytes) {
    response.writeHead(304, { ...SECURITY, ETag: found.etag, 'Cache-Control': 'public, no-cache' });
    response.end();
    return;
  }
  response.writeHead(200, {
    ...SECURITY,
    ETag: found.etag,
    'Cache-Control': 'public, no-cache',
    'Content-Type': found.contentType,
    'Content-Length': found.bytes.length,
  });
  response.end(found.bytes);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  const photoId = PHOTO_PATH.exec(url.pathname)?.[1];
  const answer =
    url.pathname === '/api/products'
      ? list(url, response)
      : photoId
        ? photo(photoId, url, request, response)
        : Promise.resolve(notFound(response));
  answer.catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});

function notFound(response) {
  response.writeHead(404);
  response.end();
}

total = (await pool.query('SELECT count(*)::int AS total FROM products')).rows[0].total;
if (MODE === 'memory') await loadMemory();
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`plain server (${MODE}) listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
