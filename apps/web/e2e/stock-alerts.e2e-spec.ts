import type { Category, Product, Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, fixtureBytes, signin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { openShop, screenshot, shopInBrowser, shown, signInOnPage, store } from './support/browser';
import { mailTo } from './support/outbox';

/** The product form's fields as the admin form sends them (multipart, with a photo on create). */
function productForm(fields: Record<string, string>, photo: boolean): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('photo', new Blob([new Uint8Array(fixtureBytes('blue-tee.jpg'))], { type: 'image/jpeg' }), 'blue-tee.jpg');
  return form;
}

/**
 * Back-in-stock alerts as a shopper lives them: a size is sold out, they leave their address, confirm it from the
 * mail, the admin restocks the size, and the one "back in stock" mail arrives with the product and an unsubscribe
 * link. The store runs as in production: the notify pass follows the catalogue's changes, the outbox worker sends.
 */
describe('back-in-stock alerts', () => {
  const t = shopInBrowser();
  let browser: Browser;
  let page: Page;
  let admin: Session;
  let tee: Product;
  const email = `${unique('waiting').replace(' ', '-')}@example.com`.toLowerCase();

  beforeAll(async () => {
    ({ browser, page } = t);
    admin = await signin(store.admin().email, store.admin().password);
    const [category] = (await call<Category[]>('GET', '/categories')).body;
    const sizes = JSON.stringify([
      { size: 'S', stock: 3 },
      { size: 'M', stock: 0 },
    ]);
    const fields = { name: unique('Alert Tee'), description: 'A tee that sells out in M.', price: '22', category: category._id, sizes };
    const created = await call<Product>('POST', `/product/create/${admin.user._id}`, {
      token: admin.token,
      form: productForm(fields, true),
    });
    if (created.status !== 201) throw new Error(`creating a product answered ${created.status}: ${JSON.stringify(created.body)}`);
    tee = created.body;
  });

  it('leaves an address for the sold-out size, and confirms it from the mail', async () => {
    await page.goto(`/product/${tee._id}`);
    const form = await shown(page.getByRole('form', { name: 'Notify me when it is back in stock' }));
    await shown(form.getByText('M is sold out.'));
    await form.getByRole('button', { name: 'Notify me' }).click();
    await shown(form.getByText('Email must be a valid email address'));
    await form.getByLabel('Your e-mail').fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await shown(page.getByText('Check your inbox: open the link we sent to confirm the alert.'));
    await screenshot(page, 'stock-alert-asked');
    await expectAccessible(page, 'stock-alert-asked');

    const mail = await mailTo(email, 'stock-alert-confirm');
    expect(mail).toContain(`"${tee.name}" in M is back in stock`);
    const link = /^(http:\/\/\S+\/stock-alerts\/confirm\?token=[A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    expect(link?.startsWith(process.env.E2E_BASE_URL!)).toBe(true);
    await page.goto(link!);
    await shown(page.getByText("Confirmed: we'll e-mail you once when it is back in stock."));
    await shown(page.getByRole('link', { name: `${tee.name} (M)` }));
    await expectAccessible(page, 'stock-alert-confirmed');
  });

  it('gets the one mail when the admin restocks the size, with the product and a working unsubscribe link', async () => {
    // The admin sees who waits before restocking (the update page's table).
    const adminPage = await openShop(browser);
    try {
      await signInOnPage(adminPage.page, store.admin().email, store.admin().password, '/admin/dashboard');
      await adminPage.page.goto(`/admin/product/update/${tee._id}`);
      const table = await shown(adminPage.page.getByRole('table', { name: 'Shoppers waiting per variant' }));
      await shown(table.getByRole('row', { name: /^M .* 0 1$/ }));
      await expectAccessible(adminPage.page, 'stock-alert-counts');
    } finally {
      await adminPage.page.context().close();
    }

    const sizes = JSON.stringify([
      { size: 'S', stock: 3 },
      { size: 'M', stock: 4 },
    ]);
    const updated = await call<Product>('PUT', `/product/${tee._id}/${admin.user._id}`, {
      token: admin.token,
      form: productForm({ sizes }, false),
    });
    expect(updated.status).toBe(200);

    const mail = await mailTo(email, 'back-in-stock');
    expect(mail).toMatch(new RegExp(`^Subject: Back in stock: ${tee.name} \\(M\\)$`, 'm'));
    expect(mail).toContain('Content-Type: text/html');
    const productLink = /^(http:\/\/\S+\/product\/[0-9a-f-]{36}\?size=M)$/m.exec(mail)?.[1];
    const unsubscribeLink = /^To unsubscribe: (http:\/\/\S+\/stock-alerts\/unsubscribe\?token=[A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    await page.goto(productLink!);
    await shown(page.getByRole('heading', { level: 1, name: tee.name }));
    expect(await page.getByRole('radio', { name: 'M', exact: true }).isEnabled()).toBe(true);

    await page.goto(unsubscribeLink!);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await shown(page.getByText('You will get no e-mail about this item.'));
    await expectAccessible(page, 'stock-alert-unsubscribed');
  });
});
