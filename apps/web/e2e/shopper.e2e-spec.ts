import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, productCount, unique } from './support/api';
import { expectAccessible } from './support/axe';
import { fillAddress, gone, navLabels, openShop, pathOf, screenshot, shopInBrowser, type ShopPage, shown, stored } from './support/browser';

/**
 * A shopper's visit, step by step in one browser tab: browse, add the same tee twice, remove one, sign up,
 * sign in, pay with the test card (a declined card first), find the order on the dashboard, sign out.
 */
describe('shopper', () => {
  const t = shopInBrowser();
  let browser: Browser;
  let shop: ShopPage;
  let page: Page;
  const shopper = { name: 'Sam Shopper', email: `${unique('sam').replace(' ', '-')}@example.com`, password: 'correct horse battery' };
  let chosen: { name: string; price: string };
  const address = { line1: '12 Harbour Road', line2: 'Flat 3', city: 'Cork', postalCode: 'T12 X70A', country: 'Ireland' };

  beforeAll(async () => {
    ({ browser, shop, page } = t);
  });

  it('browses the catalogue: photo, name, description and $ price on each card, more as they scroll', async () => {
    const total = await productCount();
    expect(total).toBeGreaterThan(12);
    await page.goto('/');
    const cards = page.getByRole('article');
    await shown(cards.first());
    expect(await cards.count()).toBe(12);
    await shown(page.getByText(`Showing 12 of ${total} t-shirts`));

    const first = cards.first();
    const photo = first.getByRole('img');
    expect(await photo.getAttribute('src')).toMatch(/\/api\/product\/photo\/[0-9a-f-]{36}\?size=card&v=\d{4}-\d\d-\d\dT[\d%A.]+Z$/);
    await page
      .waitForFunction(() =>
        [...document.querySelectorAll('article img')].slice(0, 3).every((img) => (img as HTMLImageElement).naturalWidth > 0),
      )
      .catch(async (error: Error) => {
        // Seen once in CI under load, with nothing logged by the store: say what each photo is doing, and what its URL
        // answers when asked again, so the next failure tells a slow answer from a refused or a broken one.
        const photos = await page.evaluate(() =>
          Promise.all(
            [...document.querySelectorAll('article img')].slice(0, 3).map(async (img) => {
              const image = img as HTMLImageElement;
              const again = await fetch(image.currentSrc || image.src).then(
                (answer) => `${answer.status} ${answer.headers.get('content-type')}, ${answer.headers.get('content-length')} bytes`,
                (failure: unknown) => String(failure),
              );
              return `${image.src}: complete ${image.complete}, naturalWidth ${image.naturalWidth}, loading ${image.loading}; asked again: ${again}`;
            }),
          ),
        );
        throw new Error(`${error.message}\nThe first three card photos:\n${photos.join('\n')}`);
      });
    expect(await first.locator('.product-price').innerText()).toMatch(/^\$\d+\.\d{2}$/);
    expect((await first.locator('.card-text').innerText()).length).toBeGreaterThan(10);

    // Three cards side by side on a medium-or-wider screen.
    const tops = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!.y));
    expect(tops[1]).toBe(tops[0]);
    expect(tops[2]).toBe(tops[0]);
    expect(tops[3]).toBeGreaterThan(tops[0]);

    await screenshot(page, 'home');

    await expectAccessible(page, 'home');
    await page.mouse.wheel(0, 20_000);
    await shown(page.getByText(`Showing ${total} of ${total} t-shirts`));
    expect(await cards.count()).toBe(total);
    expect(await navLabels(page)).toEqual(['Home', 'Cart', 'SignUp', 'SignIn']);
  });

  it('adds the same t-shirt twice (two cart entries) and removes one', async () => {
    await page.goto('/');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Add to Cart: /, disabled: false }) })
      .first();
    chosen = { name: await card.getByRole('heading').innerText(), price: await card.locator('.product-price').innerText() };

    await card.getByRole('button', { name: `Add to Cart: ${chosen.name}` }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('button', { name: `Add to Cart: ${chosen.name}` }).click();
    await page.waitForURL('**/cart');

    const entries = page.getByRole('region', { name: /Your cart/ }).getByRole('listitem');
    await shown(entries.nth(1));
    expect(await entries.count()).toBe(2);
    const cart = await stored<{ _id: string; count: number }[]>(page, 'cart');
    expect(cart).toHaveLength(2);
    expect(cart![0]._id).toBe(cart![1]._id);
    expect(cart!.map((entry) => entry.count)).toEqual([1, 1]);
    const price = Number(chosen.price.slice(1));
    expect(await page.getByTestId('cart-total').innerText()).toBe(`$${(price * 2).toFixed(2)}`);
    await screenshot(page, 'cart');
    await expectAccessible(page, 'cart');

    await entries.first().getByRole('button', { name: 'Remove from cart' }).click();
    await gone(entries.nth(1));
    expect(await entries.count()).toBe(1);
    expect(await page.getByTestId('cart-total').innerText()).toBe(chosen.price);
    expect(await stored<unknown[]>(page, 'cart')).toHaveLength(1);
    await shown(page.getByText('Please login or add something to cart'));
    expect(await page.getByRole('button', { name: 'Buy' }).count()).toBe(0);
  });

  it('signs up at /Signup, and is told in red when the email is taken', async () => {
    await page.goto('/Signup');
    await page.getByLabel('Name').fill(shopper.name);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await shown(page.getByText('New account was created successfully.'));
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await screenshot(page, 'signup');
    await expectAccessible(page, 'signup');

    await page.getByLabel('Name').fill(shopper.name);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = await shown(page.getByRole('alert'));
    expect(await alert.innerText()).toBe('Email is already registered');
    expect(await alert.getAttribute('class')).toContain('alert-danger');

    // The success alert's link leads to sign-in.
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Another Shopper');
    await page.getByLabel('Email').fill(`other-${shopper.email}`);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('link', { name: 'Login Here' }).click();
    await page.waitForURL('**/signin');
  });

  it('signs in with the keyboard alone; a wrong password gets a red alert; a customer lands on the user dashboard', async () => {
    await page.goto('/Signin');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Password').press('Enter');
    expect(await (await shown(page.getByRole('alert'))).innerText()).toBe('Email and password do not match');
    await screenshot(page, 'signin-error');
    await expectAccessible(page, 'signin-error');

    await page.getByLabel('Email').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(shopper.email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(shopper.password);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/dashboard');
    await shown(page.getByRole('heading', { name: 'User Dashboard' }));
    expect(await navLabels(page)).toEqual(['Home', 'Cart', 'U. Dashboard', 'Signout']);

    const session = await stored<{ token: string; user: { email: string; role: number } }>(page, 'jwt');
    expect(session?.user).toMatchObject({ email: shopper.email, role: 0 });
    expect(session?.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const current = page.getByRole('link', { name: 'U. Dashboard' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    const colors = await page.evaluate(() => {
      // Bootstrap fades link colours; read them where the fade ends (a loading spinner's endless spin cannot end).
      document.getAnimations().forEach((animation) => {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      });
      return [...document.querySelectorAll('.navbar .nav-link')].map((link) => [
        link.textContent?.replace(/\d+$/, ''),
        getComputedStyle(link).color,
      ]);
    });
    expect(Object.fromEntries(colors)).toEqual({
      Home: 'rgb(255, 255, 255)',
      Cart: 'rgb(255, 255, 255)',
      'U. Dashboard': 'rgb(46, 204, 114)',
      Signout: 'rgb(255, 255, 255)',
    });
  });

  it('is asked for a shipping address: field errors, no payment until it is valid', async () => {
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL('**/cart');
    const cardNumber = await shown(page.getByLabel('Card number'));
    await shown(page.getByText('TEST MODE'));
    // No earlier order: the form is blank but for the name to ship to, which starts as the buyer's.
    expect(await page.getByLabel('Full name').inputValue()).toBe(shopper.name);
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('');

    const payments: string[] = [];
    const onRequest = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/api/payment/')) payments.push(request.url());
    };
    page.on('request', onRequest);
    await cardNumber.fill('4111 1111 1111 1111');
    await page.getByLabel('Postal code').fill('#');
    await page.getByRole('button', { name: 'Buy' }).click();
    // The API's own messages (ShippingAddressDto), shown beside each field without the wire path.
    const errorOf = (id: string) => page.locator(`#${id}-error`);
    await shown(errorOf('ship-line1').getByText('Must contain a visible character'));
    await shown(errorOf('ship-city').getByText('Must contain a visible character'));
    await shown(errorOf('ship-postal-code').getByText('Must be 2 to 12 letters, digits, spaces or hyphens'));
    await shown(errorOf('ship-country').getByText(/^Must be one of US, CA, /));
    expect(await page.getByLabel('Address line 1').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ship-line1');
    await screenshot(page, 'checkout-address-errors');
    await expectAccessible(page, 'checkout-address-errors');
    page.off('request', onRequest);
    expect(payments).toEqual([]);
    expect(await stored<unknown[]>(page, 'cart')).toHaveLength(1);

    await fillAddress(page, address);
    await gone(errorOf('ship-line1'));
    await gone(errorOf('ship-country'));
  });

  it('is declined with the declined test card (logged and shown, cart kept), then pays with 4111 1111 1111 1111', async () => {
    const cardNumber = await shown(page.getByLabel('Card number'));
    await cardNumber.fill('4000 1111 1111 1115');
    await page.getByRole('button', { name: 'Buy' }).click();
    const alert = await shown(page.getByRole('alert'));
    expect(await alert.innerText()).toMatch(/^Payment failed\n.*declined/i);
    expect(shop.consoleMessages.some((line) => line.startsWith('log: PAYMENT FAILED'))).toBe(true);
    expect(await stored<unknown[]>(page, 'cart')).toHaveLength(1);
    await screenshot(page, 'checkout-declined');
    await expectAccessible(page, 'checkout-declined');

    await cardNumber.fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Buy' }).click();
    await shown(page.getByText(`Thank you! Your payment of ${chosen.price} was successful.`));
    expect(await stored(page, 'cart')).toBeNull();
    await shown(page.getByText('Your cart is empty.'));
    await screenshot(page, 'checkout-paid');
    await expectAccessible(page, 'checkout-paid');
  });

  it('sees the confirmation of the order: number, item, total; its e-mail is written to the outbox folder', async () => {
    expect(await page.getByRole('link', { name: 'see your orders' }).getAttribute('href')).toBe('/user/dashboard');
    await page.getByRole('link', { name: 'view your order confirmation' }).click();
    await page.waitForURL('**/order/*/confirmation');
    const orderId = /\/order\/([0-9a-f-]{36})\/confirmation$/.exec(await pathOf(page))?.[1];
    expect(orderId).toBeDefined();
    const heading = await shown(page.getByRole('heading', { name: /^Order #\d+$/ }));
    const number = (await heading.innerText()).replace(/^Order /, '');
    const items = page.getByRole('table', { name: 'Items in this order' });
    expect(await items.getByRole('row').nth(1).innerText()).toMatch(
      new RegExp(`^${escapeRegExp(chosen.name)}\\s+-\\s+1\\s+${escapeRegExp(chosen.price)}$`),
    );
    expect(await page.getByTestId('order-total').innerText()).toBe(chosen.price);
    expect((await page.getByLabel('Shipping address').innerText()).split('\n')).toEqual([
      shopper.name,
      address.line1,
      address.line2,
      address.city,
      address.postalCode,
      address.country,
    ]);
    await shown(page.getByText(shopper.email));
    await screenshot(page, 'order-confirmation');
    await expectAccessible(page, 'order-confirmation');

    // No SMTP_URL in this store: the worker writes the buyer's mail as an .eml file (it polls every 2 s).
    const outbox = process.env.E2E_OUTBOX_DIR!;
    // Other tests' orders have mails there too (the admin tests place some): find the one of this order.
    const subject = `Subject: Your order ${number} is confirmed`;
    const mailOfThisOrder = (): string | undefined =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((name) => name.includes('order-confirmation'))
        .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
        .find((text) => text.includes(subject));
    let mail: string | undefined;
    for (let waited = 0; mail === undefined && waited < 15_000; waited += 250) {
      mail = mailOfThisOrder();
      if (mail === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(mail).toContain(subject);
    expect(mail).toContain(`To: ${shopper.email}`);
    expect(mail).toContain(`Total: ${chosen.price}`);
    expect(mail).toContain(`Shipping to:\n  ${shopper.name}\n  ${address.line1}\n  ${address.line2}\n  ${address.city}`);
  });

  it('finds the order on the dashboard', async () => {
    await page.getByRole('link', { name: 'See all your orders' }).click();
    await page.waitForURL('**/user/dashboard');
    const order = await shown(page.getByRole('listitem', { name: /^Order / }));
    expect(await page.getByRole('listitem', { name: /^Order / }).count()).toBe(1);
    const text = await order.innerText();
    expect(text).toContain(`${chosen.name} × 1`);
    expect(text).toContain(chosen.price);
    expect(text).toContain('Received');
    expect(await order.getByLabel('Shipping address').innerText()).toBe(
      `Ships to ${shopper.name}, ${address.line1}, ${address.line2}, ${address.city}, ${address.postalCode}, ${address.country}`,
    );
    await screenshot(page, 'user-dashboard');
    await expectAccessible(page, 'user-dashboard');
  });

  it('is offered its last address at the next checkout', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: `Add to Cart: ${chosen.name}` }).click();
    await page.waitForURL('**/cart');
    const city = page.getByLabel('City');
    await page.waitForFunction(
      (expected) => (document.getElementById('ship-city') as HTMLInputElement | null)?.value === expected,
      address.city,
    );
    expect(await city.inputValue()).toBe(address.city);
    expect(await page.getByLabel('Address line 1').inputValue()).toBe(address.line1);
    expect(await page.getByLabel('Address line 2 (optional)').inputValue()).toBe(address.line2);
    expect(await page.getByLabel('Postal code').inputValue()).toBe(address.postalCode);
    expect(await page.getByLabel('Country').inputValue()).toBe('IE');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('');
    await page
      .getByRole('region', { name: /Your cart/ })
      .getByRole('button', { name: 'Remove from cart' })
      .click();
    await shown(page.getByText('Your cart is empty.'));
  });

  it('is kept out of the admin area', async () => {
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/signin');
    await shown(page.getByText(`You are signed in as ${shopper.name}.`, { exact: false }));
  });

  it('signs out: session removed, token revoked on the server, back home', async () => {
    await page.goto('/user/dashboard');
    const { token, user } = (await stored<{ token: string; user: { _id: string } }>(page, 'jwt'))!;
    const signout = page.waitForResponse((response) => response.url().endsWith('/api/signout'));
    await page.getByRole('button', { name: 'Signout' }).click();
    const response = await signout;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${token}`);
    expect(await pathOf(page)).toBe('/');
    expect(await stored(page, 'jwt')).toBeNull();
    expect(await navLabels(page)).toEqual(['Home', 'Cart', 'SignUp', 'SignIn']);
    expect((await call('GET', `/orders/user/${user._id}`, { token })).status).toBe(401);
  });

  it('is sent to sign in by the guard and brought back to where it was going', async () => {
    await page.goto('/user/dashboard');
    await page.waitForURL('**/signin');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/user/dashboard');
    await shown(page.getByRole('listitem', { name: /^Order / }));
  });

  it('reads well at phone width', async () => {
    const phone = await openShop(browser, { width: 390, height: 844 });
    await phone.page.goto('/');
    await shown(phone.page.getByRole('article').first());
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await phone.page.getByRole('button', { name: 'Toggle navigation' }).click();
    await shown(phone.page.getByRole('link', { name: 'SignIn' }));
    await screenshot(phone.page, 'home-phone');
    await expectAccessible(phone.page, 'home-phone');
    await phone.page.getByRole('link', { name: 'Cart' }).click();
    await phone.page.waitForURL('**/cart');
    await screenshot(phone.page, 'cart-phone');
    await expectAccessible(phone.page, 'cart-phone');
    expect(phone.pageErrors).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
