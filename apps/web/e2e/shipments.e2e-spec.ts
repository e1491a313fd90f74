import { type Order, type Product, type Session, variantPrice } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, firstProducts, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { openShop, screenshot, shopInBrowser, shown, signInOnPage, store } from './support/browser';
import { mailTo } from './support/outbox';

/**
 * Shipping in the browser: an admin ships one line of a paid order by UPS with its tracking number, the buyer's
 * "shipped" e-mail carries the tracking link, the rest ships in a second parcel, the packing slip prints without the
 * shop's frame, and the buyer sees both parcels with their links.
 */
describe('shipments', () => {
  const t = shopInBrowser();
  let browser: Browser;
  let page: Page;
  let buyer: Session;
  let buyerPassword: string;
  let products: Product[];
  let orderId: string;
  const tracking = `1Z${Date.now().toString().slice(-8)}`;

  beforeAll(async () => {
    ({ browser, page } = t);
    buyerPassword = 'correct horse battery';
    buyer = await signupAndSignin('Shane Shipping', `${unique('shane').replace(' ', '-')}@example.com`, buyerPassword);
    // Two products in stock, one unit of a variant of each: two lines, shipped one at a time.
    const lines = (await firstProducts(40))
      .map((product) => ({ product, variant: (product.variants ?? []).find((v) => v.active && v.stock > 0) }))
      .filter(({ product, variant }) => variant !== undefined || ((product.variants ?? []).length === 0 && product.stock > 0))
      .slice(0, 2);
    products = lines.map(({ product }) => product);
    const amount = lines.reduce((cents, { product, variant }) => cents + Math.round(variantPrice(product, variant) * 100), 0) / 100;
    const { status, body } = await call<{ order: { _id: string } }>('POST', `/payment/braintree/${buyer.user._id}`, {
      token: buyer.token,
      json: {
        paymentInfo: {
          paymentMethodNonce: 'fake-valid-nonce',
          amount,
          products: lines.map(({ product, variant }) => ({ _id: product._id, count: 1, ...(variant ? { variant: variant._id } : {}) })),
        },
      },
    });
    if (status !== 200) throw new Error(`payment answered ${status}: ${JSON.stringify(body)}`);
    orderId = body.order._id;
    const admin = store.admin();
    await signInOnPage(page, admin.email, admin.password, '/admin/dashboard');
  });

  const orderRow = () => page.getByRole('listitem').filter({ hasText: 'Shane Shipping' });

  it('ships one line by UPS with its tracking number; the order is partly shipped and the buyer is mailed the link', async () => {
    await page.goto('/admin/orders');
    const row = await shown(orderRow());
    await row.getByRole('button', { name: 'Ship lines' }).click();
    const form = await shown(row.getByRole('form', { name: /^Ship order/ }));
    await form.getByLabel('Carrier').selectOption({ label: 'UPS' });
    await form.getByLabel('Tracking number').fill(tracking);
    // The second line stays for a later parcel.
    const counts = form.getByRole('spinbutton');
    expect(await counts.count()).toBe(2);
    await counts.nth(1).fill('0');
    await expectAccessible(page, 'admin-ship-order');
    await form.getByRole('button', { name: 'Ship' }).click();

    const link = await shown(row.getByRole('link', { name: tracking }));
    expect(await link.getAttribute('href')).toBe(`https://www.ups.com/track?tracknum=${tracking}`);
    await shown(row.getByText('Partly shipped'));
    expect(await row.innerText()).toContain('Processing');
    await screenshot(page, 'admin-order-partly-shipped');

    const mail = await mailTo(buyer.user.email, 'order-shipped');
    expect(mail).toMatch(/Subject: Part of your order #\d+ has shipped/);
    expect(mail).toContain(`Tracking number: ${tracking}`);
    expect(mail).toContain(`Track your parcel: https://www.ups.com/track?tracknum=${tracking}`);
    // The HTML part links it.
    expect(mail).toContain(`<a href="https://www.ups.com/track?tracknum=${tracking}">`);
  });

  it('refuses to ship more than is left, then ships the rest: the order is Shipped', async () => {
    const order = (await call<Order>('GET', `/order/${orderId}/user/${buyer.user._id}`, { token: buyer.token })).body;
    const first = order.shipments![0].lines[0].variant;
    const rest = order.products.find((line) => line.variant !== first)!;
    const row = await shown(orderRow());
    await row.getByRole('button', { name: 'Ship lines' }).click();
    const form = await shown(row.getByRole('form', { name: /^Ship order/ }));
    await form.getByLabel('Carrier').selectOption({ label: 'USPS' });
    await form.getByLabel('Tracking number').fill('9400 1000 0000 0000 0000 01');
    expect(await form.getByRole('spinbutton').count()).toBe(1);
    await form.getByRole('spinbutton').fill(String(rest.count + 1));
    await form.getByRole('button', { name: 'Ship' }).click();
    await shown(form.getByText(`0 to ${rest.count}`));
    await form.getByRole('spinbutton').fill(String(rest.count));
    await form.getByRole('button', { name: 'Ship' }).click();
    await shown(row.getByRole('link', { name: '9400 1000 0000 0000 0000 01' }));
    await shown(row.getByText('Shipped', { exact: true }).first());
    expect(await row.getByRole('button', { name: 'Ship lines' }).count()).toBe(0);
    const after = (await call<Order>('GET', `/order/${orderId}/user/${buyer.user._id}`, { token: buyer.token })).body;
    expect([after.status, after.fulfilment, after.shipments?.length]).toEqual(['Shipped', 'Shipped', 2]);
  });

  it('prints a packing slip: every line packed, and the print style sheet leaves out the shop’s frame', async () => {
    await page.goto(`/admin/order/${orderId}/packing-slip`);
    const slip = await shown(page.getByRole('article', { name: 'Packing slip' }));
    const text = await slip.innerText();
    for (const product of products) expect(text).toContain(product.name);
    expect(text).not.toContain('$');
    await expectAccessible(page, 'packing-slip');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('nav.navbar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await screenshot(page, 'packing-slip-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows the buyer both parcels with their tracking links', async () => {
    const buyerShop = await openShop(browser);
    await signInOnPage(buyerShop.page, buyer.user.email, buyerPassword, '/user/dashboard');
    const parcel = await shown(buyerShop.page.getByRole('listitem', { name: `Parcel ${tracking}` }));
    expect(await parcel.getByRole('link', { name: tracking }).getAttribute('href')).toBe(`https://www.ups.com/track?tracknum=${tracking}`);
    await shown(buyerShop.page.getByRole('listitem', { name: 'Parcel 9400 1000 0000 0000 0000 01' }));
    await expectAccessible(buyerShop.page, 'buyer-shipments');
    expect(buyerShop.pageErrors).toEqual([]);
    await buyerShop.page.context().close();
  });
});
