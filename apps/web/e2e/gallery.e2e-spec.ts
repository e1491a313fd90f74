import type { Category, Product, Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, fixture, fixtureBytes, getProduct, signin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { launchChromium, openShop, screenshot, shown, store, type ShopPage } from './support/browser';

/** A product with the blue tee as its photo, made through the admin API. */
async function createProduct(admin: Session, name: string): Promise<Product> {
  const [category] = (await call<Category[]>('GET', '/categories')).body;
  const form = new FormData();
  const values = { name, description: 'A tee with a gallery.', price: '22.00', stock: '5', category: category._id };
  for (const [field, value] of Object.entries(values)) form.append(field, value);
  form.append('photo', new Blob([new Uint8Array(fixtureBytes('blue-tee.jpg'))], { type: 'image/jpeg' }), 'blue-tee.jpg');
  const { status, body } = await call<Product>('POST', `/product/create/${admin.user._id}`, { token: admin.token, form });
  if (status !== 201) throw new Error(`creating a product answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The alt text of the large photo the product page shows now. */
const shownPhoto = (page: Page) => page.locator('img.product-page-photo').getAttribute('alt');
const photoIds = async (productId: string) => ((await getProduct(productId)).body.photos ?? []).map((photo) => photo._id);

/**
 * The gallery: an admin adds photos with their alt texts and orders them (by keyboard and by drag) on the product's
 * edit page; the product page shows them with Previous/Next, the arrow keys, thumbnails and a swipe.
 */
describe('product gallery', () => {
  let browser: Browser;
  let shop: ShopPage;
  let page: Page;
  let admin: Session;
  let tee: Product;

  beforeAll(async () => {
    browser = await launchChromium();
    shop = await openShop(browser);
    page = shop.page;
    admin = await signin(store.admin().email, store.admin().password);
    tee = await createProduct(admin, unique('Gallery Tee'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(shop.pageErrors).toEqual([]);
  });

  it('lets an admin add photos with alt text, order them by keyboard and by drag, and save the gallery', async () => {
    await page.goto(`/admin/product/update/${tee._id}`);
    await page.waitForURL('**/signin');
    await page.getByLabel('Email').fill(store.admin().email);
    await page.getByLabel('Password').fill(store.admin().password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/admin/product/update/${tee._id}`);
    await shown(page.getByRole('heading', { name: 'Photos (1 of 12)' }));

    const add = page.getByRole('form', { name: 'Add a photo' });
    // The alt text is required: nothing is sent without it.
    await add.getByLabel('Image to add').setInputFiles(fixture('red-tee.png'));
    await add.getByRole('button', { name: 'Add photo' }).click();
    await shown(add.getByText(/1 to 200 characters|is required/));
    expect(await photoIds(tee._id)).toHaveLength(1);
    await add.getByLabel('Alt text').fill('Red tee, front');
    await add.getByRole('button', { name: 'Add photo' }).click();
    await shown(page.getByRole('heading', { name: 'Photos (2 of 12)' }));
    await add.getByLabel('Image to add').setInputFiles(fixture('blue-tee.jpg'));
    await add.getByLabel('Alt text').fill('Blue tee, folded');
    await add.getByRole('button', { name: 'Add photo' }).click();
    await shown(page.getByRole('heading', { name: 'Photos (3 of 12)' }));
    const [first, red, folded] = await photoIds(tee._id);

    // By keyboard: focus the Move button and press Enter.
    await page.getByRole('button', { name: 'Move image 2 earlier' }).focus();
    await page.keyboard.press('Enter');
    await shown(page.getByText('Image moved to place 1 of 3'));
    // By drag: the folded one onto the first place.
    const items = page.getByRole('form', { name: 'Gallery' }).getByRole('listitem');
    await items.nth(2).dragTo(items.nth(0));
    expect(await items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-photo-id')))).toEqual([folded, red, first]);
    await page.getByLabel('Alt text of image 3').fill('Blue tee, front');
    await page.getByRole('button', { name: 'Save gallery' }).click();
    await shown(page.getByText('Gallery saved'));
    await screenshot(page, 'admin-product-gallery');
    await expectAccessible(page, 'admin product gallery');

    const saved = (await getProduct(tee._id)).body;
    expect(saved.photos).toEqual([
      { _id: folded, alt: 'Blue tee, folded', optionValue: null },
      { _id: red, alt: 'Red tee, front', optionValue: null },
      { _id: first, alt: 'Blue tee, front', optionValue: null },
    ]);
    // The grid's card shows the new first photo: the photo URL without an id serves its bytes.
    const card = await fetch(`${store.baseUrl}/api/product/photo/${tee._id}?size=card`);
    const folder = await fetch(`${store.baseUrl}/api/product/photo/${tee._id}/${folded}?size=card`);
    expect(card.headers.get('etag')).toBe(folder.headers.get('etag'));
  });

  it('shows the gallery on the product page: Next and Previous, arrow keys, thumbnails and a swipe', async () => {
    await page.goto(`/product/${tee._id}`);
    const gallery = await shown(page.getByRole('region', { name: `Photos of ${tee.name}` }));
    expect(await shownPhoto(page)).toBe('Blue tee, folded');
    await page.waitForFunction(() => (document.querySelector('img.product-page-photo') as HTMLImageElement | null)?.naturalWidth);
    await page.getByRole('button', { name: 'Next photo' }).click();
    expect(await shownPhoto(page)).toBe('Red tee, front');
    await page.getByRole('button', { name: 'Previous photo' }).click();
    expect(await shownPhoto(page)).toBe('Blue tee, folded');
    await page.getByRole('button', { name: 'Show photo 3 of 3: Blue tee, front' }).click();
    expect(await shownPhoto(page)).toBe('Blue tee, front');
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    expect(await shownPhoto(page)).toBe('Blue tee, folded');
    await page.keyboard.press('ArrowLeft');
    expect(await shownPhoto(page)).toBe('Blue tee, front');

    // A swipe to the left: the next photo (touch events, as a phone sends them).
    const photo = page.locator('img.product-page-photo');
    await photo.evaluate((img) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: img, clientX: x, clientY: 200 });
      img.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(300)], changedTouches: [touch(300)] }));
      img.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(180)] }));
    });
    expect(await shownPhoto(page)).toBe('Blue tee, folded');
    await screenshot(page, 'product-gallery');
    await expectAccessible(page, 'product page gallery');
  });
});
