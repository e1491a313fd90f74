// `npm run lighthouse`: Lighthouse (Node API) against the built store as `npm start` serves it, on a fresh
// database holding 24 t-shirts with photos. Mobile and desktop presets; home, a product page (server-rendered, as
// the home page is), sign-in and a cart with items.
// Prints the four category scores, FCP/LCP/CLS/TBT and the main thread's work per run and writes the HTML and JSON
// reports to artifacts/lighthouse/. `npm run lighthouse -- --pages home --presets mobile --runs 5` audits only those,
// each several times (the medians are printed last): on a shared machine simulated TBT moves by 100 ms run to run.
// Needs `npm run build` first. Each run gets a fresh Chrome (empty cache). The cart run primes localStorage on the
// store's origin through the same Chrome (puppeteer over CDP) and tells Lighthouse not to reset storage.
/* global FormData, Blob, localStorage -- Node's fetch API; localStorage inside the page */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePortIn, startBuiltStore } from '../apps/web/e2e/support/built-store.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'artifacts', 'lighthouse');
const CATALOGUE_SIZE = 24;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'];
const PAGES = [
  { name: 'home', path: '/' },
  // The newest t-shirt's page (its path is known once the catalogue is filled).
  { name: 'product', path: undefined, product: true },
  { name: 'signin', path: '/signin' },
  { name: 'cart', path: '/cart', withCart: true },
];
const PRESETS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: PAGES.map((p) => p.name).join(',') },
    presets: { type: 'string', default: PRESETS.map((p) => p.name).join(',') },
    runs: { type: 'string', default: '1' },
  },
});
const pick = (all, names) =>
  names.split(',').map(
    (name) =>
      all.find((item) => item.name === name) ??
      (() => {
        throw new Error(`unknown: ${name}`);
      })(),
  );
const chosenPages = pick(PAGES, args.pages);
const chosenPresets = pick(PRESETS, args.presets);
const RUNS = Math.max(1, Number(args.runs) || 1);

/** The built store on a free port and a database of its own (TEST_DATABASE_URL's server, else embedded Postgres). */
async function startStore() {
  const admin = { email: 'lighthouse-admin@example.com', password: `pw-${randomBytes(9).toString('base64url')}`, name: 'Lee Lighthouse' };
  mkdirSync(outDir, { recursive: true });
  const store = await startBuiltStore({
    root,
    port: await freePortIn(3700, 100),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ADMIN_NAME: admin.name, SEED_DEMO: 'true' },
    logFile: path.join(outDir, 'server.log'),
    databasePrefix: 'store_lighthouse',
  });
  return { baseUrl: store.baseUrl, admin, stop: store.stop };
}

async function api(baseUrl, method, route, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body = form;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const response = await fetch(`${baseUrl}/api${route}`, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Tops the demo catalogue up to 24 t-shirts, each with a generated photo, through the admin API. */
async function fillCatalogue({ baseUrl, admin }) {
  const { renderTeePhoto } = await import(pathToFileURL(path.join(root, 'apps/api/dist/database/seed/tee-photo.js')).href);
  const session = await api(baseUrl, 'POST', '/signin', { json: { email: admin.email, password: admin.password } });
  const categories = await api(baseUrl, 'GET', '/categories');
  const existing = await api(baseUrl, 'GET', `/products?limit=100`);
  const colors = ['#1f3a5f', '#7a1f2b', '#2f4f3a', '#e2b04a', '#333333', '#6b8fb5', '#8a5a44', '#4b3f72', '#2c6e6a'];
  const prints = ['sunset', 'mountains', 'bolt'];
  for (let i = existing.length; i < CATALOGUE_SIZE; i += 1) {
    const photo = await renderTeePhoto({ color: colors[i % colors.length], ink: '#ffffff', print: prints[i % prints.length] });
    const form = new FormData();
    form.append('name', `Lighthouse Tee ${i + 1}`);
    form.append('description', 'A soft everyday tee in a deep colour, printed with care and made to last many washes.');
    form.append('price', String(19 + (i % 7)));
    form.append('stock', String(10 + i));
    form.append('category', categories[i % categories.length]._id);
    form.append('photo', new Blob([photo], { type: 'image/jpeg' }), `tee-${i}.jpg`);
    await api(baseUrl, 'POST', `/product/create/${session.user._id}`, { token: session.token, form });
  }
  return api(baseUrl, 'GET', `/products?limit=3`);
}

/** The main thread's busy time by kind (ms), Lighthouse's 'mainthread-work-breakdown' groups. */
function mainThread(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const byGroup = (group) => Math.round(items.filter((item) => item.group === group).reduce((sum, item) => sum + item.duration, 0));
  return {
    'main ms': Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN),
    'script ms': byGroup('scriptEvaluation') + byGroup('scriptParseCompile'),
    'style+layout ms': byGroup('styleLayout'),
    'long tasks': lhr.audits['long-tasks']?.details?.items?.length ?? 0,
  };
}

/**
 * The JavaScript the page fetched until Lighthouse stopped (the page idle), as sent: every script's transfer size,
 * headers included (Lighthouse's 'network-requests' audit), in kB of 1,024 bytes.
 */
function scriptKilobytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return (bytes / 1024).toFixed(1);
}

