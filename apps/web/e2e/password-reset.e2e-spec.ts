import type { Page } from 'playwright-core';
import { signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { screenshot, shopInBrowser, shown } from './support/browser';
import { mailTo } from './support/outbox';

/** A shopper who forgot their password gets a link by e-mail, chooses a new one, and signs in with it. */
describe('password reset', () => {
  const t = shopInBrowser();
  let page: Page;
  const email = `${unique('forgetful').replace(' ', '-')}@example.com`;
  const oldPassword = 'correct horse battery';
  const newPassword = 'a brand new passphrase';

  beforeAll(async () => {
    ({ page } = t);
    await signupAndSignin('Fern Forgetful', email, oldPassword);
  });

  it('asks for a link from the sign-in page and gets the same answer for any address', async () => {
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The sign-in page (with an Email field of its own) stays on screen until the new page's code has arrived: fill
    // the new page's form, not the one about to go.
    const form = await shown(page.getByRole('form', { name: 'Reset your password' }));
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send me a link' }).click();
    await shown(page.getByText('If an account uses that e-mail address, we have sent it a link'));
    await screenshot(page, 'forgot-password');
    await expectAccessible(page, 'forgot-password');
  });

  it('opens the link from the mail, sets a new password, and signs in with it (not with the old one)', async () => {
    const mail = await mailTo(email, 'password-reset');
    const link = /^(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    expect(link).toBeDefined();
    expect(link!.startsWith(process.env.E2E_BASE_URL!)).toBe(true);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Change my password' }).click();
    await shown(page.getByText('Your password has been changed'));
    await expectAccessible(page, 'reset-password');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/user/dashboard');
    await expect(signin(email, oldPassword)).rejects.toThrow(/answered 401/);
    expect(await mailTo(email, 'password-changed')).toContain('was just changed with a reset link');
  });

  it('refuses the same link a second time, with a way to ask for a new one', async () => {
    const mail = await mailTo(email, 'password-reset');
    const link = /^(http:\/\/\S+\/reset-password\?token=\S+)$/m.exec(mail)![1];
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another new passphrase');
    await page.getByLabel('New password again').fill('another new passphrase');
    await page.getByRole('button', { name: 'Change my password' }).click();
    await shown(page.getByText('This link to reset your password is not valid'));
    await shown(page.getByRole('link', { name: 'Ask for a new one' }));
  });
});
