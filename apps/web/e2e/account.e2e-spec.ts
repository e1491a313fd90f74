import { readFile } from 'node:fs/promises';
import type { MyData, Order, Session } from '@store/contract';
import type { Page } from 'playwright-core';
import { call, signin, signupAndSignin, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillAddress, screenshot, shopInBrowser, shown, signInOnPage, stored } from './support/browser';
import { mailTo } from './support/outbox';

const HOME = { line1: '1 Home Lane', city: 'Springfield', postalCode: '12345', country: 'United States' };
const WORK = { line1: '9 Work Road', city: 'Shelbyville', postalCode: '54321', country: 'Canada' };

/**
 * An account that keeps its customer: the address confirmed from the mail in the outbox, two saved addresses and a
 * checkout to the one that is not the default, "my data" downloaded, and the account deleted for good.
 */
describe('the account page', () => {
  const t = shopInBrowser();
  let page: Page;
  const name = unique('Ada Account');
  const email = `${name.replace(' ', '-').replace(' ', '-').toLowerCase()}@example.com`;
  const password = 'correct horse battery';

  beforeAll(async () => {
    ({ page } = t);
    await signupAndSignin(name, email, password);
    await signInOnPage(page, email, password, '/user/dashboard');
  });

  const session = async () => (await stored<Session>(page, 'jwt'))!;

  it('confirms the e-mail address with the link from the mail in the outbox', async () => {
    await shown(page.getByText('Not confirmed'));
    const mail = await mailTo(email, 'verify-email');
    expect(mail).toContain('Subject: Confirm your e-mail address at');
    const link = /^(http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]{43})$/m.exec(mail)?.[1];
    expect(link?.startsWith(process.env.E2E_BASE_URL!)).toBe(true);
    await page.goto(link!);
    await shown(page.getByText('Your e-mail address is confirmed.'));
    await expectAccessible(page, 'verify-email');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.waitForURL('**/user/dashboard');
    await shown(page.getByText('Confirmed', { exact: true }));
    // The link works once.
    await page.goto(link!);
    await shown(page.getByText('This link to confirm your e-mail address is not valid'));
    await page.goto('/user/dashboard');
  });

  async function addAddress(address: typeof HOME) {
    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'Add an address' });
    await fillAddress(form, address);
    await form.getByRole('button', { name: 'Save address' }).click();
    await shown(page.getByRole('list', { name: 'Saved addresses' }).getByText(address.line1));
  }

  it('keeps two addresses in the address book, the first the default', async () => {
    await addAddress(HOME);
    await addAddress(WORK);
    const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    expect(await saved.count()).toBe(2);
    expect(await saved.first().innerText()).toContain('Default');
    expect(await saved.first().innerText()).toContain(HOME.line1);
    await screenshot(page, 'account-page');
    await expectAccessible(page, 'account-page');
  });

  it('is offered the default at checkout, picks the other address, and the order ships there', async () => {
    await page.goto('/');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Add to Cart: /, disabled: false }) })
      .first();
    await card.getByRole('button', { name: /^Add to Cart: / }).click();
    await page.waitForURL('**/cart');
    const cardNumber = await shown(page.getByLabel('Card number'));
    const line1 = page.getByLabel('Address line 1');
    await page.waitForFunction(() => (document.querySelector('#ship-line1') as HTMLInputElement | null)?.value !== '');
    expect(await line1.inputValue()).toBe(HOME.line1);

    const picker = page.getByLabel('Ship to a saved address');
    await picker.selectOption({ label: `${name}, ${WORK.line1}, ${WORK.city}` });
    expect(await line1.inputValue()).toBe(WORK.line1);
    expect(await page.getByLabel('Country').inputValue()).toBe('CA');
    await expectAccessible(page, 'checkout-address-book');
    await cardNumber.fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Buy' }).click();
    await shown(page.getByText(/^Thank you! Your payment of/));

    const { user, token } = await session();
    const orders = await call<Order[]>('GET', `/orders/user/${user._id}`, { token });
    expect(orders.body.map((order) => order.shippingAddress?.line1)).toEqual([WORK.line1]);
  });

  it('downloads my data as a JSON file: profile, both addresses, the order', async () => {
    await page.goto('/user/dashboard');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as MyData;
    expect(data.profile).toMatchObject({ email, name, emailVerified: true });
    expect(data.addresses.map((saved) => saved.shippingAddress.line1).sort()).toEqual([HOME.line1, WORK.line1].sort());
    expect(data.orders).toHaveLength(1);
    expect(data.auditEntries).toEqual([]);
  });

  it('deletes the account with the password, and then cannot sign in', async () => {
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Your password').fill('not my password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await shown(form.getByText('Password is not right'));

    await form.getByLabel('Your password').fill(password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/signin');
    await shown(page.getByText('Your account and its personal data are deleted'));
    await page.waitForFunction(() => localStorage.getItem('jwt') === null);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByText('Email and password do not match'));
    await expect(signin(email, password)).rejects.toThrow(/answered 401/);
  });
});
