import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { jest } from '@jest/globals';
import type { S3Client } from '@aws-sdk/client-s3';
import { Role } from '@store/contract';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { type CommandRun, startCommand } from './support/command.js';
import { type LocalS3, objectKeys, s3Client, startS3 } from './support/s3rver.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/**
 * `npm run photos:migrate` as the operator runs it: the real CLI (apps/api/src/photos-migrate.ts, from source
 * through swc like the crash test's API) as a process of its own, beside a running shop, against s3rver. It is
 * killed with SIGKILL mid-run; every photo must still be served, and a second run must finish the work.
 */
jest.setTimeout(180_000);

/** Enough photos that the kill lands mid-run (each move is two PUTs and an UPDATE). */
const PHOTOS = 200;

describe('npm run photos:migrate (e2e, the CLI as a process, s3rver)', () => {
  let images: ImageFixtures;
  let s3: LocalS3;
  let client: S3Client;
  let t: TestApp;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    [images, s3] = await Promise.all([createImageFixtures(), startS3()]);
    client = s3Client(s3.config);
    // The shop still writes to Postgres (PHOTO_STORE=postgres); its S3 settings let it read photos already moved.
    t = await createTestApp({ photoCacheMaxBytes: 0, photoStore: { kind: 'postgres', s3: s3.config } });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.close();
    client?.destroy();
    await s3?.stop();
    await images?.remove();
  });

  function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      PHOTO_STORE: 's3',
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
      ...extra,
    };
  }

  function start(args: string[], env: NodeJS.ProcessEnv): { process: ChildProcess; done: Promise<CommandRun> } {
    const started = startCommand('photos-migrate', args, env);
    child = started.process;
    return started;
  }

  const run = (args: string[], env: NodeJS.ProcessEnv = environment()) => start(args, env).done;

  const counts = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      (await t.dataSource.query(`SELECT stored_in, count(*)::int AS n FROM product_photos GROUP BY stored_in`)).map(
        (row: { stored_in: string; n: number }) => [row.stored_in, row.n],
      ),
    );

  it('refuses to start without the object store it needs, naming each missing value', async () => {
    const noBucket = await run([], environment({ S3_BUCKET: '' }));
    expect(noBucket.code).toBe(1);
    expect(noBucket.output).toContain('S3_BUCKET: required when PHOTO_STORE=s3');

    const halfKeys = await run([], environment({ S3_SECRET_ACCESS_KEY: '' }));
    expect(halfKeys.code).toBe(1);
    expect(halfKeys.output).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');

    const badTarget = await run(['--to', 'ftp']);
    expect(badTarget.code).toBe(1);
    expect(badTarget.output).toContain('--to: must be s3 or postgres (got "ftp")');
    expect(await objectKeys(client)).toEqual([]);
  });

  it('survives SIGKILL mid-run: nothing is lost, every photo is served, and the next run finishes; then moves them back', async () => {
    const admin = await signedInUser(t, Role.Admin);
    const calls = productCalls(t, () => admin);
    const shirts = await calls.category('CLI Shirts');
    const first = await calls.created(productForm(shirts), images.jpeg);
    // The other photos copy the first one's row (the CLI moves rows, whatever their bytes).
    await t.dataSource.query(
      `WITH made AS (
         INSERT INTO products (name, description, price_cents, stock, category_id)
         SELECT 'Copy ' || n, description, price_cents, stock, category_id FROM products, generate_series(2, $2) AS n WHERE id = $1
         RETURNING id)
       INSERT INTO product_photos (product_id, content_type, data, etag, card_data, card_etag, large_data, large_etag)
       SELECT made.id, ph.content_type, ph.data, ph.etag, ph.card_data, ph.card_etag, ph.large_data, ph.large_etag
       FROM made, product_photos ph WHERE ph.product_id = $1`,
      [first._id, PHOTOS],
    );
    const ids: string[] = (await t.dataSource.query(`SELECT product_id FROM product_photos ORDER BY product_id`)).map(
      (row: { product_id: string }) => row.product_id,
    );
    expect(ids).toHaveLength(PHOTOS);
    const original = (await calls.photo(first._id).buffer(true).expect(200)).body as Buffer;
    const servesEveryPhoto = async () => {
      for (const id of ids) {
        const photo = await calls.photo(id).buffer(true);
        expect(photo.status).toBe(200);
        expect(Buffer.compare(photo.body as Buffer, original)).toBe(0);
      }
    };

    // Killed once some photos have moved (the first run's progress is in the rows, nowhere else).
    const interrupted = start([], environment());
    let moved = 0;
    for (let waited = 0; moved < 10 && waited < 60_000; waited += 20) {
      await sleep(20);
      moved = (await counts()).s3 ?? 0;
    }
    interrupted.process.kill('SIGKILL');
    const killed = await interrupted.done;
    expect(killed.signal).toBe('SIGKILL');
    // A COMMIT the server had already received still completes after the client dies: count only once the killed
    // run's sessions are gone (this test's own pool is idle), or the count can miss its last move.
    for (let waited = 0; waited < 10_000; waited += 20) {
      const [{ busy }] = await t.dataSource.query(
        `SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'`,
      );
      if (busy === 0) break;
      await sleep(20);
    }
    const afterKill = await counts();
    // Mid-run: some photos in each place, each one whole where its row says (the table's CHECK keeps rows whole).
    expect(afterKill.s3).toBeGreaterThanOrEqual(10);
    expect(afterKill.postgres).toBeGreaterThan(0);
    expect(afterKill.s3 + afterKill.postgres).toBe(PHOTOS);
    await servesEveryPhoto();

    // The next run moves only what is left, and a third has nothing to do.
    const resumed = await run([]);
    expect(resumed.code).toBe(0);
    expect(resumed.output).toContain(`Done: ${afterKill.postgres} photo(s) moved to s3.`);
    expect(await counts()).toEqual({ s3: PHOTOS });
    expect((await run([])).output).toContain('Done: 0 photo(s) moved to s3.');
    const keys = await objectKeys(client);
    // The original, the card and the large variant of each.
    for (const id of ids) expect(keys.filter((key) => key.startsWith(`products/${id}/`))).toHaveLength(3);
    await servesEveryPhoto();

    // And back (`npm run photos:migrate -- --to postgres`): the bytes in the rows again, the bucket emptied.
    const back = await run(['--to', 'postgres']);
    expect(back.code).toBe(0);
    expect(back.output).toContain(`Done: ${PHOTOS} photo(s) moved to postgres.`);
    expect(await counts()).toEqual({ postgres: PHOTOS });
    expect(await objectKeys(client)).toEqual([]);
    await servesEveryPhoto();
  });
});
