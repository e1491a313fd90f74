import { ApiRoute, apiPath, type Category, type Product } from '@store/contract';
import { CATALOGUE_CSV_COLUMNS } from '@store/contract/dto/catalogue-transfer';
import type { Page } from 'playwright-core';
import { call, signin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { screenshot, shopInBrowser, shown, store } from './support/browser';
import { signInAsAdmin } from './support/catalogue';

/** A CSV in the export's columns from rows given as the columns they fill. */
function csv(...rows: Array<Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>>): Buffer {
  const lines = [CATALOGUE_CSV_COLUMNS.join(','), ...rows.map((row) => CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '').join(','))];
  return Buffer.from(lines.map((line) => `${line}\r\n`).join(''));
}

/**
 * An admin imports a catalogue CSV through the admin screen: a file with one bad row is refused with the row's line,
 * column and problem and nothing written; the fixed file is checked, confirmed, and imported to the end.
 */
describe('catalogue CSV import', () => {
  const t = shopInBrowser();
  let page: Page;
  const admin = store.admin();
  const categoryName = unique('CSV Tees').slice(0, 32);
  const handle = `csv-tee-${Date.now()}`;
  let token: string;

  beforeAll(async () => {
    ({ page } = t);
    const session = await signin(admin.email, admin.password);
    token = session.token;
    const created = await call<Category>('POST', apiPath(ApiRoute.categoryCreate, { userId: session.user._id }), {
      token,
      json: { name: categoryName },
    });
    expect(created.status).toBe(201);
  });

  const rows = (price: string) =>
    csv(
      ...['S', 'M'].map((size) => ({
        handle,
        name: 'CSV Tee',
        description: 'Imported from a spreadsheet',
        category: categoryName,
        option1_name: 'Size',
        option1_value: size,
        sku: `${handle}-${size}`.toUpperCase(),
        price: size === 'S' ? '20.00' : price,
        stock: '5',
      })),
    );

  it('signs in and opens Import / Export CSV from the admin dashboard', async () => {
    await page.goto('/admin/dashboard');
    await signInAsAdmin(page, '/admin/dashboard');
    await page.getByRole('link', { name: 'Import / Export CSV' }).click();
    await page.waitForURL('**/admin/catalogue/csv');
    await shown(page.getByRole('button', { name: 'Export CSV' }));
  });

  it('lists the one bad row of a file (line, column, problem) and imports nothing', async () => {
    await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: rows('twenty') });
    await page.getByRole('button', { name: 'Check file' }).click();
    await shown(page.getByText('1 problem found; nothing was imported. Fix the file and check it again.'));
    const table = page.getByRole('table', { name: 'Problems in the file' });
    const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells).toEqual([
      '3',
      'price',
      'Differs from line 2: every row of "' + handle + '" has the product\'s price (or leaves it empty)',
    ]);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-catalogue-csv-errors');
    await expectAccessible(page, 'admin-catalogue-csv-errors');
    const list = await call<Product[]>('GET', `${ApiRoute.products}?limit=100&sortBy=createdAt&order=desc`);
    expect(list.body.some((p) => p.description === 'Imported from a spreadsheet')).toBe(false);
  });

  it('checks the fixed file, imports it on confirmation and shows the progress to the end', async () => {
    await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: rows('') });
    await page.getByRole('button', { name: 'Check file' }).click();
    await shown(page.getByText('2 rows, 1 product: 1 new, 0 changed, 0 unchanged.'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await shown(page.getByText('Import finished: 1 created, 0 updated, 0 unchanged.'));
    await screenshot(page, 'admin-catalogue-csv-done');
    await expectAccessible(page, 'admin-catalogue-csv-done');
    const list = await call<Product[]>('GET', `${ApiRoute.products}?limit=100&sortBy=createdAt&order=desc`);
    const product = list.body.find((p) => p.description === 'Imported from a spreadsheet');
    expect(product).toMatchObject({ name: 'CSV Tee', price: 20, stock: 10 });
    expect(product!.variants!.map((v) => v.sku)).toEqual([`${handle}-S`.toUpperCase(), `${handle}-M`.toUpperCase()]);
  });
});
