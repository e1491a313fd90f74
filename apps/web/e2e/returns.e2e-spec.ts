import { ApiRoute, apiPath, type Category, type OrderReturn, type Product, type Session } from '@store/contract';
import type { Browser } from 'playwright-core';
import { call, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { mailTo } from './support/outbox';
import { launchChromium, openShop, screenshot, type ShopPage, shown, signInOnPage, store } from './support/browser';

/**
 * Returns and exchanges (docs/returns.md) in the browser: a buyer asks to exchange their M for an L from their order;
 * the admin approves, receives and ships it on the Returns screen; after five such exchanges the product page says it
 * runs small.
 */
describe('returns and exchanges', () => {
  let browser: Browser;
  let buyerShop: ShopPage;
  let adminShop: ShopPage;
  let admin: Session;
  let buyer: Session;
  let tee: Product;
  const password = 'correct horse battery';
  const buyerEmail = `${unique('rex').replace(' ', '-')}@example.com`;

  const variant = (size: string) => tee.variants!.find((v) => v.options[0] === size)!._id;
  /** An order of one M paid by `session` and moved on to Shipped by the admin (through the API). */
  const shippedM = async (session: Session): Promise<string> => {
    const paid = await call<{ order: { _id: string } }>('POST', apiPath(ApiRoute.payment, { userId: session.user._id }), {
      token: session.token,
      json: {
        paymentInfo: {
          paymentMethodNonce: 'fake-valid-nonce',
          amount: tee.price,
          products: [{ _id: tee._id, variant: variant('M'), count: 1 }],
        },
      },
    });
    if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
    const orderId = paid.body.order._id;
    for (const status of ['Processing', 'Shipped']) {
      const moved = await call('PUT', apiPath(ApiRoute.orderStatus, { orderId, userId: admin.user._id }), {
        token: admin.token,
        json: { status },
      });
      if (moved.status !== 200) throw new Error(`moving the order to ${status} answered ${moved.status}`);
    }
    return orderId;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    buyerShop = await openShop(browser);
    adminShop = await openShop(browser);
    admin = await signin(store.admin().email, store.admin().password);
    buyer = await signupAndSignin('Rex Returner', buyerEmail, password);
    const [category] = (await call<Category[]>('GET', '/categories')).body;
    const form = new FormData();
    const fields = {
      name: unique('Fit Tee'),
      description: 'A tee that runs small.',
      price: '20',
      category: category._id,
      options: JSON.stringify([{ name: 'Size', values: ['S', 'M', 'L'].map((value) => ({ value })) }]),
      variants: JSON.stringify(['S', 'M', 'L'].map((size) => ({ options: [size], stock: 20 }))),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const created = await call<Product>('POST', `/product/create/${admin.user._id}`, { token: admin.token, form });
    if (created.status !== 201) throw new Error(`creating a product answered ${created.status}`);
    tee = created.body;
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(buyerShop.pageErrors).toEqual([]);
    expect(adminShop.pageErrors).toEqual([]);
  });

  it('the buyer asks to exchange M for L from their order, and the admin completes it', async () => {
    const orderId = await shippedM(buyer);
    const page = buyerShop.page;
    await signInOnPage(page, buyerEmail, password);
    await page.getByRole('link', { name: 'Return or exchange items' }).first().click();
    await page.waitForURL(`**/order/${orderId}/returns`);
    const form = await shown(page.getByRole('form', { name: 'Return or exchange items' }));
    await form.getByLabel(/how many to send back/).selectOption('1');
    await form.getByLabel(/New size or colour for/).selectOption({ label: 'L' });
    await form.getByLabel('Reason').selectOption({ label: 'Too small' });
    await form.getByRole('button', { name: 'Request exchange' }).click();
    await shown(page.getByText('Your request was sent: we will e-mail you.'));
    const mine = await shown(page.getByRole('list', { name: 'Your returns and exchanges' }));
    await shown(mine.getByText('1 x', { exact: false }));
    expect(await mine.innerText()).toContain('for L');
    await screenshot(page, 'return-request');
    await expectAccessible(page, 'return-request');
    expect(await mailTo(buyerEmail, 'return-requested')).toContain('We are holding the new size for you until');

    const adminPage = adminShop.page;
    await signInOnPage(adminPage, store.admin().email, store.admin().password);
    await adminPage.getByRole('navigation', { name: 'Admin Navigation' }).getByRole('link', { name: 'Returns' }).click();
    await adminPage.waitForURL('**/admin/returns');
    const item = await shown(
      adminPage
        .getByRole('listitem', { name: /^Exchange for order/ })
        .filter({ hasText: 'Rex Returner' })
        .first(),
    );
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.getByRole('button', { name: 'Received: back on sale' }).click();
    await item.getByRole('button', { name: 'Ship exchange' }).click();
    await item.getByLabel('Carrier').fill('UPS');
    await item.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await item.getByRole('button', { name: 'Record shipment' }).click();
    await shown(item.getByText('Shipped with UPS, tracking 1Z999AA10123456784'));
    expect(await item.getByTestId('return-status').innerText()).toBe('shipped');
    await screenshot(adminPage, 'admin-returns');
    await expectAccessible(adminPage, 'admin-returns');
    expect(await mailTo(buyerEmail, 'return-shipped')).toContain('Tracking number: 1Z999AA10123456784');

    // The buyer's page shows where it is.
    await page.reload();
    await shown(page.getByText('Shipped with UPS, tracking number 1Z999AA10123456784'));
  });

  it('after five exchanges up a size the product page says it runs small', async () => {
    const page = buyerShop.page;
    await page.goto(`/product/${tee._id}`);
    await shown(page.getByRole('heading', { name: tee.name }));
    expect(await page.getByTestId('fit-note').count()).toBe(0);
    for (let i = 0; i < 4; i += 1) {
      const orderId = await shippedM(buyer);
      const asked = await call<OrderReturn>('POST', apiPath(ApiRoute.orderReturns, { orderId, userId: buyer.user._id }), {
        token: buyer.token,
        json: { kind: 'exchange', reason: 'too-small', lines: [{ variant: variant('M'), quantity: 1, exchangeVariant: variant('L') }] },
      });
      expect(asked.status).toBe(201);
    }
    await page.reload();
    const note = await shown(page.getByTestId('fit-note'));
    expect(await note.innerText()).toContain('Runs small: most exchanges went up a size');
  });
});
