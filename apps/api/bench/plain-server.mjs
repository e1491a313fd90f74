// The benchmark's reference: the product list and the photo route on bare node:http + pg, no framework.
// It answers the same requests with the same SQL, headers and bytes as the API, so the ratio of the API to it
// is what the framework stack (Express, Nest, guards, TypeORM's query runner, logging) costs per request.
// Run by bench.mjs as its own process: PORT and DATABASE_URL from the environment.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const LIST_SQL = `SELECT id, name, description, price_cents, stock, sold, category_id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
  (SELECT count(*)::int FROM products) AS total
  FROM products ORDER BY created_at ASC, id ASC LIMIT $1 OFFSET $2`;

const photoSql = (etag, data) =>
  `SELECT ${etag} AS etag, content_type, CASE WHEN $2 OR ${etag} = ANY($3::text[]) THEN NULL ELSE ${data} END AS bytes
   FROM product_photos WHERE product_id = $1`;
const PHOTO_SQL = { original: photoSql('etag', 'data'), card: photoSql('card_etag', 'card_data') };

const PHOTO_PATH = /^\/api\/product\/photo\/([0-9a-f-]{36})$/;

async function list(url, response) {
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const { rows } = await pool.query(LIST_SQL, [limit, offset]);
  const products = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    stock: row.stock,
    sold: row.sold,
    category: row.category_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  const body = JSON.stringify(products);
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Total-Count': rows.length > 0 ? rows[0].total : 0,
  });
  response.end(body);
}

async function photo(productId, url, request, response) {
  const variant = url.searchParams.get('size') === 'card' ? 'card' : 'original';
  const tags = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean);
  const { rows } = await pool.query(PHOTO_SQL[variant], [productId, tags.includes('*'), tags]);
  if (rows.length === 0) {
    response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end('{"error":"This product has no photo","code":"NOT_FOUND"}');
    return;
  }
  const [row] = rows;
  if (!row.bytes) {
    response.writeHead(304, { ETag: row.etag, 'Cache-Control': 'public, no-cache' });
    response.end();
    return;
  }
  response.writeHead(200, {
    ETag: row.etag,
    'Cache-Control': 'public, no-cache',
    'Content-Type': variant === 'card' ? 'image/webp' : row.content_type,
    'Content-Length': row.bytes.length,
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(row.bytes);
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

server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`plain server listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
