// `node apps/api/bench/catalogue-import.mjs` (after `npx nx run api:build`): the catalogue CSV import of 10,000 rows
// (1,000 products x 10 variants: 2 colours x 5 sizes) through the built API, as the admin screen sends it.
//
// Starts the API (production settings) on a scratch database, signs in as the ADMIN_EMAIL admin, then times: the dry
// run (POST /api/catalogue/import/check), the import from its start to the job's `done` (POST, then GET its progress
// every 100 ms), the export (GET /api/catalogue/export), the export's dry run and its import back (all unchanged).
// A benchmark, not a test: it fails only when something does not work (an error, a count that does not add up),
// never on a figure.
// Environment (optional): BENCH_DATABASE_URL / TEST_DATABASE_URL (else an embedded Postgres), BENCH_PRODUCTS
// (default 1000; each is 10 rows).
import { performance } from 'node:perf_hooks';
import { freePort, positiveInteger, runBenchmark, scratchDatabaseOnServer, startApi, step } from './support.mjs';

const PRODUCTS = positiveInteger('BENCH_PRODUCTS', 1000);
const COLUMNS =
  'handle,name,description,category,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,sku,price,compare_at_price,variant_price,variant_compare_at_price,stock,active,photos';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench password for the import' };

await runBenchmark(main);

async function main() {
  const { server, url: databaseUrl } = await scratchDatabaseOnServer();
  // Two-factor sign-in is required of staff in production (docs/security.md); the benchmark's admin signs in with a password.
  const api = await startApi('NestJS API', await freePort(), databaseUrl, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_2FA: 'optional',
  });
  const call = async (method, path, { json, csv, token } = {}) => {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    let body;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (csv !== undefined) {
      body = new globalThis.FormData();
      body.append('file', new globalThis.Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    }
    const response = await fetch(`${api.url}/api${path}`, { method, headers, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
  };
  const session = await call('POST', '/signin', { json: ADMIN });
  const token = session.token;
  const userId = session.user._id;
  await call('POST', `/category/create/${userId}`, { json: { name: 'Bench Tees' }, token });

  const csv = catalogue();
  const rows = PRODUCTS * 10;
  step(`${rows.toLocaleString('en-US')} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`);

  const results = [];
  const timed = async (name, work) => {
    const start = performance.now();
    const value = await work();
    const ms = performance.now() - start;
    results.push({ name, ms });
    step(`${name}: ${(ms / 1000).toFixed(2)} s`);
    return value;
  };
  const importToEnd = async (text) => {
    let job = await call('POST', `/catalogue/import/${userId}`, { csv: text, token });
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await call('GET', `/catalogue/import/${job._id}/${userId}`, { token });
    }
    if (job.status !== 'done') throw new Error(`the import ended ${job.status}: ${job.error}`);
    return job;
  };

  const check = await timed(`dry run (${rows.toLocaleString('en-US')} new rows)`, () =>
    call('POST', `/catalogue/import/check/${userId}`, { csv, token }),
  );
  if (check.errors.length > 0 || check.create !== PRODUCTS) throw new Error(`dry run: ${JSON.stringify(check).slice(0, 500)}`);
  const job = await timed(`import (${PRODUCTS.toLocaleString('en-US')} products created)`, () => importToEnd(csv));
  if (job.created !== PRODUCTS) throw new Error(`created ${job.created}, not ${PRODUCTS}`);
  const exported = await timed('export', () => call('GET', `/catalogue/export/${userId}`, { token }));
  if (exported.trimEnd().split('\r\n').length !== rows + 1) throw new Error('the export has another number of rows');
  const again = await timed('dry run of the export (all unchanged)', () =>
    call('POST', `/catalogue/import/check/${userId}`, { csv: exported, token }),
  );
  if (again.unchanged !== PRODUCTS) throw new Error(`the export's dry run: ${JSON.stringify(again).slice(0, 500)}`);
  const back = await timed('import of the export (nothing written)', () => importToEnd(exported));
  if (back.unchanged !== PRODUCTS) throw new Error(`the export imported back: ${JSON.stringify(back)}`);
  const changed = exported.replaceAll(',true,\r\n', ',false,\r\n');
  const updated = await timed('import updating every variant (all inactive)', () => importToEnd(changed));
  if (updated.updated !== PRODUCTS) throw new Error(`updated ${updated.updated}, not ${PRODUCTS}`);

  console.log(`\n${rows.toLocaleString('en-US')} rows (${PRODUCTS.toLocaleString('en-US')} products x 10 variants), ${server.kind}\n`);
  console.log('| step | took |');
  console.log('| --- | --- |');
  for (const { name, ms } of results) console.log(`| ${name} | ${(ms / 1000).toFixed(2)} s |`);
}

/** PRODUCTS products in 2 colours x 5 sizes, one row per variant. */
function catalogue() {
  const lines = [COLUMNS];
  for (let p = 0; p < PRODUCTS; p++) {
    for (const colour of ['Navy', 'White']) {
      for (const size of ['XS', 'S', 'M', 'L', 'XL']) {
        lines.push(
          [
            `bench-tee-${p}`,
            `Bench Tee ${p}`,
            'A t-shirt for the import benchmark',
            'Bench Tees',
            'Colour',
            colour,
            'Size',
            size,
            '',
            '',
            `BENCH-${p}-${colour}-${size}`.toUpperCase(),
            '19.99',
            '',
            size === 'XL' ? '21.99' : '',
            '',
            String(p % 50),
            'true',
            '',
          ].join(','),
        );
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
