import { type Product } from '@store/contract';
import { CATALOGUE_CSV_COLUMNS } from '@store/contract/dto/catalogue-transfer';
import { zipOf } from '../../api/test/fixtures/zip';
import { call, fixtureBytes, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { screenshot, shown } from './support/browser';
import { choose, shopWithAdmin, shownPhoto, signInAsAdmin } from './support/catalogue';

/** A CSV in the export's columns from rows given as the columns they fill. */
function csv(...rows: Array<Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>>): Buffer {
  const lines = [CATALOGUE_CSV_COLUMNS.join(','), ...rows.map((row) => CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? '').join(','))];
  return Buffer.from(lines.map((line) => `${line}\r\n`).join(''));
}

/**
 * Photos by zip beside the CSV (docs/api.md, "Photos by zip") on the admin's Import / Export screen: a tee comes in by
 * CSV, then a zip of photos named for its handle, its colours and one of its SKUs is checked (what each file
 * becomes), confirmed, and the product page's gallery shows them.
 */
describe('catalogue photos by zip', () => {
  const t = shopWithAdmin();
  const handle = `zip-tee-${Date.now()}`;
  const description = unique('Photos from a zip');
  const name = 'Zip Tee';
  const sku = (colour: string) => `${handle}-${colour}-M`.toUpperCase();

  it('imports a tee in two colours from a CSV', async () => {
    const { page } = t;
    await page.goto('/admin/catalogue/csv');
    await signInAsAdmin(page, '/admin/catalogue/csv');
    const category = (await call<Array<{ name: string }>>('GET', '/categories')).body[0].name;
    const rows = csv(
      ...['Navy', 'White'].map((colour) => ({
        handle,
        name,
        description,
        category,
        option1_name: 'Colour',
        option1_value: colour,
        option2_name: 'Size',
        option2_value: 'M',
        sku: sku(colour),
        price: '22.00',
        stock: '4',
      })),
    );
    await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: rows });
    await page.getByRole('button', { name: 'Check file' }).click();
    await shown(page.getByText('2 rows, 1 product: 1 new, 0 changed, 0 unchanged.'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await shown(page.getByText('Import finished: 1 created, 0 updated, 0 unchanged.'));
  });

  it('checks a zip of photos named for the handle, its colours and a SKU, then adds them on confirmation', async () => {
    const { page } = t;
    // Taken in name order: the SKU's (capitals) first, a photo of its variant's colour, White.
    // Stored as they are, as an admin's "compress" keeps photos, which are compressed already.
    const zip = zipOf([
      { name: `${handle}+navy.jpg`, data: fixtureBytes('blue-tee.jpg'), stored: true },
      { name: `${handle}+white.png`, data: fixtureBytes('red-tee.png'), stored: true },
      { name: `${sku('White')}.jpg`, data: fixtureBytes('blue-tee.jpg'), stored: true },
    ]);
    await page.getByLabel('Zip of photos', { exact: true }).setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Check zip' }).click();
    const table = await shown(page.getByRole('table', { name: 'Photos in the zip' }));
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      [`${sku('White')}.jpg`, handle, 'White'],
      [`${handle}+navy.jpg`, handle, 'Navy'],
      [`${handle}+white.png`, handle, 'White'],
    ]);
    // The dry run wrote nothing.
    expect((await product()).photos).toEqual([]);
    await screenshot(page, 'admin-catalogue-photo-zip');
    await expectAccessible(page, 'admin-catalogue-photo-zip');

    await page.getByRole('button', { name: 'Add photos' }).click();
    await shown(page.getByText('3 photos added to 1 product.'));
    expect((await product()).photos!.map((photo) => photo.alt)).toEqual([`${name} in White`, `${name} in Navy`, `${name} in White`]);
  });

  it("the product page's gallery shows the zip's photos, in the zip's order, each with its colour's alt text", async () => {
    const { page } = t;
    const tee = await product();
    const large = page.locator('img.product-page-photo');
    await page.goto(`/product/${tee._id}`);
    await shown(page.getByRole('heading', { level: 1, name }));
    // No colour chosen and no photo of the tee as a whole: the whole gallery, a thumbnail per photo.
    const names = await page
      .getByRole('button', { name: /^Show photo / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(names).toEqual([
      `Show photo 1 of 3: ${name} in White`,
      `Show photo 2 of 3: ${name} in Navy`,
      `Show photo 3 of 3: ${name} in White`,
    ]);
    // The first photo is the product's photo route without an id; the others by their ids.
    expect(await large.getAttribute('src')).toContain(`/api/product/photo/${tee._id}?size=large`);
    await page.getByRole('button', { name: `Show photo 2 of 3: ${name} in Navy` }).click();
    expect(await shownPhoto(page)).toBe(`${name} in Navy`);
    expect(await large.getAttribute('src')).toContain(`/api/product/photo/${tee._id}/${tee.photos![1]._id}`);
    await screenshot(page, 'product-gallery-from-zip');
    // Choosing a colour narrows the gallery to its photos: the import's colours carry no swatch, the zip's photos
    // tie them to the option the gallery follows.
    await choose(page, 'Colour', 'White');
    await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Show photo "]').length === 2);
    expect(await shownPhoto(page)).toBe(`${name} in White`);
    await choose(page, 'Colour', 'Navy');
    await page.waitForFunction((alt) => document.querySelector('img.product-page-photo')?.getAttribute('alt') === alt, `${name} in Navy`);
    expect(await page.getByRole('button', { name: /^Show photo / }).count()).toBe(0);
  });

  /** The imported tee as the API answers it (with its gallery). */
  async function product(): Promise<Product> {
    const list = (await call<Product[]>('GET', '/products?limit=100&sortBy=createdAt&order=desc')).body;
    const found = list.find((p) => p.description === description);
    if (!found) throw new Error(`no product has the description "${description}"`);
    return (await call<Product>('GET', `/product/${found._id}`)).body;
  }
});
