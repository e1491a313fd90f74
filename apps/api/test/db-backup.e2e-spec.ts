import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApiRoute, type Order, type Product, Role, type Session } from '@store/contract';
import pg from 'pg';
import request from 'supertest';
import { findTools } from '../src/database/backup/pg-tools.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import type { TestGateway } from '../src/modules/payments/test.gateway.js';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { paidOrder, setOrderStatus } from './support/checkout-fixtures.js';
import { runCommand } from './support/command.js';
import { type LocalS3, objectKeys, s3Client, startS3 } from './support/s3rver.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * `npm run db:backup` and `npm run db:restore` as an operator runs them: the real CLIs (from source, through swc, as
 * processes of their own) on a shop seeded through its API, with orders, refunds, photos in Postgres and photos in
 * an object store (s3rver). The copy is compared with the original table by table (by this test's own checksum, not
 * the tool's) and then served by the API, which must answer the same orders and photos.
 */
jest.setTimeout(240_000);

const runCli = (script: 'db-backup' | 'db-restore', env: Record<string, string>) => runCommand(script, env);

/**
 * Every table's row count and an MD5 of its rows in a fixed order, and every sequence's position: computed here
 * independently of the tool's own checksums, with the same pinned text settings on both sides.
 */
async function contentsOf(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3; SET bytea_output = 'hex'`);
    const { rows: relations } = await client.query<{ name: string; kind: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name, 'table' AS kind FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       UNION ALL SELECT format('%I.%I', sequence_schema, sequence_name), 'sequence' FROM information_schema.sequences
       WHERE sequence_schema = 'public' ORDER BY 1`,
    );
    const contents: Record<string, string> = {};
    for (const { name, kind } of relations) {
      const sql =
        kind === 'table'
          ? `SELECT count(*) || ' rows, ' || coalesce(md5(string_agg(r::text, E'\\n' ORDER BY r::text)), '-') AS v FROM ${name} r`
          : `SELECT last_value || ' ' || is_called AS v FROM ${name}`;
      contents[name] = (await client.query<{ v: string }>(sql)).rows[0].v;
    }
    return contents;
  } finally {
    await client.end();
  }
}

