import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Product, Session } from '@store/contract';
import type { Browser } from 'playwright-core';
import { buyableAsIs, call, firstProducts, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { launchChromium, openShop, screenshot, type ShopPage, shown, signInOnPage, store, stored } from './support/browser';

/**
 * Staff roles in the browser: the owner invites someone from the People screen, the invitee joins through the
 * link read from the e-mail the store wrote to its outbox folder, signs in as staff, sees the orders without any
 * refund or cancel control, and is refused a refund by the server (403) all the same.
 */
describe('staff roles', () => {
  let browser: Browser;
  let owner: ShopPage;
  let staff: ShopPage;
  const invitee = { email: `${unique('stella').replace(' ', '-')}@example.com`, name: 'Stella Staff', password: 'stock and shipping 42' };
  let orderId: string;
  let lines: Product[];
  let link: string;

  beforeAll(async () => {
    browser = await launchChromium();
    owner = await openShop(browser);
    staff = await openShop(browser);
    // A paid order of two products (so it offers line refunds), placed as a buyer would through the API.
    const buyer: Session = await signupAndSignin('Bea Buyer', `${unique('bea').replace(' ', '-')}@example.com`, 'correct horse battery');
    lines = (await firstProducts(50)).filter(buyableAsIs).slice(0, 2);
    const amount = Math.round(lines.reduce((sum, p) => sum + p.price * 100, 0)) / 100;
    const paid = await call<{ order: { _id: string } }>('POST', `/payment/braintree/${buyer.user._id}`, {
      token: buyer.token,
      json: { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount, products: lines.map((p) => ({ _id: p._id, count: 1 })) } },
    });
    expect(paid.status).toBe(200);
    orderId = paid.body.order._id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(owner.pageErrors).toEqual([]);
    expect(staff.pageErrors).toEqual([]);
  });

  it('the owner invites someone from the People screen, reached from the admin nav', async () => {
    const page = owner.page;
    const admin = store.admin();
    await signInOnPage(page, admin.email, admin.password, '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin Navigation' }).getByRole('link', { name: 'People' }).click();
    await page.waitForURL('**/admin/people');
    const people = await shown(page.getByRole('list', { name: 'Staff' }));
    expect(await people.getByRole('listitem', { name: admin.name }).getByLabel(`Role of ${admin.name}`).inputValue()).toBe('owner');

    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(invitee.email);
    await form.getByLabel(/^Staff/).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await shown(page.getByText(`Invitation sent to ${invitee.email}.`, { exact: true }));
    await shown(page.getByRole('list', { name: 'Open invitations' }).getByText(invitee.email));
    await screenshot(page, 'admin-people');
    await expectAccessible(page, 'admin-people');
  });

  it('the invitation e-mail is written to the outbox folder with a link to this store', async () => {
    // No SMTP_URL in this store: the worker writes the mail as an .eml file (it polls every 2 s).
    const outbox = process.env.E2E_OUTBOX_DIR!;
    const mailToInvitee = (): string | undefined =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((name) => name.includes('staff-invitation'))
        .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
        .find((text) => text.includes(`To: ${invitee.email}`));
    let mail: string | undefined;
    for (let waited = 0; mail === undefined && waited < 15_000; waited += 250) {
      mail = mailToInvitee();
      if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mail).toContain('Subject: You are invited to run The T-shirt Store');
    const found = /(http:\/\/\S+\/staff\/join#[A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
    expect(found?.startsWith(`${store.baseUrl}/staff/join#`)).toBe(true);
    link = found!;
  });

  it('the invitee follows the link, chooses a name and password, and signs in as staff', async () => {
    const page = staff.page;
    await page.goto(link);
    await page.getByLabel('Name').fill(invitee.name);
    await page.getByLabel('Password').fill(invitee.password);
    await page.getByRole('button', { name: 'Join the staff' }).click();
    await shown(page.getByText(`Welcome, ${invitee.name}: you joined the staff as Staff.`));
    await expectAccessible(page, 'join-staff');
    await page.getByRole('link', { name: 'sign in', exact: true }).click();
    await page.waitForURL('**/signin');
    await signInOnPage(page, invitee.email, invitee.password, '/admin/dashboard');

    const info = await (await shown(page.getByRole('region', { name: 'Admin Information' }))).innerText();
    expect(info).toContain(invitee.name);
    expect(info).toContain('Staff');
    const links = await page.getByRole('navigation', { name: 'Admin Navigation' }).getByRole('link').allInnerTexts();
    expect(links).toEqual([
      'Create Categories',
      'Manage Categories',
      'Create Product',
      'Manage Products',
      'Import / Export CSV',
      'Manage Orders',
      'Returns',
      'Pricing',
      'Audit Trail',
      'Two-factor sign-in',
    ]);

    // The link worked once: a second use is refused with the server's reason.
    await page.goto(link);
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Password').fill('another long password');
    await page.getByRole('button', { name: 'Join the staff' }).click();
    await shown(page.getByText('This invitation link has already been used; sign in instead'));
  });

  it('staff see the order without refund or cancel controls, and the server refuses them a refund', async () => {
    const page = staff.page;
    await page.goto('/admin/orders');
    const order = await shown(page.getByRole('listitem', { name: `Order ${orderId.slice(0, 8).toUpperCase()}` }).first());
    expect(await order.getByRole('button', { name: /^Refund / }).count()).toBe(0);
    const moves = await order.getByLabel('Move to').locator('option').allInnerTexts();
    expect(moves).toEqual(['Processing']);
    await screenshot(page, 'admin-orders-staff');

    // Whatever the screen offers, the server decides: the staff member's own token is refused a refund.
    const session = await stored<Session>(page, 'jwt');
    expect(session?.user).toMatchObject({ role: 1, staffRole: 'staff' });
    const refused = await call<{ error: string; code: string }>('POST', `/order/${orderId}/refund/${session!.user._id}`, {
      token: session!.token,
      json: { product: lines[0]._id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your role (staff) does not allow this', code: 'FORBIDDEN' });
    const cancel = await call<{ code: string }>('PUT', `/order/${orderId}/status/${session!.user._id}`, {
      token: session!.token,
      json: { status: 'Cancelled' },
    });
    expect(cancel.status).toBe(403);

    // The owner's screen offers both for the same order.
    await owner.page.goto('/admin/orders');
    const ownersView = await shown(owner.page.getByRole('listitem', { name: `Order ${orderId.slice(0, 8).toUpperCase()}` }).first());
    expect(await ownersView.getByRole('button', { name: /^Refund / }).count()).toBe(2);
    expect(await ownersView.getByLabel('Move to').locator('option').allInnerTexts()).toEqual(['Processing', 'Cancelled']);
  });

  it('the owner sees the new member on the People screen and can make them read-only', async () => {
    const page = owner.page;
    await page.goto('/admin/people');
    const row = await shown(page.getByRole('list', { name: 'Staff' }).getByRole('listitem', { name: invitee.name }));
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/staff/')),
      row.getByLabel(`Role of ${invitee.name}`).selectOption('read-only'),
    ]);
    expect(answer.status()).toBe(200);
    const session = await stored<Session>(staff.page, 'jwt');
    // The change ended the member's sessions: their token is refused, and a new sign-in is read-only.
    const old = await call('POST', `/category/create/${session!.user._id}`, { token: session!.token, json: { name: unique('Read Only') } });
    expect(old.status).toBe(401);
    const again = await signin(invitee.email, invitee.password);
    expect(again.user.staffRole).toBe('read-only');
    const write = await call('POST', `/category/create/${again.user._id}`, { token: again.token, json: { name: unique('Read Only') } });
    expect(write.status).toBe(403);
  });
});
