import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Session, User } from '@store/contract';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { buyableAsIs, call, firstProducts, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillSignIn, launchChromium, openShop, screenshot, type ShopPage, shown, signInOnPage, store, stored } from './support/browser';

/**
 * Two-factor sign-in in the browser (the store runs with ADMIN_2FA=optional, the default outside production): a
 * new staff member sets it up from the admin dashboard (the QR code and its key, a first code, the recovery codes
 * shown once), then signs in with a code from the app in the second step, then with a recovery code; signed in that
 * way they are still one of the staff, refused a refund by the server.
 */
describe('two-factor sign-in', () => {
  let browser: Browser;
  let shop: ShopPage;
  const member = { email: `${unique('tara').replace(' ', '-')}@example.com`, name: 'Tara Twofactor', password: 'two steps ahead 42' };
  let secret: string;
  let lastStep = 0;
  let recoveryCodes: string[];

  /** A code for the next unused time step, never before now (the API refuses a step used already). */
  const nextCode = async (): Promise<string> => {
    const now = Math.floor(Date.now() / 30_000);
    lastStep = Math.max(now, lastStep + 1);
    if (lastStep > now + 1) throw new Error('this test used more than two codes in one 30-second step');
    return generate({ secret, epoch: lastStep * 30 });
  };

  /** Invites `member` as staff with the owner's session and accepts through the mailed link (the outbox folder). */
  async function joinStaff(): Promise<void> {
    const owner = await signin(store.admin().email, store.admin().password);
    const invited = await call('POST', `/staff/invite/${owner.user._id}`, {
      token: owner.token,
      json: { email: member.email, staffRole: 'staff' },
    });
    expect(invited.status).toBe(201);
    const outbox = process.env.E2E_OUTBOX_DIR!;
    let token: string | undefined;
    for (let waited = 0; token === undefined && waited < 15_000; waited += 250) {
      const mail = (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((name) => name.includes('staff-invitation'))
        .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
        .find((text) => text.includes(`To: ${member.email}`));
      token = /\/staff\/join#([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
      if (token === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const joined = await call<User>('POST', '/staff/accept', { json: { token, name: member.name, password: member.password } });
    expect(joined.status).toBe(201);
  }

  const passwordStep = async (page: Page) => {
    await page.goto('/signin');
    await fillSignIn(page, member.email, member.password);
    return shown(page.getByRole('form', { name: 'Two-factor sign-in' }));
  };

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Signout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  };

  beforeAll(async () => {
    browser = await launchChromium();
    shop = await openShop(browser);
    await joinStaff();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(shop.pageErrors).toEqual([]);
  });

  it('a staff member sets it up from the dashboard: QR code, a first code, ten recovery codes shown once', async () => {
    const page = shop.page;
    await signInOnPage(page, member.email, member.password, '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin Navigation' }).getByRole('link', { name: 'Two-factor sign-in' }).click();
    await page.waitForURL('**/admin/two-factor');

    await (await shown(page.getByRole('button', { name: 'Set up two-factor sign-in' }))).click();
    const qr = await shown(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 100)).toBe(true);
    secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-two-factor-enrol');
    await expectAccessible(page, 'admin-two-factor-enrol');

    // A wrong code first: the server's reason, and two-factor stays off.
    const form = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await form.getByLabel('Code from the app').fill('000000');
    await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await shown(page.getByText('That code is not right, or it was used already; try the next one'));

    await form.getByLabel('Code from the app').fill(await nextCode());
    await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = await shown(page.getByTestId('recovery-codes'));
    recoveryCodes = await codes.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await screenshot(page, 'admin-two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await shown(page.getByText('Two-factor sign-in is on. 10 of your recovery codes are left.'));
    // Shown once: the page no longer holds them.
    expect(await page.getByText(recoveryCodes[0]).count()).toBe(0);
  });

  it('signs in with a code from the app in a second step', async () => {
    const page = shop.page;
    await signOut(page);
    const step = await passwordStep(page);
    expect(await stored<Session>(page, 'jwt')).toBeNull();
    await screenshot(page, 'signin-two-factor');
    await expectAccessible(page, 'signin-two-factor');
    await step.getByLabel('Code').fill(await nextCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect((await stored<Session>(page, 'jwt'))?.user).toMatchObject({ email: member.email, staffRole: 'staff' });
  });

  it('signs in with a recovery code, which then works no more', async () => {
    const page = shop.page;
    await signOut(page);
    let step = await passwordStep(page);
    await step.getByLabel('Code').fill(recoveryCodes[0].toUpperCase());
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/two-factor');
    await shown(page.getByText('Two-factor sign-in is on. 9 of your recovery codes are left.'));

    await signOut(page);
    step = await passwordStep(page);
    await step.getByLabel('Code').fill(recoveryCodes[0]);
    await step.getByRole('button', { name: 'Verify' }).click();
    await shown(page.getByText('That code is not right, or it was used already; try the next one'));
    await step.getByLabel('Code').fill(recoveryCodes[1]);
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
  });

  it('signed in with two factors, staff are still refused a refund by the server', async () => {
    const buyer = await signupAndSignin('Bo Buyer', `${unique('bo').replace(' ', '-')}@example.com`, 'correct horse battery');
    const [product] = (await firstProducts(50)).filter(buyableAsIs);
    const paid = await call<{ order: { _id: string } }>('POST', `/payment/braintree/${buyer.user._id}`, {
      token: buyer.token,
      json: { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: product.price, products: [{ _id: product._id, count: 1 }] } },
    });
    expect(paid.status).toBe(200);
    const session = (await stored<Session>(shop.page, 'jwt'))!;
    const refused = await call<{ error: string; code: string }>('POST', `/order/${paid.body.order._id}/refund/${session.user._id}`, {
      token: session.token,
      json: { product: product._id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your role (staff) does not allow this', code: 'FORBIDDEN' });
  });
});
