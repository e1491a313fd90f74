import type { Category, Product } from '@store/contract';
import type { Page } from 'playwright-core';
import { call, fixture, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { screenshot, shopInBrowser, shown } from './support/browser';
import { signInAsAdmin } from './support/catalogue';

/** The admin's product form builds a tee in 3 colours and 4 sizes: options, the variant grid, a bulk stock and price. */
describe('admin: options and variants', () => {
  const t = shopInBrowser();
  let page: Page;

  beforeAll(async () => {
    ({ page } = t);
  });

  it('creates a product in 3 colours x 4 sizes, every M at its own stock and price, and the shop shows it', async () => {
    await page.goto('/admin/create/product');
    await signInAsAdmin(page, '/admin/create/product');

    const name = unique('Grid Tee');
    const [category] = (await call<Category[]>('GET', '/categories')).body;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Three colours, four sizes, made in the browser test.');
    await page.getByLabel('Price', { exact: true }).fill('20');
    await page.getByLabel('Compare-at (optional)').fill('28');
    await page.getByLabel('Category').selectOption({ label: category.name });
    await page.getByLabel('Photo').setInputFiles(fixture('red-tee.png'));

    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 name').fill('Colour');
    await page.getByLabel('Option 1 values').fill('Blue #1e3a8a, Red #b91c1c, Black #111111');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 2 name').fill('Size');
    await page.getByLabel('Option 2 values').fill('S, M, L, XL');
    // The plain stock and sizes give way to the variants.
    expect(await page.getByLabel('Stock', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Make the variants' }).click();
    const table = await shown(page.getByRole('table'));
    expect(await table.getByRole('row').count()).toBe(13);

    const bulk = page.getByRole('group', { name: 'Set for all' });
    await bulk.getByLabel('Stock').fill('3');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await bulk.getByLabel('Set for all').selectOption({ label: 'Size: M' });
    await bulk.getByLabel('Stock').fill('7');
    await bulk.getByLabel('Price').fill('25');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    expect(await page.getByLabel('Stock of Red / M').inputValue()).toBe('7');
    expect(await page.getByLabel('Stock of Red / L').inputValue()).toBe('3');
    await page.getByLabel('Black / XL active').uncheck();
    await shown(page.getByText('Total stock: 45'));
    await screenshot(page, 'admin-variants');
    await expectAccessible(page, 'admin product form with variants');

    await page.getByRole('button', { name: 'Create Product' }).click();
    await shown(page.getByText(`${name} created successfully`, { exact: true }));

    const products = (await call<Product[]>('GET', '/products?limit=100&sortBy=createdAt&order=desc')).body;
    const created = products.find((p) => p.name === name)!;
    expect(created.options?.map((o) => [o.name, o.values.map((v) => v.swatch ?? v.value)])).toEqual([
      ['Colour', ['#1e3a8a', '#b91c1c', '#111111']],
      ['Size', ['S', 'M', 'L', 'XL']],
    ]);
    expect(created.variants).toHaveLength(12);
    for (const variant of created.variants!) {
      const m = variant.options[1] === 'M';
      expect([variant.options.join('/'), variant.stock, variant.price, variant.active]).toEqual([
        variant.options.join('/'),
        m ? 7 : 3,
        m ? 25 : undefined,
        variant.options.join('/') !== 'Black/XL',
      ]);
    }
    expect(created).toMatchObject({ stock: 45, compareAtPrice: 28 });
  });
});
