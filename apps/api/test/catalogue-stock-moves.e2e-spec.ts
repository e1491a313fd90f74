import { type Category, type Product, Role, type Session } from '@store/contract';
import pg from 'pg';
import request from 'supertest';
import { CATALOGUE_CHANNEL, ChangeFeed } from '../src/database/change-feed.js';
import { StockMovesNotify1764001600000 } from '../src/database/migrations/1764001600000-stock-moves-notify.js';
import { CatalogueCache } from '../src/modules/catalogue/catalogue-cache.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { catalogueNotificationsDelivered } from './support/notifications.js';
import { pay } from './support/checkout-fixtures.js';
import { createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { inMigrationTransaction } from './support/test-database.js';

/** A channel of the test's own: notifications reach a session in commit order, whatever their channel. */
const SYNC_CHANNEL = 'stock_moves_test_sync';
/** The production default of LIST_STOCK_REFRESH_MS, which this suite runs with. */
const STOCK_REFRESH_MS = 250;

/**
 * A sale (stock and sold moves only) says `stock` (migration StockMovesNotify1764001600000): the list cache survives it and shows it within
 * LIST_STOCK_REFRESH_MS; any other write says `lists` and drops the lists at once (docs/performance.md).
 */
describe('stock moves and the list cache (e2e)', () => {
  let t: TestApp;
  /** Replicas on the same database: one whose interval outlasts the suite (what a sale does shows without a race), one at 0. */
  let patient: TestApp;
  let eager: TestApp;
  let admin: Session;
  let calls: ReturnType<typeof productCalls>;
  let category: Category;
  let listener: pg.Client;
  const heard: string[] = [];
  let synced: (() => void) | undefined;
  /** Resolves when the test's connection has heard every catalogue notification committed before this call. */
  const syncMarker = async () => {
    const done = new Promise<void>((resolve) => (synced = resolve));
    await t.dataSource.query(`NOTIFY ${SYNC_CHANNEL}`);
    await done;
  };

  beforeAll(async () => {
    t = await createTestApp({ listStockRefreshMs: STOCK_REFRESH_MS });
    patient = await createTestApp({ listStockRefreshMs: 60_000 }, t.db);
    eager = await createTestApp({ listStockRefreshMs: 0 }, t.db);
    admin = await signedInUser(t, Role.Admin);
    calls = productCalls(t, () => admin);
    category = await calls.category('Stock Move Tees');
    listener = new pg.Client({ connectionString: t.db.url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel === SYNC_CHANNEL) synced?.();
      else heard.push(message.payload ?? '');
    });
    await listener.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    await listener.query(`LISTEN ${SYNC_CHANNEL}`);
  }, 60_000);
  afterAll(async () => {
    await listener.end();
    // One process's apps share the pool: closed together, at the end.
    await eager.close();
    await patient.close();
    await t.close();
  });

  const list = () => request(t.http).get('/api/products?sortBy=name').expect(200);
  const named = (response: request.Response, name: string) => (response.body as Product[]).find((p) => p.name === name)!;
  const cache = () => t.app.get(CatalogueCache);
  /** The payloads the catalogue sent for `write`, in order (the test's own marker ends the wait). */
  async function payloadsOf(write: () => Promise<unknown>): Promise<string[]> {
    await syncMarker();
    heard.length = 0;
    await write();
    await syncMarker();
    return heard.filter((payload) => !payload.startsWith('test-marker-'));
  }

  it('says stock for a sale and lists for an edit', async () => {
    const product = await calls.created(productForm(category, { name: 'Juniper', price: '5', stock: '9' }));
    const buyer = await signedInUser(t);
    // The reservation and the sale commit apart: each says stock.
    const sale = await payloadsOf(() =>
      pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 5, products: [{ _id: product._id, count: 1 }] }).expect(200),
    );
    expect(sale.length).toBeGreaterThan(0);
    expect(new Set(sale)).toEqual(new Set(['stock']));
    expect(await payloadsOf(() => calls.update(product._id, { price: '6' }).expect(200))).toContain('lists');
    expect(
      await payloadsOf(() => t.dataSource.query(`UPDATE product_variants SET stock = stock + 1 WHERE product_id = $1`, [product._id])),
    ).toEqual(['stock']);
    expect(
      await payloadsOf(() => t.dataSource.query(`UPDATE product_variants SET active = NOT active WHERE product_id = $1`, [product._id])),
    ).toEqual(['lists']);
    // Stock and a price in one statement: lists (at once).
    expect(
      await payloadsOf(() =>
        t.dataSource.query(`UPDATE products SET stock = stock + 1, price_cents = price_cents + 1 WHERE id = $1`, [product._id]),
      ),
    ).toEqual(['lists']);
    // A statement that changed nothing (no row, or every value as it was) says nothing.
    expect(await payloadsOf(() => t.dataSource.query(`UPDATE products SET stock = stock WHERE id = $1`, [product._id]))).toEqual([]);
    expect(await payloadsOf(() => t.dataSource.query(`UPDATE products SET stock = 1 WHERE false`))).toEqual([]);
  });

  it('keeps the cached lists through a sale until LIST_STOCK_REFRESH_MS is up', async () => {
    {
      const product = await calls.created(productForm(category, { name: 'Larch', price: '5', stock: '9' }));
      const buyer = await signedInUser(t);
      await catalogueNotificationsDelivered(t, patient);
      const before = await request(patient.http).get('/api/products?sortBy=name').expect(200);
      expect(named(before, 'Larch')).toMatchObject({ stock: 9, sold: 0 });
      // The sale's notifications, counted on the test's own connection up to a marker on another channel (the
      // catalogue's own marker would drop the lists: a payload the cache does not know), then heard by the replica.
      const patientHeard: string[] = [];
      patient.app.get(ChangeFeed).subscribe({ changed: (payload) => patientHeard.push(payload ?? ''), flush: () => undefined });
      heard.length = 0;
      await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: product._id, count: 2 }] }).expect(200);
      await syncMarker();
      const sale = [...heard];
      expect(sale.length).toBeGreaterThan(0);
      expect(new Set(sale)).toEqual(new Set(['stock']));
      while (patientHeard.length < sale.length) await new Promise((resolve) => setTimeout(resolve, 5));
      // Heard, and the page is still there: answered from memory, as it was.
      expect(patient.app.get(CatalogueCache).stats().lists).toBeGreaterThan(0);
      expect((await request(patient.http).get('/api/products?sortBy=name').expect(200)).text).toBe(before.text);
      // Any other change drops it at once, with the sale's figures.
      await calls.update(product._id, { price: '6' }).expect(200);
      await catalogueNotificationsDelivered(t, patient);
      expect(named(await request(patient.http).get('/api/products?sortBy=name').expect(200), 'Larch')).toMatchObject({
        stock: 7,
        sold: 2,
        price: 6,
      });
    }
  });

  it("shows a sale's stock and sold within LIST_STOCK_REFRESH_MS", async () => {
    const product = await calls.created(productForm(category, { name: 'Hemlock', price: '5', stock: '9' }));
    const buyer = await signedInUser(t);
    await catalogueNotificationsDelivered(t);
    expect(named(await list(), 'Hemlock')).toMatchObject({ stock: 9, sold: 0 });
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: product._id, count: 2 }] }).expect(200);
    const committed = performance.now();
    for (;;) {
      const started = performance.now();
      const hemlock = named(await list(), 'Hemlock');
      if (hemlock.stock === 7 && hemlock.sold === 2) break;
      // A read begun this long after the sale still answered the old figures (from the read's start, so a loaded
      // machine's slow answer is not counted as staleness, as in catalogue-replicas.e2e-spec.ts).
      expect(started - committed).toBeLessThan(STOCK_REFRESH_MS + 100);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('drops the lists at once for an edit, even with a stock move pending', async () => {
    const product = await calls.created(productForm(category, { name: 'Spruce', price: '5', stock: '9' }));
    await catalogueNotificationsDelivered(t);
    await list();
    await t.dataSource.query(`UPDATE products SET stock = 8 WHERE id = $1`, [product._id]);
    await t.dataSource.query(`UPDATE products SET name = 'Spruce Blue' WHERE id = $1`, [product._id]);
    await catalogueNotificationsDelivered(t);
    expect(cache().stats().lists).toBe(0);
    expect(named(await list(), 'Spruce Blue')).toMatchObject({ stock: 8 });
  });

  it('drops at every sale when LIST_STOCK_REFRESH_MS is 0', async () => {
    await catalogueNotificationsDelivered(eager);
    await request(eager.http).get('/api/products?sortBy=name').expect(200);
    expect(eager.app.get(CatalogueCache).stats().lists).toBeGreaterThan(0);
    await t.dataSource.query(`UPDATE products SET stock = stock + 1 WHERE name = 'Larch'`);
    await catalogueNotificationsDelivered(eager);
    expect(eager.app.get(CatalogueCache).stats().lists).toBe(0);
  });

  it('goes down to lists for every update, and up again', async () => {
    const migration = new StockMovesNotify1764001600000();
    const move = () => t.dataSource.query(`UPDATE products SET stock = stock + 1 WHERE name = 'Larch'`);
    await inMigrationTransaction(t.db.url, (q) => migration.down(q));
    expect(await payloadsOf(move)).toEqual(['lists']);
    await inMigrationTransaction(t.db.url, (q) => migration.up(q));
    expect(await payloadsOf(move)).toEqual(['stock']);
  });
});
