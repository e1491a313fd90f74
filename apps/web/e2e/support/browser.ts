import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/**
 * Where the screenshots of the main pages go (a CI artifact; docs/web.md names it). The ops step's run of these
 * tests against the compose stack, which `npm test` runs beside the browser step, names a folder of its own.
 */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? path.resolve(__dirname, '../../../../artifacts/screenshots');

export const store = {
  get baseUrl(): string {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through apps/web/e2e/jest.config.mjs, whose global setup starts the store');
    return url;
  },
  admin: () => ({ email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD!, name: process.env.E2E_ADMIN_NAME! }),
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface ShopPage {
  page: Page;
  /**
   * Uncaught errors in the page, Content-Security-Policy violations and console errors: a test fails if any
   * appear. The browser's own "Failed to load resource" lines for API answers the test provoked on purpose
   * (a 401, a declined card's 402), and the app's own log of such a refusal (an `ApiError` it shows to the
   * user), are not errors of the page.
   */
  pageErrors: string[];
  /** Every console message, as `type: text`. */
  consoleMessages: string[];
}

/** A fresh browser context (its own localStorage) on the store (or another at `baseUrl`), 1280x900 unless told otherwise. */
export async function openShop(browser: Browser, viewport = { width: 1280, height: 900 }, baseUrl = store.baseUrl): Promise<ShopPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A server-rendered page reads as HTML at `load`, but its buttons and selects are the app's, which starts only once
  // the page's largest photo is on screen (apps/web/src/boot.ts, docs/web.md): `goto` of a page also waits for React
  // to take its root over (the root carries React's container key from `hydrateRoot`/`createRoot` on; a click from
  // then on is replayed by React if it comes before that part has hydrated).
  const goto = page.goto.bind(page);
  page.goto = (async (url: string, options?: Parameters<Page['goto']>[1]) => {
    const response = await goto(url, options);
    if (response?.headers()['content-type']?.startsWith('text/html')) await appStarted(page);
    return response;
  }) as Page['goto'];
  const pageErrors: string[] = [];
  const consoleMessages: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    consoleMessages.push(`${message.type()}: ${message.text()}`);
    const expected = /^(Failed to load resource: the server responded with a status of 4\d\d|ApiError: )/;
    if (message.type() === 'error' && !expected.test(message.text())) {
      // Where it came from: for a failed load, the resource's URL (which answer was a 5xx is what a CI failure needs).
      const { url } = message.location();
      pageErrors.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
    }
  });
  await watchCspViolations(context, pageErrors);
  return { page, pageErrors, consoleMessages };
}

/** Resolves once React runs the page: its `#root` is a React root (or the page has none). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

/**
 * Resolves once React has adopted `locator`'s element (hydrated it: its props are on the element). Before that, a
 * server-rendered form works as plain HTML, so a test that submits it too early tests the page without scripts.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((node) => !!node && Object.keys(node).some((key) => key.startsWith('__reactProps$')), element);
  return locator;
}

/**
 * Reports every Content-Security-Policy violation of every page in `context` into `problems` (the
 * `securitypolicyviolation` event, which fires also for report-only and blocked inline styles).
 */
export async function watchCspViolations(context: BrowserContext, problems: string[]): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void problems.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

/** Waits until the locator is visible (playwright-core has no auto-waiting expect) and returns it. */
export async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'detached' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let lazy images finish so the picture shows the page as a shopper sees it.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * The set-up most browser specs share: one Chromium and one fresh shop page, closed at the end. Call it at the top
 * of a `describe`; the fields are there once its `beforeAll` has run. Each test fails when the page logged an error
 * or broke its Content-Security-Policy.
 */
export function shopInBrowser(): { readonly browser: Browser; readonly page: Page; readonly shop: ShopPage } {
  const state = {} as { browser: Browser; page: Page; shop: ShopPage };
  beforeAll(async () => {
    state.browser = await launchChromium();
    state.shop = await openShop(state.browser);
    state.page = state.shop.page;
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  afterEach(() => {
    // Emptied as they are checked, so an error fails the test that saw it and not every test after it.
    const errors = state.shop.pageErrors.splice(0);
    expect(errors).toEqual([]);
  });
  return state;
}

/** A postal address as the shipping address fields take it; `country` is the name the Country select shows. */
export interface TypedAddress {
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  country: string;
}

/** Fills the shipping address fields (the checkout's, or an address book form's when `scope` is that form). */
export async function fillAddress(scope: Page | Locator, address: TypedAddress): Promise<void> {
  await scope.getByLabel('Address line 1').fill(address.line1);
  if (address.line2 !== undefined) await scope.getByLabel('Address line 2 (optional)').fill(address.line2);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Postal code').fill(address.postalCode);
  await scope.getByLabel('Country').selectOption({ label: address.country });
}

/** Fills the sign-in form the page shows and submits it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * Signs in on the sign-in page and waits for where it leads: `landing` (a path), or by default the dashboard (the
 * admin's or the customer's).
 */
export async function signInOnPage(page: Page, email: string, password: string, landing?: string): Promise<void> {
  await page.goto('/signin');
  await fillSignIn(page, email, password);
  await page.waitForURL(landing ? `**${landing}` : /\/(admin|user)\/dashboard$/);
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

/** The stored value of a localStorage key, parsed. */
export function stored<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(k);
    return raw === null ? null : JSON.parse(raw);
  }, key);
}

/** Nav bar link texts, in order. */
export async function navLabels(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Main' }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.replace(/\d+$/, '').trim());
}
