// `node apps/api/bench/variants-migration.mjs` (after `npx nx run api:build`): the options-and-variants migrations
// on a shop of 20,000 products (70% sold in sizes) with 50,000 paid orders of 1-3 lines, as the migrations job runs
// them (one transaction each), while a reader keeps reading products and order lines on other connections.
//
// Prints how long each migration took, up and down, and the longest any single read waited meanwhile (what
// "without blocking reads for more than a moment" means). A benchmark, not a test: it fails only when something
// does not work, never on a figure.
// Environment (optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_PRODUCTS
// (default 20000), BENCH_ORDERS (default 50000).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { fromDist, positiveInteger, runBenchmark, scratchDatabaseOnServer, step } from './support.mjs';

const PRODUCTS = positiveInteger('BENCH_PRODUCTS', 20_000);
const ORDERS = positiveInteger('BENCH_ORDERS', 50_000);

await runBenchmark(main);

async function main() {
  const { migrations } = await fromDist('database/migrations/index.js');
  const mine = migrations.filter((m) => /^(ProductVariants|VariantsReplaceSizes)/.test(m.name));
  const before = migrations.filter((m) => !mine.includes(m));
  const { url } = await scratchDatabaseOnServer();

  const source = new DataSource({ type: 'postgres', url, migrations: before, migrationsTransactionMode: 'each' });
  await source.initialize();
  await source.runMigrations();
  await seed(url);

  const instances = mine.map((Migration) => new Migration());
  const up = [];
  for (const migration of instances) {
    up.push({ name: migration.name, ...(await timed(url, (q) => migration.up(q), migration.transaction !== false)) });
  }
  const counts = await source.query(
    `SELECT (SELECT count(*) FROM product_variants)::int AS variants, (SELECT count(*) FROM order_lines WHERE variant_id IS NOT NULL)::int AS lines`,
  );
  const down = [];
  for (const migration of [...instances].reverse()) down.push({ name: migration.name, ...(await timed(url, (q) => migration.down(q))) });
  await source.destroy();

  console.log(
    `\n${PRODUCTS.toLocaleString('en-US')} products, ${ORDERS.toLocaleString('en-US')} orders: ${counts[0].variants} variants, ${counts[0].lines} lines mapped\n`,
  );
  console.log('| step | took | longest read meanwhile | reads |');
  console.log('| --- | --- | --- | --- |');
  for (const [direction, rows] of [
    ['up', up],
    ['down', down],
  ]) {
    for (const row of rows)
      console.log(`| ${row.name} ${direction} | ${row.ms.toFixed(0)} ms | ${row.longestRead.toFixed(0)} ms | ${row.reads} |`);
  }
}

/**
 * Runs `work` on a connection of its own, in one transaction unless the migration manages its own (as the
 * migrations job does), while a reader reads products and order lines.
 */
async function timed(url, work, transaction = true) {
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  let running = true;
  let longestRead = 0;
  let reads = 0;
  const readLoop = (async () => {
    while (running) {
      const started = performance.now();
      await reader.query(`SELECT id, name, stock FROM products ORDER BY created_at, id LIMIT 100`);
      await reader.query(
        `SELECT order_id, count FROM order_lines WHERE order_id = (SELECT id FROM orders ORDER BY created_at DESC LIMIT 1)`,
      );
      longestRead = Math.max(longestRead, performance.now() - started);
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const source = new DataSource({ type: 'postgres', url });
  await source.initialize();
  const runner = source.createQueryRunner();
  const started = performance.now();
  try {
    if (transaction) await runner.startTransaction();
    await work(runner);
    if (transaction) await runner.commitTransaction();
  } catch (error) {
    if (transaction) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
    await source.destroy();
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  running = false;
  await readLoop;
  await reader.end();
  return { ms, longestRead, reads };
}

/** The shop before variants: products with `size_stock`, users, paid orders and their lines (one size each when sized). */
async function seed(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  try {
    const [{ id: category }] = (await db.query(`INSERT INTO categories (name) VALUES ('Bench') RETURNING id`)).rows;
    await db.query(
      `INSERT INTO products (name, description, price_cents, stock, sold, size_stock, category_id)
       SELECT 'Bench tee ' || n, 'A tee for the migration bench', 1000 + n % 2000,
              CASE WHEN n % 10 < 7 THEN 40 ELSE 25 END, 0,
              CASE WHEN n % 10 < 7 THEN '{"S": 10, "M": 10, "L": 10, "XL": 10}'::jsonb ELSE '{}'::jsonb END, $2
       FROM generate_series(1, $1) AS n`,
      [PRODUCTS, category],
    );
    const [{ id: user }] = (
      await db.query(`INSERT INTO users (name, email, password_hash) VALUES ('Bench buyer', 'buyer@bench.example', 'x') RETURNING id`)
    ).rows;
    await db.query(
      `INSERT INTO orders (user_id, user_name, status, amount_cents, transaction_id)
       SELECT $2, 'Bench buyer', (ARRAY['Received','Processing','Shipped','Delivered','Cancelled'])[1 + n % 5], 2000, 'bench' || n
       FROM generate_series(1, $1) AS n`,
      [ORDERS, user],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, product_id, size, name, price_cents, count)
       SELECT o.id, p.id, CASE WHEN p.size_stock = '{}'::jsonb THEN '' ELSE (ARRAY['S','M','L','XL'])[1 + k] END, p.name, p.price_cents, 1
       FROM (SELECT id, row_number() OVER () AS r FROM orders) o
       CROSS JOIN LATERAL generate_series(0, (o.r % 3)::int) AS k
       JOIN (SELECT id, name, price_cents, size_stock, row_number() OVER (ORDER BY id) - 1 AS i FROM products) p
         ON p.i = (o.r * 7 + k * 13) % $1`,
      [PRODUCTS],
    );
    await db.query('ANALYZE');
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM order_lines`)).rows;
    step(`seeded ${PRODUCTS} products, ${ORDERS} orders, ${n} lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}
