import { ApiRoute, apiPath, type Order, type Product, type Session } from '@store/contract';
import type { Page } from 'playwright-core';
import { call, getProduct, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillAddress, screenshot, shown, signInOnPage, store } from './support/browser';
import { createProduct } from './support/catalogue';
import { buyAndOpenConfirmation, createZoneOnScreen, shopToPrice } from './support/pricing';

/**
 * Shipping by weight (docs/pricing.md, "Shipping") in the browser: an admin gives a hoodie's XL its own weight in the
 * product form's variant table and creates a method priced by the cart's weight on the Pricing screen; a shopper's
 * checkout of an S and an XL shows the shipping of their weights (the XL's own, the S its product's) and pays that
 * total. The rules it makes are removed afterwards, so the other browser tests see a shop with nothing configured.
 */
describe('shipping by weight', () => {
  const t = shopToPrice();
  let page: Page;
  let admin: Session;
  let hoodie: Product;
  const zoneName = unique('E2E Weight US');
  const method = unique('Parcel');
  const buyer = { name: 'Wes Weigher', email: `${unique('wes').replace(' ', '-')}@example.com`, password: 'correct horse battery' };
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  beforeAll(async () => {
    ({ page, admin } = t);
    // 300 g a hoodie; no variant weighs anything of its own yet. Two options, so the form shows the variant table.
    hoodie = await createProduct(
      admin,
      {
        name: unique('Weighed Hoodie'),
        description: 'A hoodie whose XL weighs more.',
        price: '40',
        weight: '300',
        options: JSON.stringify([
          { name: 'Colour', values: [{ value: 'Grey', swatch: '#6b7280' }] },
          { name: 'Size', values: [{ value: 'S' }, { value: 'XL' }] },
        ]),
        variants: JSON.stringify([
          { options: ['Grey', 'S'], stock: 5 },
          { options: ['Grey', 'XL'], stock: 5 },
        ]),
      },
      null,
    );
    await signupAndSignin(buyer.name, buyer.email, buyer.password);
  });

  it("an admin gives the XL its own weight in the variant table and sets up a method priced by the cart's weight", async () => {
    await signInOnPage(page, store.admin().email, store.admin().password);
    await page.goto(`/admin/product/update/${hoodie._id}`);
    const xl = await shown(page.getByLabel('Weight of Grey / XL'));
    expect(await page.getByLabel('Weight of Grey / S').inputValue()).toBe('');
    expect(await page.getByLabel('Weight in grams (optional)').inputValue()).toBe('300');
    await xl.fill('900');
    await screenshot(page, 'admin-variant-weights');
    await expectAccessible(page, 'admin product form with variant weights');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await shown(page.getByText(`${hoodie.name} updated successfully`, { exact: true }));
    const saved = (await getProduct(hoodie._id)).body;
    expect(saved.variants!.map((v) => [v.options.join(' / '), v.weight])).toEqual([
      ['Grey / S', undefined],
      ['Grey / XL', 900],
    ]);

    await page.goto('/admin/pricing');
    const zones = await createZoneOnScreen(page, zoneName, ['United States']);

    const methodForm = page.getByRole('form', { name: 'New shipping method' });
    await methodForm.getByLabel('Zone').selectOption({ label: zoneName });
    await methodForm.getByLabel('Method name').fill(method);
    await methodForm.getByLabel('Priced').selectOption({ label: "By the cart's weight" });
    await methodForm.getByLabel('Weight brackets (grams=price)').fill('500=4, 2000=9');
    await methodForm.getByRole('button', { name: 'Create method' }).click();
    await shown(zones.getByText(`${method}: $4.00 up to 500 g, $9.00 up to 2000 g`));
    await screenshot(page, 'admin-pricing-by-weight');
    // The shopper signs in next in this tab, as a fresh visitor.
    await page.evaluate(() => localStorage.clear());
  });

  it("a shopper's checkout shows the shipping of the variants' weights, and the order's total is that", async () => {
    await signInOnPage(page, buyer.email, buyer.password);
    for (const size of ['S', 'XL']) {
      await page.goto(`/product/${hoodie._id}?colour=Grey&size=${size}`);
      await page.getByRole('button', { name: /^Add to Cart/ }).click();
      await page.waitForURL('**/cart');
    }
    await fillAddress(page, { line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'United States' });

    // S weighs its product's 300 g, XL its own 900 g: 1200 g, the $9 bracket (by the product's weight alone, 600 g: $4).
    const totalCents = 2 * 4000 + 900;
    await shown(page.getByLabel(`${method} ($9.00)`));
    expect(await page.getByLabel(`${method} ($9.00)`).isChecked()).toBe(true);
    const breakdown = await shown(page.getByTestId('price-breakdown'));
    await shown(breakdown.getByText(`Shipping (${method})`));
    expect(await breakdown.innerText()).toContain('$9.00');
    await shown(page.getByTestId('cart-total').getByText(dollars(totalCents)));
    await screenshot(page, 'checkout-by-weight');
    await expectAccessible(page, 'checkout priced by weight');

    const orderId = await buyAndOpenConfirmation(page, dollars(totalCents));
    expect(await page.getByRole('table', { name: 'Items in this order' }).innerText()).toContain(`Shipping (${method})`);

    const session = await signin(buyer.email, buyer.password);
    const order = (await call<Order>('GET', apiPath(ApiRoute.order, { orderId, userId: session.user._id }), { token: session.token })).body;
    expect(order.amount).toBe(totalCents / 100);
    expect(order.pricing).toMatchObject({ subtotal: 80, shipping: 9, tax: 0, shippingMethod: method });
  });
});
