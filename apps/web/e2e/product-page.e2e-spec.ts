import type { Product } from '@store/contract';
import type { Page } from 'playwright-core';
import { call, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { pathOf, screenshot, shown, stored } from './support/browser';
import { createProduct, shopWithAdmin } from './support/catalogue';

/** The content of the page's meta description. */
const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

/**
 * The product page: reached from a card of the home grid, showing the large photo in a box that does not move,
 * adding to the cart as the spec says (one copy, then /cart), and a clear page for a product that is not there.
 */
describe('product page', () => {
  const t = shopWithAdmin();
  const soft = { description: 'A soft tee for the product page test.' };

  it("opens from a card's name on the home grid", async () => {
    const { page } = t;
    await page.goto('/');
    const card = page.getByRole('article').first();
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('link', { name, exact: true }).click();
    await shown(page.getByRole('heading', { level: 1, name }));
    expect(await pathOf(page)).toMatch(/^\/product\/[0-9a-f-]{36}$/);
  });

  it('shows an unsized product: large photo in a reserved square, price, title and meta description; Add to Cart adds one copy and goes to /cart', async () => {
    const { page, admin } = t;
    const tee = await createProduct(admin, { ...soft, name: unique('Page Tee'), stock: '4' });
    await page.goto(`/product/${tee._id}`);
    await shown(page.getByRole('heading', { level: 1, name: tee.name }));
    const photo = page.getByRole('img', { name: `Photo of ${tee.name}` });
    expect(await photo.getAttribute('src')).toMatch(new RegExp(`/api/product/photo/${tee._id}\\?size=large&v=`));
    await page.waitForFunction(() => (document.querySelector('img.product-page-photo') as HTMLImageElement | null)?.naturalWidth);
    // The box is square before and after the photo arrives (its width and height attributes reserve it).
    const box = (await photo.boundingBox())!;
    expect(Math.round(box.height)).toBe(Math.round(box.width));
    expect(await page.getByText('$21.50').count()).toBeGreaterThan(0);
    expect(await page.getByText('Only 4 left').count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Size' }).count()).toBe(0);
    expect(await page.title()).toBe(`${tee.name} | T-Shirt Store`);
    expect(await metaDescription(page)).toBe('A soft tee for the product page test.');
    await screenshot(page, 'product');
    await expectAccessible(page, 'product page');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    const cart = await stored<Array<Product & { count: number; size?: string }>>(page, 'cart');
    expect(cart?.map((item) => [item._id, item.count, item.size])).toEqual([[tee._id, 1, undefined]]);
    await page.evaluate(() => localStorage.removeItem('cart'));
  });

  it('lets the buyer choose a size: from the grid\'s Choose a size, a sold-out size disabled, "Only 3 left in M", a size required, then one entry in that size and /cart', async () => {
    const { page, admin } = t;
    const sizes = [
      { size: 'S', stock: 0 },
      { size: 'M', stock: 3 },
      { size: 'L', stock: 8 },
    ];
    const tee = await createProduct(admin, { ...soft, name: unique('Sized Tee'), sizes: JSON.stringify(sizes) });
    expect(tee.sizes).toEqual(sizes);
    // The grid shows the newest first: the card of this tee leads to its page.
    await page.goto('/');
    await page.getByRole('link', { name: `Choose a size: ${tee.name}` }).click();
    await page.waitForURL(`**/product/${tee._id}`);
    const group = await shown(page.getByRole('group', { name: 'Size' }));
    expect(await group.getByRole('radio').count()).toBe(3);
    expect(await group.getByRole('radio', { name: 'S (sold out)' }).isDisabled()).toBe(true);
    expect(await group.getByRole('radio', { name: 'L', exact: true }).isEnabled()).toBe(true);
    await shown(group.getByText('Only 3 left in M'));

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await shown(page.getByRole('alert').filter({ hasText: 'Please choose a size.' }));
    expect(await pathOf(page)).toBe(`/product/${tee._id}`);
    await screenshot(page, 'product-sizes');
    await expectAccessible(page, 'product page with sizes');

    // The buyer clicks the size's button (its label; the radio itself is visually hidden behind it).
    await group.getByText('M', { exact: true }).click();
    expect(await group.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/cart');
    const cart = await stored<Array<Product & { count: number; size?: string }>>(page, 'cart');
    expect(cart?.map((item) => [item._id, item.count, item.size])).toEqual([[tee._id, 1, 'M']]);
    await page.evaluate(() => localStorage.removeItem('cart'));
  });

  it('shows "Product not found", with the way home, for a deleted product and for a malformed id', async () => {
    const { page, admin } = t;
    const doomed = await createProduct(admin, { ...soft, name: unique('Gone Tee'), stock: '2' });
    const { status } = await call('DELETE', `/product/${doomed._id}/${admin.user._id}`, { token: admin.token });
    expect(status).toBe(200);
    for (const path of [`/product/${doomed._id}`, '/product/not-a-product-id']) {
      await page.goto(path);
      await shown(page.getByRole('heading', { level: 1, name: 'Product not found' }));
      expect(await page.title()).toBe('Product not found | T-Shirt Store');
    }
    await expectAccessible(page, 'product not found');
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
