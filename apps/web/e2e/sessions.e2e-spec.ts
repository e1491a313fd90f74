import type { Session } from '@store/contract';
import type { Browser, Page } from 'playwright-core';
import { call, signin, signupAndSignin, unique } from './support/api';
import { launchChromium, openShop, pathOf, shown, store, stored, type ShopPage } from './support/browser';

/**
 * "Sign out everywhere" on both dashboards: a click ends the session of this browser and every other token of the
 * user (another device's, here one signed in through the API), and the user is asked to sign in again.
 */
describe('sign out everywhere', () => {
  let browser: Browser;
  let shop: ShopPage;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  beforeEach(async () => {
    shop = await openShop(browser);
    page = shop.page;
  });

  afterEach(async () => {
    expect(shop.pageErrors).toEqual([]);
    await page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signInThroughTheForm(target: string, email: string, password: string): Promise<void> {
    await page.goto(target);
    await page.waitForURL('**/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**${target}`);
  }

  /** Clicks the button on the dashboard at `target`; answers the token the browser held before. */
  async function signOutEverywhere(): Promise<string> {
    const { token } = (await stored<Session>(page, 'jwt'))!;
    const ended = page.waitForResponse((response) => response.url().endsWith('/api/signout/everywhere'));
    await (await shown(page.getByRole('button', { name: 'Sign out everywhere' }))).click();
    expect((await ended).status()).toBe(200);
    await page.waitForURL('**/signin');
    expect(await stored(page, 'jwt')).toBeNull();
    return token;
  }

  it('on the user dashboard: ends this browser’s session and the other device’s', async () => {
    const email = `${unique('everywhere').replace(' ', '-')}@example.com`;
    const password = 'correct horse battery';
    const otherDevice = await signupAndSignin('Eve Everywhere', email, password);
    await signInThroughTheForm('/user/dashboard', email, password);
    const browserToken = await signOutEverywhere();
    expect(await pathOf(page)).toBe('/signin');
    for (const token of [browserToken, otherDevice.token]) {
      const refused = await call<{ error: string }>('GET', `/user/${otherDevice.user._id}`, { token });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('Your session has ended; sign in again');
    }
    // Signing in again works, and lands back on the dashboard.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/user/dashboard');
  });

  it('on the admin dashboard: ends the admin’s sessions', async () => {
    const admin = store.admin();
    const otherDevice = await signin(admin.email, admin.password);
    await signInThroughTheForm('/admin/dashboard', admin.email, admin.password);
    const browserToken = await signOutEverywhere();
    for (const token of [browserToken, otherDevice.token]) {
      expect((await call('GET', `/order/overview/${otherDevice.user._id}`, { token })).status).toBe(401);
    }
  });
});
