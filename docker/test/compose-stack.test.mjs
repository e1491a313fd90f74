// docker/compose.yaml brought up with podman-compose from the images the global setup built: Postgres (the local
// stand-in), the one-shot migrations, two API replicas and the web front (nginx). Then, through nginx: the
// shopper's and the admin's browser tests; checkouts while one API replica restarts (every checkout answered is
// an order, stock adds up); down and up again keeps the data.
//
// podman-compose 1.0.3 (Debian bookworm) starts services in depends_on order but does not wait for their
// conditions (service_healthy, service_completed_successfully), so the test brings the stack up in the order the
// file's conditions say and waits for each condition itself. The compose file is used as it is, from a copy in a
// temporary folder (next to the .env its env_file names); a second file adds only what this machine needs: the
// Postgres stand-in, two replicas, a folder for the order e-mails, and DATABASE_URL spelled out (podman-compose
// 1.0.3 cuts the file's nested default `${DATABASE_URL:-postgres://${POSTGRES_USER:-store}:...}` at the first `}`).
/* global FormData */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BASES,
  IMAGE_PREFIX,
  IMAGE_VERSION,
  buildError,
  freePort,
  logsOf,
  podman,
  podmanTry,
  root,
  run,
  waitHealthy,
} from './support/containers.mjs';

