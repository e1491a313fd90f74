import { ApiRoute, apiPath, type Order, type PricingAdmin, type Product, type Session } from '@store/contract';
import type { Page } from 'playwright-core';
import { call, firstProducts, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillAddress, screenshot, shown, signInOnPage, store } from './support/browser';
import { adminPath as pricingAdminPath, buyAndOpenConfirmation, createZoneOnScreen, pricingRules, shopToPrice } from './support/pricing';

/**
 * Pricing (docs/pricing.md) in the browser: an admin sets up a zone, its methods, a tax rate and a code on the
 * Pricing screen; a buyer buys two tees with the code and a shipping method and pays exactly the quote; the shop
 * switched to prices including tax shows "incl. VAT" on its cards, product pages and checkout. Every rule it creates is removed afterwards, so the other
 * browser tests on this store see a shop with nothing configured.
 */
describe('pricing', () => {
  const t = shopToPrice();
  let page: Page;
  let admin: Session;
  let tee: Product;
  const code = `E2E${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const zoneName = unique('E2E Americas');
  const buyer = { name: 'Bea Buyer', email: `${unique('bea').replace(' ', '-')}@example.com`, password: 'correct horse battery' };

  const adminPath = (route: string, params: Record<string, string> = {}) => pricingAdminPath(admin, route, params);
  const pricing = () => pricingRules(admin);

  beforeAll(async () => {
    ({ page, admin } = t);
    [tee] = (await firstProducts(30)).filter((product) => product.stock >= 2 && (product.sizes ?? []).length === 0 && product.price < 500);
    await signupAndSignin(buyer.name, buyer.email, buyer.password);
  });

  it('an admin creates a zone, its methods, a tax rate and a discount code on the Pricing screen', async () => {
    await signInOnPage(page, store.admin().email, store.admin().password);
    await page.getByRole('navigation', { name: 'Admin Navigation' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/admin/pricing');

    const zones = await createZoneOnScreen(page, zoneName, ['United States', 'Canada']);

    const methodForm = page.getByRole('form', { name: 'New shipping method' });
    for (const [name, price] of [
      ['Standard', '5'],
      ['Express', '12.50'],
    ]) {
      await methodForm.getByLabel('Zone').selectOption({ label: zoneName });
      await methodForm.getByLabel('Method name').fill(name);
      await methodForm.getByLabel('Price ($)').fill(price);
      await methodForm.getByRole('button', { name: 'Create method' }).click();
      await shown(zones.getByText(`${name}: $${Number(price).toFixed(2)}`));
    }

    const rateForm = page.getByRole('form', { name: 'New tax rate' });
    await rateForm.getByLabel('Country').selectOption({ label: 'United States' });
    await rateForm.getByLabel('Tax name').fill('Sales tax');
    await rateForm.getByLabel('Rate (%)').fill('5');
    await rateForm.getByRole('button', { name: 'Create tax rate' }).click();
    await shown(page.getByRole('region', { name: 'Tax rates' }).getByRole('cell', { name: '5%' }));
    // A second rate for the same country is refused, with the reason under the field.
    await rateForm.getByLabel('Country').selectOption({ label: 'United States' });
    await rateForm.getByLabel('Tax name').fill('Again');
    await rateForm.getByLabel('Rate (%)').fill('6');
    await rateForm.getByRole('button', { name: 'Create tax rate' }).click();
    await shown(rateForm.getByText('already has a tax rate'));

    const codeForm = page.getByRole('form', { name: 'New discount code' });
    await codeForm.getByLabel('Code').fill(code.toLowerCase());
    await codeForm.getByLabel('Kind').selectOption({ label: 'Percentage' });
    await codeForm.getByLabel('Percent off').fill('10');
    await codeForm.getByLabel('Total uses').fill('5');
    await codeForm.getByRole('button', { name: 'Create code' }).click();
    await shown(page.getByTestId(`code-uses-${code}`).getByText('0 of 5'));

    const rules = await pricing();
    expect(rules.zones.find((zone) => zone.name === zoneName)).toMatchObject({ countries: ['US', 'CA'] });
    expect(rules.zones.find((zone) => zone.name === zoneName)!.methods.map((m) => [m.name, m.price])).toEqual([
      ['Standard', 5],
      ['Express', 12.5],
    ]);
    await screenshot(page, 'admin-pricing');
    await expectAccessible(page, 'admin-pricing');
    // The buyer signs in next in this tab, as a fresh visitor.
    await page.evaluate(() => localStorage.clear());
  });

  it('a buyer buys two tees with the code and a shipping method, and pays exactly the quote', async () => {
    await signInOnPage(page, buyer.email, buyer.password);
    await page.goto(`/product/${tee._id}`);
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.waitForURL('**/cart');
    await page.goto(`/product/${tee._id}`);
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.waitForURL('**/cart');

    await fillAddress(page, { line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'France' });
    // No zone ships to France: said before any payment.
    await shown(page.getByText('We do not ship to France yet'));
    await page.getByLabel('Country').selectOption({ label: 'United States' });

    // A code that does not exist says so next to the field.
    await page.getByRole('textbox', { name: 'Discount code' }).fill('nope-nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await shown(page.locator('#discount-code-error').getByText('There is no discount code NOPE-NOPE'));
    await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel(/^Express/).check();

    const subtotalCents = Math.round(tee.price * 100) * 2;
    const discountCents = Math.floor((subtotalCents * 1000 * 2 + 10_000) / (2 * 10_000));
    const taxCents = Math.floor(((subtotalCents - discountCents) * 5000 * 2 + 100_000) / (2 * 100_000));
    const totalCents = subtotalCents - discountCents + 1250 + taxCents;
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await shown(page.getByTestId('cart-total').getByText(dollars(totalCents)));
    const breakdown = await shown(page.getByTestId('price-breakdown'));
    expect(await breakdown.innerText()).toContain(`Discount (${code})`);
    expect(await breakdown.innerText()).toContain('Shipping (Express)');
    expect(await breakdown.innerText()).toContain('Sales tax 5%');
    await screenshot(page, 'checkout-quote');
    await expectAccessible(page, 'checkout-quote');

    const orderId = await buyAndOpenConfirmation(page, dollars(totalCents));
    const items = await page.getByRole('table', { name: 'Items in this order' }).innerText();
    expect(items).toContain(`Discount (${code})`);
    expect(items).toContain('Shipping (Express)');

    const session = await signin(buyer.email, buyer.password);
    const order = (await call<Order>('GET', apiPath(ApiRoute.order, { orderId, userId: session.user._id }), { token: session.token })).body;
    expect(order.pricing).toMatchObject({ discount: discountCents / 100, shipping: 12.5, tax: taxCents / 100, discountCode: code });
    expect((await pricing()).discountCodes.find((each) => each.code === code)?.uses).toBe(1);
  });

  it('an EU shop shows VAT-inclusive prices', async () => {
    const zone = (
      await call<PricingAdmin>('POST', adminPath(ApiRoute.shippingZoneCreate), {
        token: admin.token,
        json: { name: 'E2E EU', countries: ['IE'] },
      })
    ).body.zones.find((each) => each.name === 'E2E EU')!;
    await call('POST', adminPath(ApiRoute.shippingMethodCreate), {
      token: admin.token,
      json: { zone: zone._id, name: 'An Post', price: 4 },
    });
    await call('POST', adminPath(ApiRoute.taxRateCreate), { token: admin.token, json: { country: 'IE', name: 'VAT', rate: 23 } });
    await call('PUT', adminPath(ApiRoute.pricingSettings), { token: admin.token, json: { pricesIncludeTax: true } });

    // The catalogue says so beside every shelf price: the cards of the home page and the product's page.
    await page.goto('/');
    await shown(page.locator('.product-card').first().getByText('incl. VAT'));
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.goto(`/product/${tee._id}`);
    await shown(page.locator('.product-price').locator('..').getByText('incl. VAT'));
    await screenshot(page, 'product-incl-vat');
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.waitForURL('**/cart');
    await page.getByLabel('Country').selectOption({ label: 'Ireland' });
    const breakdown = await shown(page.getByTestId('price-breakdown'));
    await shown(breakdown.getByText('incl. VAT 23%'));
    const priceCents = Math.round(tee.price * 100);
    // The total is the shelf price plus shipping: the VAT is inside it.
    await shown(page.getByTestId('cart-total').getByText(`$${((priceCents + 400) / 100).toFixed(2)}`));
    await screenshot(page, 'checkout-incl-vat');
  });
});
