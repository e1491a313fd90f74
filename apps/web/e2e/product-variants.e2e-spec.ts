import type { Category, Product, Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, signin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { gone, launchChromium, openShop, pathOf, screenshot, shown, stored, store, type ShopPage } from './support/browser';

/** A tee in 3 colours and 3 sizes through the admin API: Red/M sold out, Black/L not made, 2 left of Blue/M, on sale. */
async function colourTee(admin: Session): Promise<Product> {
  const [category] = (await call<Category[]>('GET', '/categories')).body;
  const colours = [
    { value: 'Blue', swatch: '#1e3a8a' },
    { value: 'Red', swatch: '#b91c1c' },
    { value: 'Black', swatch: '#111111' },
  ];
  const sizes = ['S', 'M', 'L'];
  const variants = colours.flatMap(({ value: colour }) =>
    sizes
      .filter((size) => !(colour === 'Black' && size === 'L'))
      .map((size) => ({
        options: [colour, size],
        stock: colour === 'Red' && size === 'M' ? 0 : colour === 'Blue' && size === 'M' ? 2 : 9,
      })),
  );
  const form = new FormData();
  const fields = {
    name: unique('Colour Tee'),
    description: 'A tee in three colours.',
    price: '20',
    compareAtPrice: '30',
    category: category._id,
    options: JSON.stringify([
      { name: 'Colour', values: colours },
      { name: 'Size', values: sizes.map((value) => ({ value })) },
    ]),
    variants: JSON.stringify(variants),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const { status, body } = await call<Product>('POST', `/product/create/${admin.user._id}`, { token: admin.token, form });
  if (status !== 201) throw new Error(`creating a product answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The buyer clicks a value's button (its label; the radio itself is visually hidden behind it). */
async function choose(page: Page, group: string, value: string): Promise<void> {
  const radio = page.getByRole('group', { name: new RegExp(`^${group}`) }).getByRole('radio', { name: value, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
}

/** The product page of a product with options: colour swatches, then sizes, the choice in the URL, the variant in the cart. */
describe('product page with colours and sizes', () => {
  let browser: Browser;
  let shop: ShopPage;
  let page: Page;
  let admin: Session;

  beforeAll(async () => {
    browser = await launchChromium();
    shop = await openShop(browser);
    page = shop.page;
    admin = await signin(store.admin().email, store.admin().password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(shop.pageErrors).toEqual([]);
  });

  it('picks a colour then a size: sold-out sizes disabled with the reason, the choice in the URL (Back undoes it), the variant into the cart', async () => {
    const tee = await colourTee(admin);
    await page.goto('/');
    await page.getByRole('link', { name: `Choose options: ${tee.name}` }).click();
    await page.waitForURL(`**/product/${tee._id}`);
    // On sale: the real price, the compare-at price struck through, and the badge.
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
    expect(await colours.getByRole('radio', { name: 'Red', exact: true }).isChecked()).toBe(true);

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
});
