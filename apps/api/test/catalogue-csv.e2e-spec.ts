import { ApiRoute, type Category, type Product, Role, type Session } from '@store/contract';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_IMPORT_MAX_BYTES,
  type CatalogueImportJob,
  type CatalogueImportReport,
} from '@store/contract/dto/catalogue-transfer';
import request from 'supertest';
import { CatalogueImports1764000710000 } from '../src/database/migrations/1764000710000-catalogue-imports.js';
import { ProductHandles1764000700000 } from '../src/database/migrations/1764000700000-product-handles.js';
import { CatalogueTransferService } from '../src/modules/catalogue/catalogue-transfer.service.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const HEADER = CATALOGUE_CSV_COLUMNS.join(',');

/** A CSV row from the columns it fills (the others empty). */
function row(cells: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>): string {
  return CATALOGUE_CSV_COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;

/** The catalogue's CSV export and import end to end on a real Postgres: dry run, batches, round trip, resume. */
describe('catalogue import and export (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let tees: Category;
  let transfer: CatalogueTransferService;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, Role.Admin);
    tees = await productCalls(t, () => admin).category('Import Tees');
    transfer = t.app.get(CatalogueTransferService);
  });
  afterAll(() => t.close());

  const as = (test: request.Test) => test.set('Authorization', `Bearer ${admin.token}`);
  const userId = () => admin.user._id;
  const upload = (route: string, text: string | Buffer) =>
    as(request(t.http).post(route)).attach('file', Buffer.isBuffer(text) ? text : Buffer.from(text), {
      filename: 'catalogue.csv',
      contentType: 'text/csv',
    });
  const dryRun = (text: string) => upload(api(ApiRoute.catalogueImportCheck, { userId: userId() }), text);
  const start = (text: string) => upload(api(ApiRoute.catalogueImportStart, { userId: userId() }), text);
  const exported = async () =>
    (
      await as(request(t.http).get(api(ApiRoute.catalogueExport, { userId: userId() })))
        .expect(200)
        .expect('Content-Type', /text\/csv/)
    ).text;
  /** Starts an import and waits for it to end; its job as GET answers it. */
  const imported = async (text: string): Promise<CatalogueImportJob> => {
    const started = (await start(text).expect(202)).body as CatalogueImportJob;
    await transfer.settled(started._id);
    return (await as(request(t.http).get(api(ApiRoute.catalogueImport, { importId: started._id, userId: userId() }))).expect(200))
      .body as CatalogueImportJob;
  };
  const count = async (sql: string, values: unknown[] = []) => Number(((await t.dataSource.query(sql, values)) as [{ n: string }])[0].n);
  const productByHandle = async (handle: string): Promise<Product> => {
    const [{ id }] = (await t.dataSource.query(`SELECT id FROM products WHERE handle = $1`, [handle])) as [{ id: string }];
    return (
      await request(t.http)
        .get(api(ApiRoute.product, { productId: id }))
        .expect(200)
    ).body as Product;
  };

  const good = () =>
    csv(
      ...['Navy', 'White'].flatMap((colour, c) =>
        ['S', 'M', 'L'].map((size, s) =>
          row({
            handle: 'crew-tee',
            name: 'Crew Tee',
            description: 'Soft cotton, "classic" cut,\nmade to last',
            category: 'import tees',
            option1_name: 'Colour',
            option1_value: colour,
            option2_name: 'Size',
            option2_value: size,
            sku: `CREW-${colour.toUpperCase()}-${size}`,
            price: '25.00',
            compare_at_price: c === 0 && s === 0 ? '30' : '',
            variant_price: size === 'L' ? '27.50' : '',
            stock: String(10 * (c + 1) + s),
            active: colour === 'White' && size === 'L' ? 'false' : 'true',
          }),
        ),
      ),
      row({
        handle: 'plain-tote',
        name: 'Plain Tote',
        description: 'A bag',
        category: 'Import Tees',
        sku: 'TOTE-1',
        price: '12.5',
        stock: '7',
      }),
    );

  it('a dry run reports every bad row (line, column, message) and writes nothing; the import refuses the same file', async () => {
    const before = await count(`SELECT count(*) AS n FROM products`);
    const bad = csv(
      row({ handle: 'ok-tee', name: 'Ok Tee', description: 'Fine', category: 'Import Tees', sku: 'OK-1', price: '10', stock: '1' }),
      row({ handle: 'bad-price', name: 'Bad', description: 'x', category: 'Import Tees', sku: 'BAD-1', price: 'ten', stock: '1' }),
      row({ handle: 'bad-stock', name: 'Bad', description: 'x', category: 'Import Tees', sku: 'BAD-2', price: '1', stock: '-4' }),
      row({ handle: 'no-cat', name: 'Bad', description: 'x', category: 'Hats', sku: 'BAD-3', price: '1', stock: '1' }),
      row({ handle: 'dup-sku', name: 'Dup', description: 'x', category: 'Import Tees', sku: 'ok-1', price: '1', stock: '1' }),
      row({ handle: 'Not A Handle', name: 'Bad', description: 'x', category: 'Import Tees', sku: 'BAD-4', price: '1', stock: '1' }),
      row({ handle: 'long', name: 'N'.repeat(33), description: 'x', category: 'Import Tees', sku: 'BAD-5', price: '1', stock: '1' }),
      row({ handle: 'ctl', name: 'Bell\u0007', description: 'x', category: 'Import Tees', sku: 'BAD-6', price: '1', stock: '1' }),
      row({
        handle: 'mixed',
        name: 'Mixed',
        description: 'x',
        category: 'Import Tees',
        option1_name: 'Size',
        option1_value: 'S',
        sku: 'MIX-S',
        price: '1',
        stock: '1',
      }),
      row({ handle: 'mixed', option1_name: 'Colour', option1_value: 'Red', sku: 'MIX-R', price: '2', stock: '1' }),
    );
    const report = (await dryRun(bad).expect(200)).body as CatalogueImportReport;
    expect(report.errors).toEqual([
      { line: 3, column: 'price', message: expect.stringContaining('Price must be a number') },
      { line: 4, column: 'stock', message: 'Stock must not be negative' },
      { line: 5, column: 'category', message: 'No category is named "Hats"' },
      { line: 6, column: 'sku', message: 'SKU ok-1 is on line 2 too' },
      { line: 7, column: 'handle', message: expect.stringContaining('A handle is 1 to 80') },
      { line: 8, column: 'name', message: 'Name must be 1 to 32 characters (it has 33)' },
      { line: 9, column: 'name', message: 'Name must not contain control or invalid characters' },
      { line: 11, column: 'price', message: expect.stringContaining('Differs from line 10') },
      { line: 11, column: 'option1_name', message: expect.stringContaining('Differs from line 10') },
    ]);
    expect(report).toMatchObject({ products: 0, create: 0, errorsTruncated: false });

    const refused = await start(bad).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'The file has 9 errors; nothing was imported' });
    expect(refused.body.details[0]).toEqual({ field: 'line 3, price', message: expect.stringContaining('Price must be') });
    expect(await count(`SELECT count(*) AS n FROM products`)).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM catalogue_imports`)).toBe(0);
  });

  it('refuses a wrong header on line 1, a file past the size cap (413), and a file that is not UTF-8', async () => {
    const report = (await dryRun('handle,name,colour\r\nx,y,z\r\n').expect(200)).body as CatalogueImportReport;
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { line: 1, column: 'colour', message: expect.stringContaining('Unknown column "colour"') },
        { line: 1, column: 'sku', message: 'The header must have a "sku" column' },
      ]),
    );
    const big = Buffer.alloc(CATALOGUE_IMPORT_MAX_BYTES + 1, 'a');
    const tooLarge = await dryRun(big.toString()).expect(413);
    expect(tooLarge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining('8 MB') });
    const latin1 = await upload(api(ApiRoute.catalogueImportCheck, { userId: userId() }), Buffer.from([0x68, 0xe9, 0x0a])).expect(400);
    expect(latin1.body.details).toEqual([{ field: 'file', message: expect.stringContaining('not UTF-8') }]);
  });

  it('imports products with options and variants, audited; an export imported back changes nothing', async () => {
    const auditBefore = await count(`SELECT count(*) AS n FROM audit_log`);
    const check = (await dryRun(good()).expect(200)).body as CatalogueImportReport;
    expect(check).toEqual({ rows: 7, products: 2, create: 2, update: 0, unchanged: 0, errors: [], errorsTruncated: false });

    const job = await imported(good());
    expect(job).toMatchObject({ status: 'done', rows: 7, products: 2, batches: 1, batchesDone: 1, created: 2, updated: 0, unchanged: 0 });
    const crew = await productByHandle('crew-tee');
    expect(crew).toMatchObject({
      name: 'Crew Tee',
      description: 'Soft cotton, "classic" cut,\nmade to last',
      price: 25,
      compareAtPrice: 30,
      category: tees._id,
      stock: 10 + 11 + 12 + 20 + 21, // the inactive White / L not counted
    });
    expect(crew.options!.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
      ['Colour', ['Navy', 'White']],
      ['Size', ['S', 'M', 'L']],
    ]);
    expect(crew.variants!.find((v) => v.sku === 'CREW-WHITE-L')).toMatchObject({
      options: ['White', 'L'],
      price: 27.5,
      active: false,
      stock: 22,
    });
    expect(await productByHandle('plain-tote')).toMatchObject({ price: 12.5, stock: 7, options: [] });
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'product.create'`)).toBe(2);

    const exportedCsv = await exported();
    const lines = exportedCsv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(exportedCsv).toContain(
      'crew-tee,Crew Tee,"Soft cotton, ""classic"" cut,\nmade to last",Import Tees,Colour,Navy,Size,S,,,CREW-NAVY-S,25.00,30.00,,,,,10,true,',
    );
    expect(exportedCsv).toContain('plain-tote,Plain Tote,A bag,Import Tees,,,,,,,TOTE-1,12.50,,,,,,7,true,');

    const updatedAt = (await productByHandle('crew-tee')).updatedAt;
    const again = (await dryRun(exportedCsv).expect(200)).body as CatalogueImportReport;
    expect(again).toMatchObject({ products: 2, create: 0, update: 0, unchanged: 2, errors: [] });
    expect(await imported(exportedCsv)).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 2 });
    expect(await exported()).toBe(exportedCsv);
    expect((await productByHandle('crew-tee')).updatedAt).toBe(updatedAt);
    expect(await count(`SELECT count(*) AS n FROM audit_log`)).toBe(auditBefore + 2);
  });

  it('upserts by handle and SKU: a changed price and stock update the product in place, one audit entry', async () => {
    const before = await productByHandle('crew-tee');
    const changed = good().replaceAll(',25.00,', ',26.00,').replace('CREW-NAVY-M,26.00,,,,,,11,', 'CREW-NAVY-M,26.00,,,,,,99,');
    expect(changed).toContain('CREW-NAVY-M,26.00,,,,,,99,');
    const job = await imported(changed);
    expect(job).toMatchObject({ status: 'done', created: 0, updated: 1, unchanged: 1 });
    const after = await productByHandle('crew-tee');
    expect(after.price).toBe(26);
    expect(after.variants!.find((v) => v.sku === 'CREW-NAVY-M')).toMatchObject({
      stock: 99,
      _id: before.variants!.find((v) => v.sku === 'CREW-NAVY-M')!._id,
    });
    const [entry] = (await t.dataSource.query(
      `SELECT changes FROM audit_log WHERE action = 'product.update' AND entity_id = $1 ORDER BY at DESC LIMIT 1`,
      [after._id],
    )) as [{ changes: Record<string, unknown> }];
    expect(Object.keys(entry.changes).sort()).toEqual(['price', 'stock', 'variants']);
  });

  it("takes weights (the product's, a variant's own), checks them by line and column, and round-trips them", async () => {
    /** Two rows, S then XL: the product's weight on the first (and `xlProduct` on the second), each variant's own. */
    const hoodie = (weights: { product: string; xlProduct?: string; s?: string; xl: string }) =>
      csv(
        ...['S', 'XL'].map((size) =>
          row({
            handle: 'heavy-hoodie',
            name: 'Heavy Hoodie',
            description: 'Fleece',
            category: 'Import Tees',
            option1_name: 'Size',
            option1_value: size,
            sku: `HOODIE-${size}`,
            price: '40',
            weight: size === 'S' ? weights.product : (weights.xlProduct ?? ''),
            variant_weight: size === 'XL' ? weights.xl : (weights.s ?? ''),
            stock: '5',
          }),
        ),
      );
    const bad = (await dryRun(hoodie({ product: '300', s: 'heavy', xl: '0' })).expect(200)).body as CatalogueImportReport;
    const message = (value: string) => `A weight must be whole grams from 1 to 1000000 (or empty for the product's), not "${value}"`;
    expect(bad.errors).toEqual([
      { line: 2, column: 'variant_weight', message: message('heavy') },
      { line: 3, column: 'variant_weight', message: message('0') },
    ]);
    const differs = (await dryRun(hoodie({ product: '300', xlProduct: '310', xl: '900' })).expect(200)).body as CatalogueImportReport;
    expect(differs.errors).toEqual([{ line: 3, column: 'weight', message: expect.stringContaining('Differs from line 2') }]);

    expect(await imported(hoodie({ product: '300', xl: '900' }))).toMatchObject({ status: 'done', created: 1 });
    const created = await productByHandle('heavy-hoodie');
    expect(created.weight).toBe(300);
    expect(created.variants!.map((v) => [v.sku, v.weight])).toEqual([
      ['HOODIE-S', undefined],
      ['HOODIE-XL', 900],
    ]);
    const exportedCsv = await exported();
    expect(exportedCsv).toContain('HOODIE-S,40.00,,,,300,,5,true,');
    expect(exportedCsv).toContain('HOODIE-XL,40.00,,,,300,900,5,true,');
    // The export imported back changes nothing: no write, no audit entry, the same export.
    const auditBefore = await count(`SELECT count(*) AS n FROM audit_log`);
    expect((await dryRun(exportedCsv).expect(200)).body).toMatchObject({ update: 0, errors: [] });
    expect(await imported(exportedCsv)).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await exported()).toBe(exportedCsv);
    expect(await count(`SELECT count(*) AS n FROM audit_log`)).toBe(auditBefore);

    // A new weight for a variant is a change in place; a file without the weight columns keeps every weight.
    expect(await imported(hoodie({ product: '300', xl: '950' }))).toMatchObject({ updated: 1 });
    expect((await productByHandle('heavy-hoodie')).variants!.map((v) => v.weight)).toEqual([undefined, 950]);
    const [weight, variantWeight] = [CATALOGUE_CSV_COLUMNS.indexOf('weight'), CATALOGUE_CSV_COLUMNS.indexOf('variant_weight')];
    const noWeights = `${exportedCsv
      .split('\r\n')
      .filter((line, index) => index === 0 || line.startsWith('heavy-hoodie,'))
      .map((line) =>
        line
          .split(',')
          .filter((_, column) => column !== weight && column !== variantWeight)
          .join(','),
      )
      .join('\r\n')}\r\n`;
    expect(noWeights).not.toContain('weight');
    expect(await imported(noWeights)).toMatchObject({ status: 'done', updated: 0 });
    const kept = await productByHandle('heavy-hoodie');
    expect([kept.weight, ...kept.variants!.map((v) => v.weight)]).toEqual([300, undefined, 950]);
  });

  it('refuses a SKU another product holds, naming it', async () => {
    const clash = csv(
      row({ handle: 'other-tee', name: 'Other', description: 'x', category: 'Import Tees', sku: 'TOTE-1', price: '1', stock: '1' }),
    );
    const report = (await dryRun(clash).expect(200)).body as CatalogueImportReport;
    expect(report.errors).toEqual([{ line: 2, column: 'sku', message: 'SKU TOTE-1 belongs to another product ("plain-tote")' }]);
  });

  it('gives products made by the admin form a handle from their name, unique', async () => {
    const calls = productCalls(t, () => admin);
    const first = await calls.created(productForm(tees, { name: 'Café Crème Tee' }));
    const second = await calls.created(productForm(tees, { name: 'Café Crème Tee' }));
    const handles = (await t.dataSource.query(`SELECT id, handle FROM products WHERE id = ANY($1::uuid[])`, [
      [first._id, second._id],
    ])) as Array<{
      id: string;
      handle: string;
    }>;
    expect(handles.find((h) => h.id === first._id)!.handle).toBe('cafe-creme-tee');
    expect(handles.find((h) => h.id === second._id)!.handle).toBe(`cafe-creme-tee-${second._id.replaceAll('-', '').slice(0, 8)}`);
  });

  it('an import cut short resumes from its last committed batch', async () => {
    const many = csv(
      ...Array.from({ length: 150 }, (_, i) =>
        row({
          handle: `batch-tee-${i}`,
          name: `Batch Tee ${i}`,
          description: 'x',
          category: 'Import Tees',
          sku: `BATCH-${i}`,
          price: '5',
          stock: '1',
        }),
      ),
    );
    // As a process that stopped after committing batch 1 of 2 (of 100 products) would leave it.
    const [{ id }] = (await t.dataSource.query(
      `INSERT INTO catalogue_imports (csv, actor, rows, products, batches, batches_done, created, updated_at)
       VALUES ($1, $2, 150, 150, 2, 1, 100, now() - interval '1 hour') RETURNING id`,
      [many, JSON.stringify({ id: admin.user._id, name: 'Admin User', email: admin.user.email })],
    )) as [{ id: string }];
    expect(await transfer.resumeStale(60)).toEqual([id]);
    await transfer.settled(id);
    const job = (await as(request(t.http).get(api(ApiRoute.catalogueImport, { importId: id, userId: userId() }))).expect(200)).body;
    expect(job).toMatchObject({ status: 'done', batchesDone: 2, created: 150 });
    // Only the second batch was applied: the first was (as far as the job knew) committed already.
    expect(await count(`SELECT count(*) AS n FROM products WHERE handle LIKE 'batch-tee-%'`)).toBe(50);
    expect(await count(`SELECT count(*) AS n FROM products WHERE handle = 'batch-tee-149'`)).toBe(1);
    expect(await transfer.resumeStale(60)).toEqual([]);
  });

  it('answers 404 for an unknown import and 401 without a session', async () => {
    await as(
      request(t.http).get(api(ApiRoute.catalogueImport, { importId: '00000000-0000-4000-8000-000000000000', userId: userId() })),
    ).expect(404);
    await request(t.http)
      .get(api(ApiRoute.catalogueExport, { userId: userId() }))
      .expect(401);
  });

  it('the migrations go down and up again: every product gets its handle from its name again, unique', async () => {
    const q = t.dataSource.createQueryRunner();
    try {
      await new CatalogueImports1764000710000().down(q);
      await new ProductHandles1764000700000().down(q);
      expect(
        await count(`SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'handle'`),
      ).toBe(0);
      await new ProductHandles1764000700000().up(q);
      await new CatalogueImports1764000710000().up(q);
    } finally {
      await q.release();
    }
    const rows = (await t.dataSource.query(`SELECT id, name, handle FROM products ORDER BY created_at, id`)) as Array<{
      id: string;
      name: string;
      handle: string;
    }>;
    expect(new Set(rows.map((r) => r.handle)).size).toBe(rows.length);
    expect(rows.find((r) => r.name === 'Crew Tee')!.handle).toBe('crew-tee');
    const cafes = rows.filter((r) => r.name === 'Café Crème Tee');
    expect(cafes.map((r) => r.handle)).toEqual(['cafe-creme-tee', `cafe-creme-tee-${cafes[1].id.replaceAll('-', '').slice(0, 8)}`]);
  });
});