const id = randomBytes(4).toString('hex');
const project = `storeops${id}`;
const container = (service, n = 1) => `${project}_${service}_${n}`;
const admin = { email: 'ops-admin@example.com', password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Olive Ops' };
const postgresPassword = randomBytes(12).toString('hex');
let dir;
let baseUrl;
let composeEnv;

async function compose(...args) {
  const result = await run('podman-compose', ['-p', project, '-f', 'docker/compose.yaml', '-f', 'docker/compose.ops-test.yaml', ...args], {
    cwd: dir,
    env: composeEnv,
  });
  if (result.code !== 0) throw new Error(`podman-compose ${args.join(' ')} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const psql = (sql) => podman(['exec', container('postgres'), 'psql', '-U', 'store', '-d', 'store', '-At', '-c', sql]).trim();

/** Up in the order of the file's conditions: Postgres healthy, migrations done, API replicas healthy, then web. */
async function up() {
  await compose('up', '-d', '--no-build', 'postgres');
  await waitHealthy(container('postgres'));
  await compose('up', '-d', '--no-build', 'migrate');
  const migrated = podman(['wait', container('migrate')]).trim();
  if (migrated !== '0') throw new Error(`migrate exited ${migrated}:\n${logsOf(container('migrate'))}`);
  await compose('up', '-d', '--no-build', 'api');
  await Promise.all([waitHealthy(container('api', 1)), waitHealthy(container('api', 2))]);
  await compose('up', '-d', '--no-build', 'web');
  await waitHealthy(container('web'));
  for (let i = 0; ; i += 1) {
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.status === 200) break;
    if (i > 120) throw new Error(`nginx does not reach the API:\n${logsOf(container('web'))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * What the stack itself said went wrong, for a failed browser run's report: each API replica's JSON lines at warn or
 * above, and nginx's warnings and errors (an answer the browser saw as 502 or 503 has its cause there).
 */
function stackTrouble() {
  const trouble = (name, pattern) => {
    const { stdout, stderr } = podmanTry(['logs', name]);
    const lines = `${stdout}${stderr}`
      .split('\n')
      .filter((line) => pattern.test(line))
      .slice(-40);
    return `${name}: ${lines.length > 0 ? `\n${lines.join('\n')}` : 'no warning or error'}`;
  };
  const apiLine = /"level":"(warn|error|fatal)"/;
  return [
    trouble(container('api', 1), apiLine),
    trouble(container('api', 2), apiLine),
    trouble(container('web'), /\[(warn|error|crit|alert|emerg)\]/),
  ].join('\n');
}

async function call(method, route, { token, json, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

beforeAll(async () => {
  const error = buildError();
  if (error) throw new Error(`The images could not be built:\n${error}`);
  dir = mkdtempSync('/tmp/store-ops-compose-');
  mkdirSync(path.join(dir, 'docker'));
  copyFileSync(path.join(root, 'docker/compose.yaml'), path.join(dir, 'docker/compose.yaml'));
  // The API writes order e-mails as files without SMTP_URL: into a folder the test reads (the user is node, 1000).
  const data = path.join(dir, 'data');
  mkdirSync(path.join(data, 'outbox'), { recursive: true });
  chmodSync(data, 0o777);
  chmodSync(path.join(data, 'outbox'), 0o777);
  writeFileSync(
    path.join(dir, 'docker/compose.ops-test.yaml'),
    [
      'services:',
      '  postgres:',
      `    image: ${BASES.postgres}`,
      // The URL compose.yaml's nested default builds (podman-compose 1.0.3 cannot read a ${...} inside a default).
      '  migrate:',
      '    environment:',
      `      DATABASE_URL: postgres://store:${postgresPassword}@postgres:5432/store`,
      '  api:',
      '    environment:',
      `      DATABASE_URL: postgres://store:${postgresPassword}@postgres:5432/store`,
      '    deploy:',
      '      replicas: 2',
      '    volumes:',
      // The same path inside as outside: the admin's test e-mail names the file where the API wrote it.
      `      - ${data}:${data}`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, '.env'),
    [
      `JWT_SECRET=${randomBytes(24).toString('hex')}`,
      'PAYMENT_GATEWAY=test',
      // Required by the API image's WEB_DIST: the rendered pages' canonical and preview URLs.
      'PUBLIC_URL=https://shop.example.com',
      `ADMIN_EMAIL=${admin.email}`,
      `ADMIN_PASSWORD=${admin.password}`,
      `ADMIN_NAME=${admin.name}`,
      // The admin adds products and the browser tests sign in as it; production's default (required) would
      // confine it to enrolling in two-factor sign-in, which the API tests and browser tests cover.
      'ADMIN_2FA=optional',
      // Every browser and every checkout of the test comes from one address (the host, through nginx).
      'AUTH_RATE_LIMIT=1000',
      'PAYMENT_RATE_LIMIT=1000',
      'SEED_DEMO=true',
      `STORE_DATA_DIR=${data}`,
      'LOG_FORMAT=json',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  composeEnv = {
    POSTGRES_PASSWORD: postgresPassword,
    STORE_PORT: String(port),
    STORE_IMAGE_PREFIX: IMAGE_PREFIX,
    STORE_VERSION: IMAGE_VERSION,
  };
  await up();
}, 6 * 60_000);

afterAll(async () => {
  if (dir) {
    if (process.env.STORE_OPS_KEEP_STACK !== '1') {
      await compose('down', '-v', '-t', '10').catch((error) => console.log(String(error)));
      // podman-compose 1.0.3's `down -v` leaves the project's volumes when a container still used them.
      for (const volume of podmanTry(['volume', 'ls', '-q', '--filter', `label=io.podman.compose.project=${project}`])
        .stdout.split('\n')
        .filter(Boolean))
        podmanTry(['volume', 'rm', '-f', volume]);
      podmanTry(['network', 'rm', '-f', `${project}_default`]);
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}, 3 * 60_000);

describe('the compose stack', () => {
  it('ran the migrations once, in the one-shot service: the replicas found nothing to apply', () => {
    const applied = psql('SELECT count(*), count(DISTINCT name) FROM migrations');
    const [count, distinct] = applied.split('|').map(Number);
    expect(count).toBeGreaterThan(5);
    expect(distinct).toBe(count);
    // podman-compose 1.0.3 starts the exited one-shot again with each later `up` of a service that depends on it:
    // the first run applied everything, the later ones found the schema up to date.
    const runs = logsOf(container('migrate')).trim().split('\n');
    expect(runs[0]).toMatch(/^Applied \w+/);
    expect(runs.slice(1).every((line) => line === 'The schema is up to date')).toBe(true);
    for (const n of [1, 2]) expect(logsOf(container('api', n))).not.toMatch(/Applied \w+|executed successfully/);
  });

  it(
    'passes the shopper’s and the admin’s browser tests through nginx',
    async () => {
      const result = await run(
        process.execPath,
        [
          '--experimental-vm-modules',
          '--no-warnings=ExperimentalWarning',
          'node_modules/jest/bin/jest.js',
          '-c',
          'docker/test/stack/browser.jest.config.mjs',
          '--ci',
        ],
        {
          cwd: root,
          env: {
            E2E_BASE_URL: baseUrl,
            E2E_ADMIN_EMAIL: admin.email,
            E2E_ADMIN_PASSWORD: admin.password,
            E2E_ADMIN_NAME: admin.name,
            E2E_OUTBOX_DIR: path.join(dir, 'data', 'outbox'),
            // Two API replicas behind nginx: see the admin test's cancel.
            E2E_API_REPLICAS: '2',
            // Not the browser step's folder: the browser step's screenshots stay as that step left them.
            E2E_SCREENSHOT_DIR: path.join(root, 'artifacts', 'screenshots', 'compose-stack'),
          },
        },
      );
      if (result.code !== 0) console.log(`${result.stdout}\n${result.stderr}\n${stackTrouble()}`);
      expect(result.stderr).toMatch(/Tests: +\d+ passed, \d+ total/);
      expect(result.code).toBe(0);
    },
    10 * 60_000,
  );

  it(
    'loses no checkout while an API replica restarts: every answered checkout is an order and stock adds up',
    async () => {
      const signin = (await call('POST', '/signin', { json: { email: admin.email, password: admin.password } })).body;
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name: `Restart tee ${id}`,
        description: 'Bought while a replica restarts',
        price: '10.00',
        stock: '500',
      }))
        form.append(key, value);
      const categories = (await call('GET', '/categories')).body;
      form.append('category', categories[0]._id);
      const created = await fetch(`${baseUrl}/api/product/create/${signin.user._id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${signin.token}` },
        body: form,
      });
      const product = await created.json();
      expect({ status: created.status, stock: product.stock }).toEqual({ status: expect.any(Number), stock: 500 });
      expect(created.ok).toBe(true);

      const buyers = [];
      for (let i = 0; i < 4; i += 1) {
        const email = `restart-${id}-${i}@example.com`;
        expect((await call('POST', '/signup', { json: { name: `Buyer ${i}`, email, password: 'correct horse battery' } })).status).toBe(
          201,
        );
        buyers.push((await call('POST', '/signin', { json: { email, password: 'correct horse battery' } })).body);
      }

      const checkouts = 40;
      const answers = [];
      let retries = 0;
      let next = 0;
      let restarted;
      async function checkout(buyer) {
        const key = randomUUID();
        for (let attempt = 0; attempt < 120; attempt += 1) {
          const answer = await call('POST', `/payment/braintree/${buyer.user._id}`, {
            token: buyer.token,
            headers: { 'Idempotency-Key': key },
            json: { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: product._id, count: 1 }] } },
          }).catch((error) => ({ status: 0, body: String(error) }));
          // nginx's 502 while no replica took the request, or "still being processed" for a retried key: retry
          // the same attempt with the same key, as the web app does.
          if (
            answer.status === 502 ||
            answer.status === 503 ||
            answer.status === 0 ||
            (answer.status === 409 && /still being processed/.test(answer.body?.error ?? ''))
          ) {
            retries += 1;
            await new Promise((resolve) => setTimeout(resolve, 250));
            continue;
          }
          return { ...answer, buyer: buyer.user._id };
        }
        return { status: 'gave up', buyer: buyer.user._id };
      }
      async function worker(buyer) {
        while (next < checkouts) {
          next += 1;
          if (next === checkouts / 4) restarted = run('podman', ['restart', '-t', '30', container('api', 1)]);
          answers.push(await checkout(buyer));
        }
      }
      await Promise.all(buyers.map(worker));
      const restart = await restarted;
      expect(restart?.code).toBe(0);
      await waitHealthy(container('api', 1));

      const refused = answers.filter((answer) => answer.status !== 200);
      if (refused.length)
        for (const n of [1, 2])
          console.log(
            `api_${n}:\n${logsOf(container('api', n))
              .split('\n')
              .filter((line) => /"level":"(warn|error|fatal)"|Shutdown/.test(line))
              .join('\n')}`,
          );
      expect(refused).toEqual([]);
      expect(answers).toHaveLength(checkouts);
      const orderIds = answers.map((answer) => answer.body.order._id);
      expect(new Set(orderIds).size).toBe(checkouts);
      const stored = Number(psql(`SELECT count(*) FROM orders WHERE id IN (${orderIds.map((orderId) => `'${orderId}'`).join(',')})`));
      expect(stored).toBe(checkouts);
      const buyerIds = buyers.map((buyer) => `'${buyer.user._id}'`).join(',');
      expect(Number(psql(`SELECT count(*) FROM orders WHERE user_id IN (${buyerIds})`))).toBe(checkouts);
      expect((await call('GET', `/product/${product._id}`)).body.stock).toBe(500 - checkouts);
      console.log(`compose stack: ${checkouts} checkouts across an API replica restart, ${retries} retried after a 502/409`);
    },
    5 * 60_000,
  );

  it(
    'keeps its data through down and up again',
    async () => {
      const before = psql(
        "SELECT (SELECT count(*) FROM orders) || ',' || (SELECT count(*) FROM products) || ',' || (SELECT count(*) FROM users)",
      );
      await compose('down', '-t', '10');
      expect(podmanTry(['container', 'exists', container('postgres')]).status).not.toBe(0);
      await up();
      expect(
        psql("SELECT (SELECT count(*) FROM orders) || ',' || (SELECT count(*) FROM products) || ',' || (SELECT count(*) FROM users)"),
      ).toBe(before);
      const signin = await call('POST', '/signin', { json: { email: admin.email, password: admin.password } });
      expect(signin.status).toBe(200);
      expect(readdirSync(path.join(dir, 'data', 'outbox')).length).toBeGreaterThan(0);
    },
    5 * 60_000,
  );
});