async function runOnce(baseUrl, page, preset, cartItems, runNumber) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const tab = (await browser.pages())[0] ?? (await browser.newPage());
    if (page.withCart) {
      // A same-origin page that loads none of the app, so the audited run still starts with a cold cache.
      await tab.goto(`${baseUrl}/robots.txt`);
      await tab.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), cartItems);
    }
    const flags = { output: ['html', 'json'], logLevel: 'error', disableStorageReset: Boolean(page.withCart) };
    const pagePath = page.product ? `/product/${cartItems[0]._id}` : page.path;
    const result = await lighthouse(`${baseUrl}${pagePath}`, flags, preset.config, tab);
    await browser.disconnect();
    const { lhr, report } = result;
    const suffix = RUNS > 1 ? `-${runNumber}` : '';
    writeFileSync(path.join(outDir, `${page.name}-${preset.name}${suffix}.html`), report[0]);
    writeFileSync(path.join(outDir, `${page.name}-${preset.name}${suffix}.json`), report[1]);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      run: `${page.name}, ${preset.name}`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'FCP s': (audit('first-contentful-paint') / 1000).toFixed(2),
      'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(2),
      CLS: audit('cumulative-layout-shift').toFixed(3),
      'TBT ms': Math.round(audit('total-blocking-time')),
      'JS kB': scriptKilobytes(lhr),
      ...mainThread(lhr),
      ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
    };
  } finally {
    chrome.kill();
  }
}

/** Per page and preset, the median of every figure over the runs. */
function medianRows(rows) {
  const median = (values) => {
    const sorted = values.map(Number).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  // A run Lighthouse could not finish (NO_NAVSTART, now and then on a loaded machine) has no figures to count.
  const groups = Map.groupBy(
    rows.filter((row) => !row.error),
    (row) => row.run,
  );
  return [...groups].map(([run, group]) =>
    Object.fromEntries(Object.keys(group[0]).map((key) => [key, key === 'run' ? run : median(group.map((row) => row[key]))])),
  );
}

const store = await startStore();
try {
  // As the shop's own Add to Cart makes them: a product sold in sizes is added in a size that is in stock.
  const cartItems = (await fillCatalogue(store)).map((product) => {
    const size = product.sizes?.find((offered) => offered.stock > 0)?.size;
    return size ? { ...product, count: 1, size } : { ...product, count: 1 };
  });
  console.log(`store on ${store.baseUrl} with ${CATALOGUE_SIZE} t-shirts; reports go to ${path.relative(root, outDir)}/`);
  const rows = [];
  // Runs interleave (home, sign-in, cart, then again) so that a burst of load elsewhere hits every page alike.
  for (let run = 1; run <= RUNS; run += 1) {
    for (const preset of chosenPresets) {
      for (const page of chosenPages) {
        const row = await runOnce(store.baseUrl, page, preset, cartItems, run);
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
  }
  console.table(rows);
  const medians = RUNS > 1 ? medianRows(rows) : rows;
  if (RUNS > 1) {
    console.log(`medians of ${RUNS} runs:`);
    console.table(medians);
  }
  writeFileSync(
    path.join(outDir, 'summary.json'),
    `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, medians, rows }, null, 2)}\n`,
  );
} finally {
  await store.stop();
}
