import type { Category, Product, Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, fixtureBytes, signin, unique } from './api';
import { fillSignIn, shopInBrowser, store, type ShopPage } from './browser';

/**
 * The set-up every catalogue browser spec shares: one Chromium, one fresh shop page and the admin's API session
 * for arranging products. Call it at the top of a `describe`; the fields are there once its `beforeAll` has run.
 * Each test fails when the page logged an error or broke its Content-Security-Policy.
 */
export function shopWithAdmin(): { readonly browser: Browser; readonly page: Page; readonly shop: ShopPage; readonly admin: Session } {
  const state = Object.assign(shopInBrowser(), { admin: undefined as unknown as Session });
  beforeAll(async () => {
    state.admin = await signin(store.admin().email, store.admin().password);
  });
  return state;
}

/** A photo from the fixtures, as a form part. */
function photoPart(file: string): Blob {
  return new Blob([new Uint8Array(fixtureBytes(file))], { type: file.endsWith('.png') ? 'image/png' : 'image/jpeg' });
}

/**
 * Creates a product through the admin API, as the admin form does: in the first category, with the fields given
 * (the description, price and category have defaults) and `photo` from the fixtures (null: none).
 */
export async function createProduct(
  admin: Session,
  fields: Record<string, string>,
  photo: string | null = 'blue-tee.jpg',
): Promise<Product> {
  const [category] = (await call<Category[]>('GET', '/categories')).body;
  const form = new FormData();
  const values = { description: 'A tee made by a browser test.', price: '21.50', category: category._id, ...fields };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (photo) form.append('photo', photoPart(photo), photo);
  const { status, body } = await call<Product>('POST', `/product/create/${admin.user._id}`, { token: admin.token, form });
  if (status !== 201) throw new Error(`creating a product answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A tee in 3 colours and 3 sizes: Red/M sold out, Black/L not made, 2 left of Blue/M, $20 on sale from $30.
 * `photo` as for {@link createProduct} (it becomes the gallery's one photo, tied to no colour).
 */
export function colourTee(admin: Session, photo: string | null = null): Promise<Product> {
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
  return createProduct(
    admin,
    {
      name: unique('Colour Tee'),
      description: 'A tee in three colours.',
      price: '20',
      compareAtPrice: '30',
      options: JSON.stringify([
        { name: 'Colour', values: colours },
        { name: 'Size', values: sizes.map((value) => ({ value })) },
      ]),
      variants: JSON.stringify(variants),
    },
    photo,
  );
}

/** The id of the value `value` of the product's option `option`. */
export function valueId(product: Product, option: string, value: string): number {
  const found = product.options?.find((o) => o.name === option)?.values.find((v) => v.value === value);
  if (!found) throw new Error(`${product.name} has no ${option} ${value}`);
  return found._id;
}

/** Adds a photo from the fixtures to the product's gallery through the admin API, tied to an option value or to none. */
export async function addPhoto(admin: Session, product: Product, photo: string, alt: string, optionValue: number | null): Promise<Product> {
  const form = new FormData();
  form.append('alt', alt);
  if (optionValue !== null) form.append('optionValue', String(optionValue));
  form.append('photo', photoPart(photo), photo);
  const { status, body } = await call<Product>('POST', `/product/${product._id}/photos/${admin.user._id}`, { token: admin.token, form });
  if (status !== 201 && status !== 200) throw new Error(`adding a photo answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Signs the admin in on the sign-in page the app sent the browser to, and waits to be back on `path`. */
export async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await page.waitForURL('**/signin');
  await fillSignIn(page, store.admin().email, store.admin().password);
  await page.waitForURL(`**${path}`);
}

/** The buyer clicks a value's button (its label; the radio itself is visually hidden behind it). */
export async function choose(page: Page, group: string, value: string): Promise<void> {
  const radio = page.getByRole('group', { name: new RegExp(`^${group}`) }).getByRole('radio', { name: value, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
}

/** The alt text of the large photo the product page shows now. */
export const shownPhoto = (page: Page): Promise<string | null> => page.locator('img.product-page-photo').getAttribute('alt');
