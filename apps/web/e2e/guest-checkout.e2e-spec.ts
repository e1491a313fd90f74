import { ApiRoute, type PricingAdmin, type Product, type Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, firstProducts, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillAddress, openShop, pathOf, screenshot, shown } from './support/browser';
import { mailTo } from './support/outbox';
import { adminPath as pricingAdminPath, shopToPrice } from './support/pricing';

/**
 * Guest checkout (docs/payments.md, "Guest checkout") in the browser: a signed-out shopper still sees the spec's
 * text on the cart, checks out as a guest with two tees, a discount code and a shipping method, gets the
 * confirmation mail, and opens the order from the mail's link. The rules it makes are removed afterwards, so the other
 * browser tests see a shop with nothing configured.
 */
describe('guest checkout', () => {
  const t = shopToPrice();
  let browser: Browser;
  let page: Page;
  let admin: Session;
  let tee: Product;
  const code = `GUEST${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const email = `${unique('gus').replace(' ', '-')}@example.com`;
  const adminPath = (route: string, params: Record<string, string> = {}) => pricingAdminPath(admin, route, params);

  beforeAll(async () => {
    ({ browser, page, admin } = t);
    [tee] = (await firstProducts(30)).filter((product) => product.stock >= 2 && (product.sizes ?? []).length === 0 && product.price < 500);
    const zones = (
      await call<PricingAdmin>('POST', adminPath(ApiRoute.shippingZoneCreate), {
        token: admin.token,
        json: { name: unique('E2E Guest US'), countries: ['US'] },
      })
    ).body;
    await call('POST', adminPath(ApiRoute.shippingMethodCreate), {
      token: admin.token,
      json: { zone: zones.zones[0]._id, name: 'Standard', price: 5 },
    });
    await call('POST', adminPath(ApiRoute.shippingMethodCreate), {
      token: admin.token,
      json: { zone: zones.zones[0]._id, name: 'Express', price: 12.5 },
    });
    await call('POST', adminPath(ApiRoute.discountCodeCreate), {
      token: admin.token,
      json: { code, kind: 'percentage', value: 10, maxUsesPerCustomer: 1 },
    });
  });

  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const subtotalCents = () => Math.round(tee.price * 100) * 2;
  // 10% of the two tees, rounded half up; Express shipping.
  const totalCents = () => subtotalCents() - Math.floor((subtotalCents() + 5) / 10) + 1250;

  it('a guest buys two tees with a discount code and a shipping method', async () => {
    for (let i = 0; i < 2; i += 1) {
      await page.goto(`/product/${tee._id}`);
      await page.getByRole('button', { name: /^Add to Cart/ }).click();
      await page.waitForURL('**/cart');
    }
    // Signed out, the cart says what the spec says, and offers the guest checkout beside it.
    await shown(page.getByText('Please login or add something to cart'));
    await page.getByRole('link', { name: 'Check out as a guest' }).click();
    await page.waitForURL('**/checkout/guest');

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Full name').fill('Gus Guest');
    await fillAddress(page, { line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'United States' });
    await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel(/^Express/).check();

    await shown(page.getByTestId('guest-total').getByText(dollars(totalCents())));
    const breakdown = await shown(page.getByTestId('price-breakdown'));
    expect(await breakdown.innerText()).toContain(`Discount (${code})`);
    expect(await breakdown.innerText()).toContain('Shipping (Express)');
    await screenshot(page, 'guest-checkout');
    await expectAccessible(page, 'guest-checkout');

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL('**/guest/order#*');
    await shown(page.getByText('Thank you! Your payment was successful.'));
    expect(await page.getByTestId('order-total').innerText()).toBe(dollars(totalCents()));
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  });

  it('the confirmation mail arrives with the order link, and the link opens the order', async () => {
    const mail = await mailTo(email, 'order-confirmation');
    expect(mail).toContain(`Discount (${code})`);
    const link = /^(http:\/\/\S+\/guest\/order#[A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    expect(link).toBeDefined();
    expect(link!.startsWith(process.env.E2E_BASE_URL!)).toBe(true);

    // A new visitor (no state carried over from paying) opens the link.
    const visitor = await openShop(browser);
    const reader = visitor.page;
    await reader.goto(link!);
    await shown(reader.getByRole('heading', { name: /^Order #\d+$/ }));
    expect(await reader.getByTestId('order-total').innerText()).toBe(dollars(totalCents()));
    const items = await reader.getByRole('table', { name: 'Items in this order' }).innerText();
    expect(items).toContain(tee.name);
    expect(items).toContain(`Discount (${code})`);
    expect(items).toContain('Shipping (Express)');
    await shown(reader.getByText('Received', { exact: true }));
    await shown(reader.getByText('1 Main Street'));
    expect(await pathOf(reader)).toBe('/guest/order');
    await screenshot(reader, 'guest-order');
    await expectAccessible(reader, 'guest-order');

    // A wrong token shows no order.
    await reader.goto('/');
    await reader.goto(`/guest/order#${'A'.repeat(43)}`);
    await shown(reader.getByText(/could not find an order for this link/));
    expect(visitor.pageErrors).toEqual([]);
    await reader.context().close();
  });
});
