import { jest } from '@jest/globals';
import { ApiRoute, type Product, Role, type Session } from '@store/contract';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImportJob } from '@store/contract/dto/catalogue-transfer';
import request from 'supertest';
import { Database } from '../src/database/transactions.js';
import { CatalogueTransferService } from '../src/modules/catalogue/catalogue-transfer.service.js';
import { productCalls } from './fixtures/product-requests.js';
import { loadConfig } from '../src/config/env.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number];
const row = (cells: Partial<Record<Column, string>>) =>
  CATALOGUE_CSV_COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
const csv = (rows: string[]) => `${[CATALOGUE_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;

const COLOURS = ['Navy', 'White'];
const SIZES = ['S', 'M', 'L'];

/** A variant of a twin as the file and the admin form both give it. */
interface TwinVariant {
  colour: string;
  size: string;
  sku: string;
  stock: number;
  price: string;
  compareAt: string;
  active: boolean;
}

/**
 * A tee in 2 colours x 3 sizes; `changed`: every variant and every product field different, White/M before White/S
 * (the options' values, in the order they first appear, stay as they were).
 */
function twin(
  tag: string,
  changed: boolean,
): { name: string; description: string; price: string; compareAt: string; variants: TwinVariant[] } {
  const variants = COLOURS.flatMap((colour, c) =>
    SIZES.map((size, s): TwinVariant => {
      const sku = `TWIN-${tag}-${colour}-${size}`.toUpperCase();
      if (!changed) return { colour, size, sku, stock: 5, price: size === 'L' ? '22.00' : '', compareAt: '', active: true };
      // Navy/S and Navy/M swap their SKUs (the unique key may pass through a clash inside one statement).
      const swapped = colour === 'Navy' && size !== 'L' ? `TWIN-${tag}-NAVY-${size === 'S' ? 'M' : 'S'}` : sku;
      return {
        colour,
        size,
        sku: swapped,
        stock: 7 + 3 * c + s,
        price: size === 'M' ? '23.50' : '',
        compareAt: size === 'S' ? '26.00' : '',
        active: !(colour === 'White' && size === 'M'),
      };
    }),
  );
  return changed
    ? {
        name: 'Twin Tee Mk2',
        description: 'Now heavier, "garment dyed"',
        price: '21.00',
        compareAt: '30.00',
        variants: [...variants.slice(0, 3), variants[4], variants[3], variants[5]],
      }
    : { name: 'Twin Tee', description: 'A tee', price: '20.00', compareAt: '', variants };
}

const twinRows = (handle: string, tee: ReturnType<typeof twin>) =>
  tee.variants.map((v) =>
    row({
      handle,
      name: tee.name,
      description: tee.description,
      category: 'Update Tees',
      price: tee.price,
      compare_at_price: tee.compareAt,
      option1_name: 'Colour',
      option1_value: v.colour,
      option2_name: 'Size',
      option2_value: v.size,
      sku: v.sku,
      variant_price: v.price,
      variant_compare_at_price: v.compareAt,
      stock: String(v.stock),
      active: String(v.active),
    }),
  );

/** A product in sizes only, one row per size: `sizes` lists them with their stock. */
const sizedRows = (handle: string, sizes: Array<[string, number]>) =>
  sizes.map(([size, stock]) =>
    row({
      handle,
      name: 'Grow Tee',
      description: 'x',
      category: 'Update Tees',
      price: '15',
      option1_name: 'Size',
      option1_value: size,
      sku: `${handle}-${size}`.toUpperCase(),
      stock: String(stock),
    }),
  );

/**
 * An import that changes existing products: set-based (a statement per table for a batch) when their options stay,
 * with the very result the admin form's path gives, and the form's path kept for a product whose options change.
 */
describe('catalogue import changing products (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let transfer: CatalogueTransferService;

  beforeAll(async () => {
    // No back-in-stock pass on the catalogue's notifications: the statement counts below are the import's own.
    t = await createTestApp({ stockAlerts: { ...loadConfig({ NODE_ENV: 'test' }).stockAlerts, passEnabled: false } });
    admin = await signedInUser(t, Role.Admin);
    await productCalls(t, () => admin).category('Update Tees');
    transfer = t.app.get(CatalogueTransferService);
  });
  afterAll(() => t.close());

  const as = (test: request.Test) => test.set('Authorization', `Bearer ${admin.token}`);
  const imported = async (text: string): Promise<CatalogueImportJob> => {
    const started = (
      await as(request(t.http).post(api(ApiRoute.catalogueImportStart, { userId: admin.user._id })))
        .attach('file', Buffer.from(text), { filename: 'catalogue.csv', contentType: 'text/csv' })
        .expect(202)
    ).body as CatalogueImportJob;
    await transfer.settled(started._id);
    return (await as(request(t.http).get(api(ApiRoute.catalogueImport, { importId: started._id, userId: admin.user._id }))).expect(200))
      .body as CatalogueImportJob;
  };
  const idOf = async (handle: string): Promise<string> =>
    ((await t.dataSource.query(`SELECT id FROM products WHERE handle = $1`, [handle])) as [{ id: string }])[0].id;
  const product = async (handle: string): Promise<Product> =>
    (
      await request(t.http)
        .get(api(ApiRoute.product, { productId: await idOf(handle) }))
        .expect(200)
    ).body as Product;
  const lastUpdate = async (id: string) =>
    (
      (await t.dataSource.query(
        `SELECT changes FROM audit_log WHERE action = 'product.update' AND entity_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
        [id],
      )) as [{ changes: Record<string, unknown> }]
    )[0].changes;
  const idsByValues = (p: Product) => Object.fromEntries(p.variants!.map((v) => [v.options.join('/'), v._id]));
  /** A product or audit entry with its own ids, times and the twin's tag taken out, to compare twins. */
  const comparable = (value: unknown, tag: string): unknown =>
    JSON.parse(
      JSON.stringify(value, (key, v: unknown) => (['_id', 'createdAt', 'updatedAt'].includes(key) ? undefined : v)).replaceAll(
        `TWIN-${tag}-`,
        'TWIN-X-',
      ),
    );

  it('changes every variant in place, with the same product, stock, variant ids and audit entry as the admin form gives', async () => {
    const base = csv([
      ...twinRows('twin-a', twin('A', false)),
      ...twinRows('twin-b', twin('B', false)),
      ...sizedRows('grow-tee', [
        ['S', 2],
        ['M', 3],
      ]),
    ]);
    expect(await imported(base)).toMatchObject({ status: 'done', created: 3 });
    const [a0, b0, grow0] = await Promise.all([product('twin-a'), product('twin-b'), product('grow-tee')]);
    expect(comparable(a0, 'A')).toEqual(comparable(b0, 'B'));

    // twin-a through the import, in place; grow-tee, in the same batch, gains a size (its options change).
    const change = csv([
      ...twinRows('twin-a', twin('A', true)),
      ...sizedRows('grow-tee', [
        ['S', 2],
        ['M', 3],
        ['L', 4],
      ]),
    ]);
    const statements = jest.spyOn(t.app.get(Database), 'transactionRows');
    try {
      expect(await imported(change)).toMatchObject({ status: 'done', created: 0, updated: 2, unchanged: 0 });
      // twin-a's six variants went in the one set-based statement; grow-tee through the form's path.
      const inPlace = statements.mock.calls.filter(([sql]) => /^UPDATE product_variants v SET sku = f\.sku/.test(sql.trim()));
      expect(inPlace.map(([, values]) => (values as unknown[][])[0].length)).toEqual([6]);
    } finally {
      statements.mockRestore();
    }

    // twin-b through the admin form's path (PUT with options and variants), as the import did every change before.
    const changed = twin('B', true);
    const form = {
      name: changed.name,
      description: changed.description,
      price: changed.price,
      compareAtPrice: changed.compareAt,
      options: JSON.stringify([
        { name: 'Colour', values: COLOURS.map((value) => ({ value })) },
        { name: 'Size', values: SIZES.map((value) => ({ value })) },
      ]),
      variants: JSON.stringify(
        changed.variants.map((v) => ({
          options: [v.colour, v.size],
          sku: v.sku,
          stock: v.stock,
          price: v.price ? Number(v.price) : null,
          compareAtPrice: v.compareAt ? Number(v.compareAt) : null,
          active: v.active,
        })),
      ),
    };
    await productCalls(t, () => admin)
      .update(b0._id, form)
      .expect(200);

    const [a, b, grow] = await Promise.all([product('twin-a'), product('twin-b'), product('grow-tee')]);
    expect(comparable(a, 'A')).toEqual(comparable(b, 'B'));
    expect(a).toMatchObject({ name: 'Twin Tee Mk2', price: 21, compareAtPrice: 30, stock: 7 + 8 + 9 + 10 + 12 });
    expect(a.variants!.map((v) => v.options.join('/'))).toEqual(twin('A', true).variants.map((v) => `${v.colour}/${v.size}`));
    const navyS = a.variants!.find((v) => v.options.join('/') === 'Navy/S')!;
    expect(navyS).toMatchObject({ sku: 'TWIN-A-NAVY-M', compareAtPrice: 26 });
    expect(navyS.price).toBeUndefined();
    // Every variant kept its id (carts and order lines name variants by id), and the product its updatedAt moved.
    expect(idsByValues(a)).toEqual(idsByValues(a0));
    expect(a.updatedAt > a0.updatedAt).toBe(true);
    const [stored] = (await t.dataSource.query(`SELECT stock, sold FROM products WHERE id = $1`, [a._id])) as [
      { stock: number; sold: number },
    ];
    expect(stored).toEqual({ stock: a.stock, sold: 0 });
    expect(comparable(await lastUpdate(a._id), 'A')).toEqual(comparable(await lastUpdate(b._id), 'B'));

    expect(grow.variants!.map((v) => [v.options.join('/'), v.stock])).toEqual([
      ['S', 2],
      ['M', 3],
      ['L', 4],
    ]);
    expect(idsByValues(grow)).toMatchObject(idsByValues(grow0));
    expect(grow.stock).toBe(9);
  });

  it('takes as many statements for a batch of 12 changed products as for 2: one per table', async () => {
    const handles = Array.from({ length: 12 }, (_, i) => `count-${i}`);
    const file = (stock: number, changedHandles: string[]) =>
      csv(
        handles.flatMap((handle) =>
          twinRows(handle, twin(handle.toUpperCase(), false)).map((line) =>
            changedHandles.includes(handle) ? line.replace(/,5,true,$/, `,${stock},true,`) : line,
          ),
        ),
      );
    expect(await imported(file(5, []))).toMatchObject({ status: 'done', created: 12 });
    const db = t.app.get(Database);
    const statements = jest.spyOn(db, 'transactionRows');
    try {
      expect(await imported(file(6, handles.slice(0, 2)))).toMatchObject({ updated: 2, unchanged: 10 });
      const forTwo = statements.mock.calls.length;
      statements.mockClear();
      expect(await imported(file(7, handles))).toMatchObject({ updated: 12, unchanged: 0 });
      expect(statements.mock.calls.length).toBe(forTwo);
      expect(statements.mock.calls.filter(([sql]) => /^UPDATE product_variants/.test(sql.trim()))).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
    for (const handle of handles) expect((await product(handle)).variants!.every((v) => v.stock === 7)).toBe(true);
  });
});
