import type { Product } from '@store/contract';
import { expectAccessible } from './support/axe';
import { gone, pathOf, screenshot, shown, stored } from './support/browser';
import { addPhoto, choose, colourTee, shopWithAdmin, shownPhoto, valueId } from './support/catalogue';

/** The product page of a product with options: colour swatches, then sizes, the choice in the URL, the variant in the cart. */
describe('product page with colours and sizes', () => {
  const t = shopWithAdmin();

  it('picks a colour then a size: sold-out sizes disabled with the reason, the choice in the URL (Back undoes it), the variant into the cart', async () => {
    const { page, admin } = t;
    const tee = await colourTee(admin);
    await page.goto('/');
    await page.getByRole('link', { name: `Choose options: ${tee.name}` }).click();
    await page.waitForURL(`**/product/${tee._id}`);
    // On sale: the real price, the compare-at price struck through, and the badge (once the grid's card, which has
    // one too, has left the page).
    await page.waitForFunction(() => [...document.querySelectorAll('.badge')].filter((e) => e.textContent === 'Sale').length === 1);
    await shown(page.getByText('Sale', { exact: true }));
    expect(await page.locator('s.product-compare-at').innerText()).toContain('$30.00');
    expect(await page.locator('.product-price').first().innerText()).toBe('$20.00');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await shown(page.getByRole('alert').filter({ hasText: 'Please choose a colour and size.' }));

    const colours = await shown(page.getByRole('group', { name: /^Colour/ }));
    expect(await colours.getByRole('radio').count()).toBe(3);
    await choose(page, 'Colour', 'Red');
    await page.waitForURL(`**/product/${tee._id}?colour=Red`);
    const sizes = page.getByRole('group', { name: /^Size/ });
    expect(await sizes.getByRole('radio', { name: 'M (sold out)' }).isDisabled()).toBe(true);
    expect(await sizes.getByRole('radio', { name: 'S', exact: true }).isEnabled()).toBe(true);
    await choose(page, 'Colour', 'Black');
    expect(await sizes.getByRole('radio', { name: 'L (not available)' }).isDisabled()).toBe(true);
    await page.goBack();
    await page.waitForURL(`**/product/${tee._id}?colour=Red`);
    // The URL changes first; the picker follows it on the next render.
    const red = colours.getByRole('radio', { name: 'Red', exact: true });
    await red.evaluate(
      (radio) =>
        new Promise<void>((resolve) => {
          const checked = () => ((radio as HTMLInputElement).checked ? resolve() : requestAnimationFrame(checked));
          checked();
        }),
    );
    expect(await red.isChecked()).toBe(true);

    await choose(page, 'Colour', 'Blue');
    await choose(page, 'Size', 'M');
    await page.waitForURL(`**/product/${tee._id}?colour=Blue&size=M`);
    await shown(page.getByText('Only 2 left in Blue / M'));
    await screenshot(page, 'product-variants');
    await expectAccessible(page, 'product page with colours and sizes');
    // The shared link opens with the same choice.
    await page.goto(`/product/${tee._id}?colour=Blue&size=M`);
    expect(await page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    const blueM = tee.variants!.find((v) => v.options.join('/') === 'Blue/M')!;
    const cart = await stored<Array<Product & { count: number; variant?: number; variantLabel?: string }>>(page, 'cart');
    expect(cart?.map((item) => [item._id, item.count, item.variant, item.variantLabel, item.price])).toEqual([
      [tee._id, 1, blueM._id, 'Blue / M', 20],
    ]);
    await shown(page.getByText('Blue / M'));
    expect(await pathOf(page)).toBe('/cart');
    await page.evaluate(() => localStorage.removeItem('cart'));
  });

  it('filters the grid by a colour and a size in stock, the filter in the URL', async () => {
    const { page, admin } = t;
    const tee = await colourTee(admin);
    const card = () => page.getByRole('article', { name: tee.name });
    await page.goto('/');
    await shown(card());
    await page.getByLabel('Colour', { exact: true }).selectOption('Red');
    await page.waitForURL('**/?colour=Red');
    const listed = page.waitForResponse((response) => /\/api\/products\?.*colour=Red.*size=M/.test(response.url()));
    await page.getByLabel('Size in stock').selectOption('M');
    await page.waitForURL('**/?colour=Red&size=M');
    // Red in M is sold out: the tee is not listed; in S it is.
    const response = await listed;
    const answer = (await response.json()) as Product[];
    if (!Array.isArray(answer)) throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(answer)}`);
    expect(answer.map((product) => product._id)).not.toContain(tee._id);
    await gone(page.getByText('Loading products...'));
    expect(await card().count()).toBe(0);
    await page.getByLabel('Size in stock').selectOption('S');
    await shown(card());
    await page.goBack();
    await page.waitForURL('**/?colour=Red&size=M');
    // Back renders the cached Red/M list a moment after the URL changes: wait for the S list's card to go.
    await gone(card());
    expect(await card().count()).toBe(0);
  });

  it('the gallery follows the chosen colour: its own photos, the untied ones for a colour without any, the shared link too', async () => {
    const { page, admin } = t;
    let tee = await colourTee(admin, 'blue-tee.jpg');
    const [untied] = tee.photos!;
    tee = await addPhoto(admin, tee, 'red-tee.png', 'Red tee, front', valueId(tee, 'Colour', 'Red'));
    tee = await addPhoto(admin, tee, 'blue-tee.jpg', 'Blue tee, front', valueId(tee, 'Colour', 'Blue'));
    tee = await addPhoto(admin, tee, 'red-tee.png', 'Red tee, back', valueId(tee, 'Colour', 'Red'));
    const photoOf = (alt: string) => tee.photos!.find((photo) => photo.alt === alt)!;
    const thumbnails = () => page.getByRole('button', { name: /^Show photo / });
    const large = page.locator('img.product-page-photo');

    await page.goto(`/product/${tee._id}`);
    // No colour chosen: the photo tied to none, alone (no carousel for one photo).
    await shown(page.getByRole('heading', { level: 1, name: tee.name }));
    expect(await shownPhoto(page)).toBe(untied.alt);
    expect(await thumbnails().count()).toBe(0);

    await choose(page, 'Colour', 'Red');
    await page.waitForURL(`**/product/${tee._id}?colour=Red`);
    await page.waitForFunction(() => document.querySelector('img.product-page-photo')?.getAttribute('alt') === 'Red tee, front');
    expect(await large.getAttribute('src')).toContain(`/api/product/photo/${tee._id}/${photoOf('Red tee, front')._id}?size=large`);
    const gallery = await shown(page.getByRole('region', { name: `Photos of ${tee.name}` }));
    expect(await thumbnails().count()).toBe(2);
    await page.getByRole('button', { name: 'Show photo 2 of 2: Red tee, back' }).click();
    expect(await shownPhoto(page)).toBe('Red tee, back');
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    expect(await shownPhoto(page)).toBe('Red tee, front');
    await screenshot(page, 'product-gallery-colour');
    await expectAccessible(page, 'product page gallery for a colour');

    // Another colour: its own photo, from the first.
    await choose(page, 'Colour', 'Blue');
    await page.waitForFunction(() => document.querySelector('img.product-page-photo')?.getAttribute('alt') === 'Blue tee, front');
    expect(await large.getAttribute('src')).toContain(photoOf('Blue tee, front')._id);
    expect(await thumbnails().count()).toBe(0);
    // A colour without photos of its own shows the untied one.
    await choose(page, 'Colour', 'Black');
    await page.waitForFunction((alt) => document.querySelector('img.product-page-photo')?.getAttribute('alt') === alt, untied.alt);

    // Back returns to Red, and its photos; a shared link to Red opens on them.
    await page.goBack();
    await page.waitForURL(`**/product/${tee._id}?colour=Blue`);
    await page.goBack();
    await page.waitForURL(`**/product/${tee._id}?colour=Red`);
    await page.waitForFunction(() => document.querySelector('img.product-page-photo')?.getAttribute('alt') === 'Red tee, front');
    await page.goto(`/product/${tee._id}?colour=Red&size=S`);
    expect(await shownPhoto(page)).toBe('Red tee, front');
    expect(await thumbnails().count()).toBe(2);
  });
});