const serverMajor = await (async () => {
  const client = new pg.Client({ connectionString: process.env.TEST_DB_SERVER_URL });
  await client.connect();
  try {
    return (await client.query<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`)).rows[0].major;
  } finally {
    await client.end();
  }
})();
const newestPgDump = Math.max(0, ...findTools('pg_dump', undefined).map((tool) => tool.major));
if (newestPgDump < serverMajor) {
  console.warn(
    `[db-backup] The test server is PostgreSQL ${serverMajor} and the newest pg_dump here is ${newestPgDump || 'none'}: ` +
      'the round trip needs client tools no older than the server (install them, or set TEST_DATABASE_URL to a server they match).',
  );
}
const roundTrip = newestPgDump >= serverMajor ? describe : describe.skip;

roundTrip('npm run db:backup and db:restore (e2e: the CLIs as processes, a shop with orders, refunds and photos)', () => {
  let images: ImageFixtures;
  let s3: LocalS3;
  let client: S3Client;
  let shop: TestApp;
  let s3Replica: TestApp;
  let copyDb: TestDatabase;
  let copy: TestApp | undefined;
  let work: string;
  let buyer: Session & { password: string };
  let inPostgres: Product;
  let inBucket: Product;
  let ordersBefore: Order[];

  const s3Env = (): Record<string, string> => ({
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
  });
  const backupDir = () => path.join(work, 'nightly');
  const ordersOf = async (t: TestApp, session: Session) =>
    (
      await request(t.http)
        .get(api(ApiRoute.ordersOfUser, { userId: session.user._id }))
        .set('Authorization', `Bearer ${session.token}`)
        .expect(200)
    ).body as Order[];

  beforeAll(async () => {
    [images, s3] = await Promise.all([createImageFixtures(), startS3()]);
    client = s3Client(s3.config);
    work = await mkdtemp(path.join(os.tmpdir(), 'store-backup-'));
    // A shop halfway through moving its photos to the bucket: one replica still writes them to Postgres, another
    // (PHOTO_STORE=s3) to the bucket, so the backup meets both kinds.
    shop = await createTestApp({ photoCacheMaxBytes: 0, photoStore: { kind: 'postgres', s3: s3.config } });
    s3Replica = await createTestApp({ photoCacheMaxBytes: 0, photoStore: { kind: 's3', s3: s3.config } }, shop.db);
    const admin = await signedInUser(shop, Role.Admin);
    buyer = await signedInUser(shop);
    const calls = productCalls(shop, () => admin);
    const tees = await calls.category('Backup Tees');
    inPostgres = await calls.created(productForm(tees, { price: '12.50', stock: '40' }), images.jpeg);
    inBucket = await productCalls(s3Replica, () => admin).created(productForm(tees, { price: '20.00', stock: '40' }), images.png);
    const gateway = shop.app.get(PaymentGateway) as TestGateway;
    const buy = (product: Product, count: number, amount: number) =>
      paidOrder(shop, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount, products: [{ _id: product._id, count }] });
    const voided = await buy(inPostgres, 2, 25);
    const refunded = await buy(inBucket, 1, 20);
    await buy(inPostgres, 1, 12.5);
    await setOrderStatus(shop, admin, voided.orderId, 'Cancelled').expect(200);
    await gateway.settle(refunded.transactionId);
    await setOrderStatus(shop, admin, refunded.orderId, 'Cancelled').expect(200);
    ordersBefore = await ordersOf(shop, buyer);
    expect(ordersBefore).toHaveLength(3);
    expect(ordersBefore.map((order) => order.refund?.kind).sort()).toEqual(['refund', 'void', undefined]);
  });

  afterAll(async () => {
    await copy?.close();
    await copyDb?.drop();
    await s3Replica?.close();
    await shop?.close();
    client?.destroy();
    await s3?.stop();
    await images?.remove();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('refuses to start without its settings, naming each one', async () => {
    const run = await runCli('db-backup', { PG_BIN_DIR: path.join(work, 'no-such-folder') });
    expect(run.code).toBe(1);
    expect(run.output).toContain('DATABASE_URL: required: the database to back up');
    expect(run.output).toContain('BACKUP_PATH: required: a new folder for this backup');
    expect(run.output).toContain('PG_BIN_DIR: ');
    const restore = await runCli('db-restore', { DATABASE_URL: 'mysql://x', BACKUP_PATH: work });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection URL');
    expect(restore.output).toContain(`BACKUP_PATH: ${work} holds no backup (no manifest.json)`);
  });

  it('says which pg_dump it needs when it finds none that can dump the server', async () => {
    const empty = path.join(work, 'empty-bin');
    await mkdir(empty);
    const run = await runCli('db-backup', { DATABASE_URL: shop.db.url, BACKUP_PATH: path.join(work, 'never'), PG_BIN_DIR: empty });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`pg_dump ${serverMajor} or newer is needed (the server is PostgreSQL`);
    expect(run.output).toContain('found none on this machine');
  });

  it('backs the shop up: a custom-format dump and a manifest listing the bucket photos with their hashes', async () => {
    const run = await runCli('db-backup', { DATABASE_URL: shop.db.url, BACKUP_PATH: backupDir(), ...s3Env() });
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.stringContaining('Backed up ') });
    expect(run.output).toContain('listed 3 photo object(s)');
    // pg_dump's custom format starts with its magic.
    expect((await readFile(path.join(backupDir(), 'database.dump'))).subarray(0, 5).toString()).toBe('PGDMP');
    const manifest = JSON.parse(await readFile(path.join(backupDir(), 'manifest.json'), 'utf8'));
    expect(manifest.contents.tables['public.orders'].rows).toBe(3);
    expect(manifest.objects.bucket).toBe(s3.config.bucket);
    // The bucket product's original, card and large variants; the Postgres product's photo is inside the dump.
    const keys = await objectKeys(client);
    expect(keys.every((key) => key.startsWith(`products/${inBucket._id}/`))).toBe(true);
    expect(manifest.objects.items.map((item: { key: string }) => item.key).sort()).toEqual(keys);
    for (const item of manifest.objects.items as Array<{ key: string; sha256: string; bytes: number }>) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: item.key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      expect(item).toEqual({ key: item.key, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }

    const again = await runCli('db-backup', { DATABASE_URL: shop.db.url, BACKUP_PATH: backupDir() });
    expect(again.code).toBe(1);
    expect(again.output).toContain(`BACKUP_PATH: ${backupDir()} already exists and is not an empty folder`);
  });

  it('refuses to restore into a database that is not empty, and leaves it as it was', async () => {
    const before = await contentsOf(shop.db.url);
    const run = await runCli('db-restore', { DATABASE_URL: shop.db.url, BACKUP_PATH: backupDir() });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`The database "${new URL(shop.db.url).pathname.slice(1)}" is not empty (it holds public.`);
    expect(run.output).toContain('A restore goes into a new, empty database');
    expect(await contentsOf(shop.db.url)).toEqual(before);
  });

  it('refuses a damaged dump before touching the database', async () => {
    const damaged = path.join(work, 'damaged');
    await mkdir(damaged);
    await copyFile(path.join(backupDir(), 'manifest.json'), path.join(damaged, 'manifest.json'));
    const dump = await readFile(path.join(backupDir(), 'database.dump'));
    dump[dump.length - 10] ^= 0xff;
    await writeFile(path.join(damaged, 'database.dump'), dump);
    const empty = await createTestDatabase({ migrated: false });
    try {
      const run = await runCli('db-restore', { DATABASE_URL: empty.url, BACKUP_PATH: damaged });
      expect(run.code).toBe(1);
      expect(run.output).toContain('its SHA-256 differs from the manifest');
      expect(await contentsOf(empty.url)).toEqual({});
    } finally {
      await empty.drop();
    }
  });

  it('restores into an empty database: every table and sequence the same as the shop', async () => {
    copyDb = await createTestDatabase({ migrated: false });
    const run = await runCli('db-restore', { DATABASE_URL: copyDb.url, BACKUP_PATH: backupDir(), ...s3Env() });
    expect({ code: run.code, output: run.output }).toEqual({
      code: 0,
      output: expect.stringContaining("every table matches the backup's row count and checksum"),
    });
    const [original, restored] = await Promise.all([contentsOf(shop.db.url), contentsOf(copyDb.url)]);
    expect(Object.keys(original).length).toBeGreaterThan(10);
    expect(original['public.orders']).toMatch(/^3 rows, /);
    expect(original['public.product_photos']).toMatch(/^2 rows, /);
    expect(restored).toEqual(original);
  });

  it('serves the copy: the buyer signs in, reads the same orders and refunds, and both photos come back byte for byte', async () => {
    copy = await createTestApp({ photoCacheMaxBytes: 0, photoStore: { kind: 'postgres', s3: s3.config } }, copyDb);
    const signIn = await request(copy.http)
      .post(`/api${ApiRoute.signin}`)
      .send({ email: buyer.user.email, password: buyer.password })
      .expect(200);
    const session = signIn.body as Session;
    expect(await ordersOf(copy, session)).toEqual(ordersBefore);
    for (const product of [inPostgres, inBucket]) {
      for (const size of ['', '?size=card', '?size=large']) {
        const [fromShop, fromCopy] = await Promise.all([
          productCalls(shop, () => session)
            .photo(product._id, size)
            .buffer(true)
            .expect(200),
          productCalls(copy, () => session)
            .photo(product._id, size)
            .buffer(true)
            .expect(200),
        ]);
        expect(Buffer.compare(fromCopy.body as Buffer, fromShop.body as Buffer)).toBe(0);
        expect(fromCopy.headers.etag).toBe(fromShop.headers.etag);
      }
    }
    // The order numbers carry on from the original's, not from 1.
    const next = await paidOrder(copy, session, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 12.5,
      products: [{ _id: inPostgres._id, count: 1 }],
    });
    const numbers = (await ordersOf(copy, session)).map((order) => order.number!);
    expect((await ordersOf(copy, session)).find((order) => order._id === next.orderId)!.number).toBe(Math.max(...numbers));
    expect(Math.max(...numbers)).toBeGreaterThan(Math.max(...ordersBefore.map((order) => order.number!)));
  });
});

describe("npm run db:backup on npm start's embedded PostgreSQL", () => {
  it('dumps it with client tools of its version, or says which ones it needs', async () => {
    const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'store-backup-embedded-')), 'data');
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    try {
      const probe = new pg.Client({ connectionString: server.serverUrl });
      await probe.connect();
      const { rows } = await probe.query<{ major: number }>(`SELECT current_setting('server_version_num')::int / 10000 AS major`);
      await probe.end();
      const embeddedMajor = rows[0].major;
      const target = path.join(path.dirname(dataDir), 'backup');
      const run = await runCli('db-backup', { DATABASE_URL: server.serverUrl, BACKUP_PATH: target });
      if (newestPgDump >= embeddedMajor) {
        expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.stringContaining('Backed up ') });
      } else {
        expect(run.code).toBe(1);
        expect(run.output).toContain(`pg_dump ${embeddedMajor} or newer is needed (the server is PostgreSQL ${embeddedMajor}`);
        expect(run.output).toContain(`found only ${newestPgDump}.`);
        expect(run.output).toContain('set PG_BIN_DIR');
      }
    } finally {
      await server.stop();
      await rm(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
