import type { Product } from '@store/contract';
import { fixture, getProduct, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { openShop, screenshot, shown, store, type ShopPage } from './support/browser';
import { colourTee, createProduct, shopWithAdmin, shownPhoto, signInAsAdmin, valueId } from './support/catalogue';

const photoIds = async (productId: string) => ((await getProduct(productId)).body.photos ?? []).map((photo) => photo._id);

/**
 * The gallery: an admin adds photos with their alt texts and orders them (by keyboard and by drag) on the product's
 * edit page, each tied to a colour or to none; the product page shows them with Previous/Next, the arrow keys,
 * thumbnails and a swipe, the chosen colour's photos only.
 */
describe('product gallery', () => {
  const t = shopWithAdmin();
  let tee: Product;

  beforeAll(async () => {
    tee = await createProduct(t.admin, { name: unique('Gallery Tee'), description: 'A tee with a gallery.', price: '22.00', stock: '5' });
  });

  it('lets an admin add photos with alt text, order them by keyboard and by drag, and save the gallery', async () => {
    const { page } = t;
    await page.goto(`/admin/product/update/${tee._id}`);
    await signInAsAdmin(page, `/admin/product/update/${tee._id}`);
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
    const { page } = t;
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

  it('lets an admin add photos per colour and tie the first to one; the product page shows each colour its own', async () => {
    // A fresh browser context of its own: signed out, so it goes through the sign-in like an admin arriving.
    const own: ShopPage = await openShop(t.browser);
    const { page } = own;
    try {
      const coloured = await colourTee(t.admin, 'blue-tee.jpg');
      const [original] = coloured.photos!;
      const editor = `/admin/product/update/${coloured._id}`;
      await page.goto(editor);
      await signInAsAdmin(page, editor);
      await shown(page.getByRole('heading', { name: 'Photos (1 of 12)' }));

      const add = page.getByRole('form', { name: 'Add a photo' });
      // The colours offered are the product's own.
      expect(await add.getByLabel('Colour').locator('option').allInnerTexts()).toEqual(['Any colour', 'Blue', 'Red', 'Black']);
      await add.getByLabel('Image to add').setInputFiles(fixture('red-tee.png'));
      await add.getByLabel('Alt text').fill('Red tee, front');
      await add.getByLabel('Colour').selectOption({ label: 'Red' });
      await add.getByRole('button', { name: 'Add photo' }).click();
      await shown(page.getByRole('heading', { name: 'Photos (2 of 12)' }));
      await add.getByLabel('Image to add').setInputFiles(fixture('blue-tee.jpg'));
      await add.getByLabel('Alt text').fill('Blue tee, back');
      await add.getByLabel('Colour').selectOption({ label: 'Blue' });
      await add.getByRole('button', { name: 'Add photo' }).click();
      await shown(page.getByRole('heading', { name: 'Photos (3 of 12)' }));
      // The photo it was created with shows the blue tee: tie it to Blue too, and say so.
      await page.getByLabel('Colour of image 1').selectOption({ label: 'Blue' });
      await page.getByLabel('Alt text of image 1').fill('Blue tee, front');
      await page.getByRole('button', { name: 'Save gallery' }).click();
      await shown(page.getByText('Gallery saved'));
      await screenshot(page, 'admin-product-gallery-colours');
      await expectAccessible(page, 'admin product gallery with colours');

      const saved = (await getProduct(coloured._id)).body;
      const blue = valueId(saved, 'Colour', 'Blue');
      const red = valueId(saved, 'Colour', 'Red');
      expect(saved.photos).toEqual([
        { _id: original._id, alt: 'Blue tee, front', optionValue: blue },
        { _id: expect.any(String), alt: 'Red tee, front', optionValue: red },
        { _id: expect.any(String), alt: 'Blue tee, back', optionValue: blue },
      ]);

      // The shop: Red shows its one photo, Blue its two.
      await page.goto(`/product/${coloured._id}?colour=Red`);
      await shown(page.getByRole('heading', { level: 1, name: coloured.name }));
      expect(await shownPhoto(page)).toBe('Red tee, front');
      expect(await page.getByRole('region', { name: `Photos of ${coloured.name}` }).count()).toBe(0);
      await page.goto(`/product/${coloured._id}?colour=Blue`);
      const gallery = await shown(page.getByRole('region', { name: `Photos of ${coloured.name}` }));
      expect(await gallery.getByRole('button', { name: /^Show photo / }).count()).toBe(2);
      expect(await shownPhoto(page)).toBe('Blue tee, front');
      await page.getByRole('button', { name: 'Next photo' }).click();
      expect(await shownPhoto(page)).toBe('Blue tee, back');
      expect(own.pageErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
