import { rm } from 'node:fs/promises';
import { type Category, NEXT_CURSOR_HEADER, type Product, Role, type Session } from '@store/contract';
import request from 'supertest';
import { StoreMetrics } from '../src/modules/metrics/store-metrics.js';
import { ChangeFeed } from '../src/database/change-feed.js';
import { CatalogueCache } from '../src/modules/catalogue/catalogue-cache.js';
import { PhotoCache } from '../src/modules/photos/photo-cache.js';
import { createImageFixtures, type ImageFixtures } from './fixtures/images.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { catalogueNotificationsDelivered } from './support/notifications.js';
import { pay } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait-for.js';

/**
 * The bound this suite holds the caches to: a buyer never sees a list older than the last committed write by
 * more than this, on the replica that wrote and on another. (Notifications arrive in about a millisecond; the
 * bound is what docs/performance.md promises.)
 */
const STALENESS_BOUND_MS = 100;
/** A sale's stock and sold figures: within LIST_STOCK_REFRESH_MS (its default, 250 ms) and the same bound. */
const STOCK_STALENESS_BOUND_MS = 250 + STALENESS_BOUND_MS;

/** Two API processes (replicas) on one database, each with its own in-process caches and its own LISTEN. */
describe('catalogue caches across replicas (e2e)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let callsA: ReturnType<typeof productCalls>;
  let callsB: ReturnType<typeof productCalls>;
  let category: Category;
  let images: ImageFixtures;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.db);
    images = await createImageFixtures();
    admin = await signedInUser(a, Role.Admin);
    callsA = productCalls(a, () => admin);
    callsB = productCalls(b, () => admin);
    category = await callsA.category('Replica Tees');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
    await rm(images.dir, { recursive: true, force: true });
  });

  const cacheOf = (t: TestApp) => t.app.get(CatalogueCache);
  const photoCacheOf = (t: TestApp) => t.app.get(PhotoCache);
  /** The store_cache_lookups_total count of one cache and result, as Prometheus would scrape it. */
  const lookups = async (t: TestApp, cache: string, result: 'hit' | 'miss') => {
    const metric = await t.app.get(StoreMetrics).registry.getSingleMetric('store_cache_lookups_total')!.get();
    return metric.values.find((v) => v.labels.cache === cache && v.labels.result === result)?.value ?? 0;
  };

  /**
   * Reads `read` until `fresh` holds, and answers how long after `since` the last stale read began (0 when none
   * was): the bound is that no read a buyer begins later than it after the write answers stale. Measured from the
   * reads' starts, so a read the loaded machine is slow to answer does not count its own time as staleness.
   */
  async function staleFor<T>(since: number, read: () => Promise<T>, fresh: (value: T) => boolean): Promise<number> {
    let lastStale = since;
    for (;;) {
      const started = performance.now();
      if (fresh(await read())) return lastStale - since;
      lastStale = started;
      if (performance.now() - since > 5_000) throw new Error('never saw the write');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  const listOn = (t: TestApp, query = '?sortBy=name') => request(t.http).get(`/api/products${query}`).expect(200);

  it('serves a repeated list from memory, on each replica', async () => {
    await callsA.created(productForm(category, { name: 'Alder', price: '10' }));
    // The create's notification reaches both replicas before the lists this test counts are cached.
    await catalogueNotificationsDelivered(a, b);
    for (const t of [a, b]) {
      const first = await listOn(t, '?sortBy=price');
      const before = cacheOf(t).stats();
      expect(before.live).toBe(true);
      expect(before.lists).toBeGreaterThan(0);
      const hits = await lookups(t, 'product_list', 'hit');
      const again = await listOn(t, '?sortBy=price');
      expect(again.text).toBe(first.text);
      for (const header of ['content-type', 'content-length', 'x-total-count', 'x-next-cursor', 'x-request-id']) {
        expect([header, typeof again.headers[header]]).toEqual([header, typeof first.headers[header]]);
        if (header !== 'x-request-id') expect(again.headers[header]).toBe(first.headers[header]);
      }
      expect(await lookups(t, 'product_list', 'hit')).toBe(hits + 1);
      expect(cacheOf(t).stats().lists).toBe(before.lists);
    }
  });

  it('shows a write made on one replica on the other within the bound', async () => {
    const alder = ((await listOn(b)).body as Product[]).find((p) => p.name === 'Alder')!;
    await listOn(a);
    await callsA.update(alder._id, { price: '11.5' }).expect(200);
    const committed = performance.now();
    const priceOf = (response: request.Response) => (response.body as Product[]).find((p) => p.name === 'Alder')?.price;
    for (const t of [b, a]) {
      expect(
        await staleFor(
          committed,
          () => listOn(t),
          (r) => priceOf(r) === 11.5,
        ),
      ).toBeLessThan(STALENESS_BOUND_MS);
    }
    // A create changes the total (counts cached apart) and the pages.
    await listOn(b, '?limit=1');
    await callsA.created(productForm(category, { name: 'Birch' }));
    const created = performance.now();
    expect(
      await staleFor(
        created,
        () => listOn(b, '?limit=1'),
        (r) => r.headers['x-total-count'] === '2',
      ),
    ).toBeLessThan(STALENESS_BOUND_MS);
  });

  it("shows a checkout's stock and sold on both replicas within the bound (the staleness test)", async () => {
    const product = await callsA.created(productForm(category, { name: 'Cedar', price: '5', stock: '9' }));
    const buyer = await signedInUser(a);
    const cedarOn = (t: TestApp) => listOn(t).then((r) => (r.body as Product[]).find((p) => p.name === 'Cedar')!);
    expect(await cedarOn(a)).toMatchObject({ stock: 9, sold: 0 });
    expect(await cedarOn(b)).toMatchObject({ stock: 9, sold: 0 });
    await pay(a, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: product._id, count: 2 }] }).expect(200);
    const committed = performance.now();
    for (const t of [a, b]) {
      const lag = await staleFor(
        committed,
        () => cedarOn(t),
        (p) => p.stock === 7 && p.sold === 2,
      );
      expect(lag).toBeLessThan(STOCK_STALENESS_BOUND_MS);
    }
  });

  it("serves a product's page data from memory on each replica, and shows an edit, a sale and a deletion on the other within the bound", async () => {
    const product = await callsA.created(productForm(category, { name: 'Elm', price: '8', stock: '6' }));
    await catalogueNotificationsDelivered(a, b);
    for (const t of [a, b]) {
      const first = await productCalls(t, () => admin)
        .get(product._id)
        .expect(200);
      const hits = await lookups(t, 'product', 'hit');
      const again = await productCalls(t, () => admin)
        .get(product._id)
        .expect(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(await lookups(t, 'product', 'hit')).toBe(hits + 1);
    }
    const elmOn = (t: TestApp) => productCalls(t, () => admin).get(product._id);
    /** How long after `since` each replica (read side by side, so one's reads do not delay the other's) first showed it. */
    const lagsOn = (since: number, fresh: (response: request.Response) => boolean) =>
      Promise.all([b, a].map((t) => staleFor(since, () => elmOn(t), fresh)));

    await callsA.update(product._id, { price: '9.5' }).expect(200);
    for (const lag of await lagsOn(performance.now(), (r) => (r.body as Product).price === 9.5))
      expect(lag).toBeLessThan(STALENESS_BOUND_MS);

    const buyer = await signedInUser(a);
    await pay(a, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 19, products: [{ _id: product._id, count: 2 }] }).expect(200);
    const sold = await lagsOn(performance.now(), (r) => (r.body as Product).stock === 4 && (r.body as Product).sold === 2);
    for (const lag of sold) expect(lag).toBeLessThan(STOCK_STALENESS_BOUND_MS);

    await callsA.remove(product._id).expect(200);
    for (const lag of await lagsOn(performance.now(), (r) => r.status === 404)) expect(lag).toBeLessThan(STALENESS_BOUND_MS);
  });

  it('drops a replaced photo on the other replica, and answers a current versioned URL from memory', async () => {
    const product = await callsA.created(productForm(category, { name: 'Dogwood' }), images.png);
    const first = await callsB.photo(product._id, '?size=card').expect(200);
    const versioned = await callsB.photo(product._id, `?size=card&v=${encodeURIComponent(product.updatedAt)}`).expect(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(photoCacheOf(b).stats().photos).toBeGreaterThan(0);
    // A hit (answered before the route pipeline) is the same answer, whatever the case of the id.
    const hit = await callsB.photo(product._id.toUpperCase(), '?size=card').expect(200);
    expect(hit.body).toEqual(first.body);
    for (const header of ['etag', 'cache-control', 'content-type', 'content-length', 'x-content-type-options']) {
      expect(hit.headers[header]).toBe(first.headers[header]);
    }
    await callsB.photo(product._id, '?size=huge').expect(400);
    await callsB
      .photo(product._id, '?size=card')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    const updated = (await callsA.update(product._id, {}, images.jpeg).expect(200)).body as Product;
    const replaced = performance.now();
    const lag = await staleFor(
      replaced,
      () => callsB.photo(product._id, '?size=card'),
      (r) => r.headers.etag !== first.headers.etag,
    );
    expect(lag).toBeLessThan(STALENESS_BOUND_MS);
    // The old version is no longer the current one; the new one is.
    expect((await callsB.photo(product._id, `?size=card&v=${encodeURIComponent(product.updatedAt)}`)).headers['cache-control']).toBe(
      'public, no-cache',
    );
    expect((await callsB.photo(product._id, `?size=card&v=${encodeURIComponent(updated.updatedAt)}`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('serves on every replica the one large variant a first request made, from memory after that, and drops it when the photo is replaced', async () => {
    const product = await callsA.created(productForm(category, { name: 'Elm' }), images.jpeg);
    // A photo stored before uploads made the large variant.
    await a.dataSource.query(`UPDATE product_photos SET large_data = NULL, large_etag = NULL WHERE product_id = $1`, [product._id]);
    const made = await callsA.photo(product._id, '?size=large').expect(200);
    const onB = await callsB.photo(product._id, '?size=large').expect(200);
    expect(onB.headers.etag).toBe(made.headers.etag);
    expect(onB.body).toEqual(made.body);
    const hit = await callsB.photo(product._id, '?size=large').expect(200);
    expect(hit.headers.etag).toBe(made.headers.etag);
    await callsB
      .photo(product._id, `?size=large&v=${encodeURIComponent(product.updatedAt)}`)
      .set('If-None-Match', made.headers.etag as string)
      .expect(304);

    await callsA.update(product._id, {}, images.png).expect(200);
    // Replica B drops its copy (the staleness bound itself is the test above's; no timing asserted here).
    await staleFor(
      performance.now(),
      () => callsB.photo(product._id, '?size=large'),
      (r) => r.status === 200 && r.headers.etag !== made.headers.etag,
    );
  });

  it('stops serving from memory when its LISTEN connection is killed, flushes, and recovers', async () => {
    await listOn(b);
    const cache = cacheOf(b);
    const listener = b.app.get(ChangeFeed);
    const pid = listener.listenerPid;
    expect(pid).toBeDefined();
    expect(cache.stats().lists).toBeGreaterThan(0);
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(() => !cache.isLive);
    // Flushed at once, and nothing is kept while no notification can arrive.
    expect(cache.stats()).toMatchObject({ live: false, lists: 0, counts: 0 });
    expect(photoCacheOf(b).stats()).toMatchObject({ live: false, photos: 0 });
    // A write nobody announces to b (its listener is down): b must still show it.
    await a.dataSource.query(`UPDATE products SET stock = 4321 WHERE name = 'Alder'`);
    const alder = async () => ((await listOn(b)).body as Product[]).find((p) => p.name === 'Alder')!;
    expect((await alder()).stock).toBe(4321);
    await waitFor(() => cache.isLive);
    expect(listener.listenerPid).not.toBe(pid);
    expect((await alder()).stock).toBe(4321);
    expect(cache.stats().lists).toBeGreaterThan(0);
    // And it hears notifications again.
    await a.dataSource.query(`UPDATE products SET stock = 1234 WHERE name = 'Alder'`);
    const written = performance.now();
    expect(await staleFor(written, alder, (p) => p.stock === 1234)).toBeLessThan(STOCK_STALENESS_BOUND_MS);
  });

  it('pages with after: stable while products are inserted, each product once, in order', async () => {
    const paging = await callsA.category('Paging Tees');
    for (let i = 0; i < 9; i += 1) await callsA.created(productForm(paging, { name: `Page ${i}`, price: String(10 + (i % 3)) }));
    const expected = ((await listOn(a, `?category=${paging._id}&sortBy=price&order=desc`)).body as Product[]).map((p) => p._id);
    const seen: string[] = [];
    let after: string | undefined;
    for (let pageNo = 0; pageNo < 10; pageNo += 1) {
      const replica = pageNo % 2 === 0 ? a : b;
      const response = await listOn(replica, `?category=${paging._id}&sortBy=price&order=desc&limit=2${after ? `&after=${after}` : ''}`);
      seen.push(...(response.body as Product[]).map((p) => p._id));
      // Someone adds a product between pages: one that sorts before the cursor never shifts later pages.
      await callsA.created(productForm(paging, { name: `Late ${pageNo}`, price: '99' }));
      after = response.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      if (!after) break;
    }
    expect(seen).toEqual(expected);
  });

  it.each(['createdAt', 'name', 'price', 'sold'].flatMap((sortBy) => [`sortBy=${sortBy}&order=asc`, `sortBy=${sortBy}&order=desc`]))(
    'walks the whole listing with after (%s): the same products in the same order as one big page',
    async (sort) => {
      const whole = ((await listOn(a, `?${sort}&limit=100`)).body as Product[]).map((p) => p._id);
      const walked: string[] = [];
      let after: string | undefined;
      do {
        const response = await listOn(b, `?${sort}&limit=3${after ? `&after=${after}` : ''}`);
        walked.push(...(response.body as Product[]).map((p) => p._id));
        after = response.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      } while (after && walked.length <= whole.length);
      expect(walked).toEqual(whole);
    },
  );

  it('sends a hit over 1 kB compressed when the client asks: its gzip made once, other codings by the middleware', async () => {
    const plain = await listOn(b, '?sortBy=sold');
    expect(plain.text.length).toBeGreaterThan(1024);
    const hits = await lookups(b, 'product_list', 'hit');
    const gzipped = await request(b.http).get('/api/products?sortBy=sold').set('Accept-Encoding', 'gzip').expect(200);
    expect(await lookups(b, 'product_list', 'hit')).toBe(hits + 1);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(plain.text); // supertest has decoded it
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    // The gzip was made once, when the page was cached; a client that takes only br gets it from the middleware.
    const brotli = await request(b.http).get('/api/products?sortBy=sold').set('Accept-Encoding', 'br').expect(200);
    expect([brotli.headers['content-encoding'], brotli.text]).toEqual(['br', plain.text]);
    const identity = await request(b.http).get('/api/products?sortBy=sold').set('Accept-Encoding', 'identity').expect(200);
    expect([identity.headers['content-encoding'], identity.text]).toEqual([undefined, plain.text]);
  });

  it('refuses a garbage cursor with a 400 that says what to send', async () => {
    const refused = await request(a.http).get('/api/products?after=not-a-cursor').expect(400);
    expect(refused.body).toEqual({
      error: 'after must be a cursor this API returned in X-Next-Cursor, unchanged',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'after', message: 'after must be a cursor this API returned in X-Next-Cursor, unchanged' }],
    });
  });
});
