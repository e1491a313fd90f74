import type { Session } from '@store/contract';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { startAnotherStore, type AnotherStore } from './support/another-store';
import { expectAccessible } from './support/axe';
import { launchChromium, openShop, screenshot, type ShopPage, shown, signInOnPage, stored } from './support/browser';

/**
 * A shop that requires two-factor sign-in of its people (ADMIN_2FA=required, production's default), on a store of
 * its own (the shared one runs with it optional, or every other spec's admin would be confined): the owner, signed
 * in with the password alone, reaches only the enrolment page, in the browser and at the API; once a first code
 * turns it on, the new session opens the dashboard and the password-only one has ended.
 */
describe('two-factor sign-in required by the shop', () => {
  let browser: Browser;
  let other: AnotherStore;
  let shop: ShopPage;

  const apiAt = async (path: string, token: string) => {
    const response = await fetch(`${other.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { error?: string; code?: string } };
  };

  beforeAll(async () => {
    // Both settled before the hook ends, so afterAll stops whichever started when the other failed.
    const [store, launched] = await Promise.allSettled([
      startAnotherStore('two-factor-required', { ADMIN_2FA: 'required' }),
      launchChromium(),
    ]);
    if (store.status === 'fulfilled') other = store.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [store, launched]) if (result.status === 'rejected') throw result.reason;
    shop = await openShop(browser, undefined, other.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await other?.stop();
  });

  afterEach(() => {
    expect(shop.pageErrors).toEqual([]);
  });

  it('confines an owner without it to enrolling, then, enrolled, opens the dashboard', async () => {
    const page = shop.page;
    await signInOnPage(page, other.admin.email, other.admin.password, '/admin/two-factor');
    await shown(page.getByText('The shop requires two-factor sign-in for its staff: set it up to open the admin pages.'));
    const passwordOnly = (await stored<Session>(page, 'jwt'))!;
    expect(passwordOnly.twoFactorEnrolmentRequired).toBe(true);

    // Any other admin page sends it back here, and the server refuses that session everything but enrolling.
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/two-factor');
    const refused = await apiAt(`/order/all/${passwordOnly.user._id}`, passwordOnly.token);
    expect(refused).toEqual({
      status: 403,
      body: { error: 'The shop requires two-factor sign-in for its staff: set it up to continue', code: 'FORBIDDEN' },
    });
    await screenshot(page, 'admin-two-factor-required');
    await expectAccessible(page, 'admin-two-factor-required');

    await (await shown(page.getByRole('button', { name: 'Set up two-factor sign-in' }))).click();
    await shown(page.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    const form = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await form.getByLabel('Code from the app').fill(await generate({ secret }));
    await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    expect(await (await shown(page.getByTestId('recovery-codes'))).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await shown(page.getByText('Two-factor sign-in is on. 10 of your recovery codes are left.'));

    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/dashboard');
    await shown(page.getByRole('region', { name: 'Admin Information' }));
    const enrolled = (await stored<Session>(page, 'jwt'))!;
    expect(enrolled.twoFactorEnrolmentRequired).toBeUndefined();
    expect(enrolled.token).not.toBe(passwordOnly.token);
    expect((await apiAt(`/order/all/${enrolled.user._id}`, enrolled.token)).status).toBe(200);
    // The session opened with the password alone ended when two-factor was turned on.
    expect(await apiAt(`/order/all/${passwordOnly.user._id}`, passwordOnly.token)).toEqual({
      status: 401,
      body: { error: 'Your session has ended; sign in again', code: 'UNAUTHENTICATED' },
    });
  });
});
