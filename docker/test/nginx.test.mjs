// docker/nginx.conf, rendered as the web image renders it, under Debian's nginx in front of the built web app
// (copied like web.Dockerfile copies it) and the built API (started like the API image starts it).
/* global FormData, Blob -- Node's fetch API */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, ApiRoute, apiPath, PRODUCT_PHOTO_FIELD, PRODUCT_PHOTO_MAX_BYTES } from '../../libs/contract/dist/index.js';
import { createDatabase } from './support/database.mjs';
import { parseDockerfile } from './support/dockerfile.mjs';
import { startNginx } from './support/nginx.mjs';
import { containerEnv, freePort, jsonLines, startProcess, waitFor } from './support/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(root, 'apps/web/dist');
const template = path.join(root, 'docker/nginx.conf');
const ADMIN = { email: 'ops-admin@example.com', password: 'ops-admin-password-1' };

/** The web image's ENV (API_UPSTREAM, NGINX_PORT, WEB_ROOT), with this machine's upstream, port and folder. */
async function webImageEnv(overrides) {
  const dockerfile = parseDockerfile(await readFile(path.join(root, 'docker/web.Dockerfile'), 'utf8'));
  const env = Object.assign(
    {},
    ...dockerfile.stages
      .at(-1)
      .instructions.filter((i) => i.keyword === 'ENV')
      .map((i) => i.env),
  );
  return { ...env, ...overrides };
}

/** The browser-security headers nginx adds to every answer, error pages included (`add_header ... always`). */
function expectSecurityHeaders(response) {
  const csp = response.headers.get('content-security-policy');
  expect(csp).toMatch(/^default-src 'self'; script-src 'self'/);
  expect(csp).toContain("frame-ancestors 'none'");
  // Exactly one policy: the API's own copy is hidden behind nginx's.
  expect(csp).not.toContain(', ');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe('nginx in front of the web app and the API', () => {
  let dir;
  let db;
  let api;
  let nginx;
  let base;
  let apiBase;
  let indexHtml;
  let session;

  const apiLogFor = (requestId) => jsonLines(api.stdout).filter((entry) => entry.requestId === requestId && entry.context === 'HTTP');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-'));
    db = await createDatabase();
    const apiPort = await freePort();
    api = startProcess(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
      cwd: root,
      name: 'api',
      env: containerEnv({
        NODE_ENV: 'production',
        PORT: String(apiPort),
        DATABASE_URL: db.url,
        JWT_SECRET: 'ops-test-secret-that-is-long-enough-0123456789',
        PAYMENT_GATEWAY: 'test',
        // As the API image runs it: with the built web app, whose public pages it renders.
        WEB_DIST: webDist,
        PUBLIC_URL: 'https://shop.example.com',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The admin posts products below; production's default (required) would confine it to enrolling.
        ADMIN_2FA: 'optional',
      }),
    });
    apiBase = `http://127.0.0.1:${apiPort}`;
    await waitFor('the API to answer', async () => {
      if (!api.running) throw new Error(`the API exited:\n${api.output()}`);
      return (await fetch(`http://127.0.0.1:${apiPort}/api/health`)).ok;
    });

    // COPY --from=build /app/apps/web/dist/ /usr/share/nginx/html/
    await cp(webDist, path.join(dir, 'html'), { recursive: true });
    indexHtml = await readFile(path.join(webDist, 'index.html'), 'utf8');
    const nginxPort = await freePort();
    nginx = await startNginx({
      templatePath: template,
      dir,
      env: await webImageEnv({ API_UPSTREAM: `127.0.0.1:${apiPort}`, NGINX_PORT: String(nginxPort), WEB_ROOT: path.join(dir, 'html') }),
    });
    base = `http://127.0.0.1:${nginxPort}`;

    const signIn = await fetch(`${base}/api${ApiRoute.signin}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    session = await signIn.json();
  }, 90_000);

  afterAll(async () => {
    await nginx?.stop();
    await api?.stop();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('proxies /api/health to the API, with nginx’s request id, which the API echoes', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok', db: 'up' });
    // nginx's own $request_id (32 hex digits) reached the API, which echoed it.
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('passes a client’s X-Request-Id through to the API and back', async () => {
    const response = await fetch(`${base}/api/categories`, { headers: { 'X-Request-Id': 'ops-nginx-trace-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('ops-nginx-trace-1');
    const [entry] = await waitFor(
      'the API to log the request',
      () => apiLogFor('ops-nginx-trace-1').length && apiLogFor('ops-nginx-trace-1'),
    );
    expect(entry).toEqual(expect.objectContaining({ method: 'GET', path: '/api/categories', status: 200 }));
  });

  it('answers an unknown /api route with the API’s JSON 404, not an nginx page or index.html', async () => {
    for (const url of [`${base}/api/no-such-route`, `${base}/api`]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('sends the public pages, robots.txt and the sitemap from the API, which renders them, never cached', async () => {
    const home = await fetch(`${base}/?category=7b0f3c1e-1111-4aaa-8bbb-123456789abc`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const html = await home.text();
    expect(html).not.toBe(indexHtml);
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/?category=7b0f3c1e-1111-4aaa-8bbb-123456789abc" />');
    expect(html).toMatch(/<div id="root"><div/);

    const missing = await fetch(`${base}/product/7b0f3c1e-1111-4aaa-8bbb-123456789abc`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await missing.text()).toContain('Product not found | T-Shirt Store');

    const robots = await fetch(`${base}/robots.txt`);
    expect(await robots.text()).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain('<loc>https://shop.example.com/</loc>');
  });

  it('answers client routes with index.html, never cached', async () => {
    const clientRoutes = [
      '/admin/dashboard',
      '/admin/product/update/7b0f3c1e-1111-4aaa-8bbb-123456789abc',
      '/cart',
      '/signin',
      '/Signup',
      '/user/dashboard',
      '/order/7b0f3c1e-1111-4aaa-8bbb-123456789abc/confirmation',
      '/checkout/guest',
      '/guest/order',
      '/staff/join',
      '/reset-password?token=abc',
      '/index.html',
    ];
    for (const route of clientRoutes) {
      const response = await fetch(`${base}${route}`);
      expect([route, response.status]).toEqual([route, 200]);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('answers an address no page has with 404 and the app’s not-found page, as the API does on its own port', async () => {
    for (const route of ['/no-such-page', '/admin/no-such-screen', '/products/shirts?x=1', '/product']) {
      const [proxied, direct] = await Promise.all([fetch(`${base}${route}`), fetch(`${apiBase}${route}`)]);
      expect([route, proxied.status, direct.status]).toEqual([route, 404, 404]);
      expect(proxied.headers.get('content-type')).toMatch(/^text\/html/);
      expect(proxied.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(proxied);
      const html = await proxied.text();
      expect(html).toBe(await direct.text());
      expect(html).toContain('<title>Page not found | T-Shirt Store</title>');
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  it('serves fingerprinted assets with a year-long immutable cache, compressed, and 404s a missing one', async () => {
    const assets = (await readdir(path.join(webDist, 'assets'))).filter((name) => /-[\w-]{8,}\.(js|css)$/.test(name));
    expect(assets.length).toBeGreaterThan(0);
    for (const name of assets) {
      const response = await fetch(`${base}/assets/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toMatch(/javascript|css/);
      expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(webDist, 'assets', name)))).toBe(true);
    }
    // The largest script: a chunk under gzip_min_length (1 KB) and without a .gz is rightly sent as it is.
    const sizes = await Promise.all(assets.map(async (name) => [name, (await readFile(path.join(webDist, 'assets', name))).length]));
    const [js] = sizes.filter(([name]) => name.endsWith('.js')).sort((a, b) => b[1] - a[1])[0];
    const compressed = await fetch(`${base}/assets/${js}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');

    const missing = await fetch(`${base}/assets/index-DoesNotExist.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toBe(indexHtml);
  });

  it('leaves the caching headers of API answers to the API', async () => {
    for (const route of [ApiRoute.categories, ApiRoute.health, '/no-such-route']) {
      const [proxied, direct] = await Promise.all([fetch(`${base}/api${route}`), fetch(`${apiBase}/api${route}`)]);
      expect(proxied.headers.get('cache-control')).toBe(direct.headers.get('cache-control'));
    }
  });

  /** A product form with a photo part of `photoBytes` bytes, sent through nginx as the admin. */
  async function postProductForm(photoBytes, requestId) {
    const form = new FormData();
    form.set('name', 'Ops Tee');
    form.set('description', 'd'.repeat(2000));
    form.set('price', '19.99');
    form.set('stock', '5');
    form.set('category', '00000000-0000-4000-8000-000000000000');
    // PNG signature, then filler: the size is what this test is about, not the picture.
    const photo = Buffer.alloc(photoBytes, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(photo);
    form.set(PRODUCT_PHOTO_FIELD, new Blob([photo], { type: 'image/png' }), 'photo.png');
    return fetch(`${base}${API_PREFIX}${apiPath(ApiRoute.productCreate, { userId: session.user._id })}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'X-Request-Id': requestId },
      body: form,
    });
  }

  it('passes a photo at the API’s size limit through to the API', async () => {
    const response = await postProductForm(PRODUCT_PHOTO_MAX_BYTES, 'ops-upload-at-limit');
    expect(response.status).not.toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const [entry] = await waitFor(
      'the API to log the upload',
      () => apiLogFor('ops-upload-at-limit').length && apiLogFor('ops-upload-at-limit'),
    );
    expect(entry.status).toBe(response.status);
  });

  it('refuses a larger upload itself with 413, in the API’s error shape, without bothering the API', async () => {
    const response = await postProductForm(PRODUCT_PHOTO_MAX_BYTES + 1024 * 1024, 'ops-upload-too-big');
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toBe('ops-upload-too-big');
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    // The API logs every request it sees; this one never reached it.
    await fetch(`${base}/api/categories`, { headers: { 'X-Request-Id': 'ops-after-upload' } });
    await waitFor('the API to log a later request', () => apiLogFor('ops-after-upload').length);
    expect(apiLogFor('ops-upload-too-big')).toEqual([]);
  });

  it('adds the security headers to pages, API answers and error pages alike; HSTS only behind TLS', async () => {
    for (const url of ['/', '/admin/dashboard', '/api/health', '/api/no-such-thing', '/assets/missing-file.js']) {
      const response = await fetch(`${base}${url}`);
      expect([200, 404]).toContain(response.status);
      expectSecurityHeaders(response);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const tooBig = await postProductForm(PRODUCT_PHOTO_MAX_BYTES + 1024 * 1024, 'ops-headers-413');
    expect(tooBig.status).toBe(413);
    expectSecurityHeaders(tooBig);
    const overTls = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('writes its access log as JSON lines without query strings', async () => {
    await fetch(`${base}/api/categories?token=ops-query-secret`, { headers: { 'X-Request-Id': 'ops-access-log' } });
    const entry = await waitFor('nginx to log the request', () =>
      jsonLines(nginx.stdoutLines()).find((line) => line.requestId === 'ops-access-log'),
    );
    expect(entry).toEqual(expect.objectContaining({ context: 'nginx', method: 'GET', path: '/api/categories', status: 200 }));
    expect(nginx.stdoutLines().join('\n')).not.toContain('ops-query-secret');
  });
});

describe('nginx when the API is down', () => {
  let dir;
  let nginx;
  let base;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-down-'));
    await cp(webDist, path.join(dir, 'html'), { recursive: true });
    const closedPort = await freePort();
    const nginxPort = await freePort();
    nginx = await startNginx({
      templatePath: template,
      dir,
      env: await webImageEnv({ API_UPSTREAM: `127.0.0.1:${closedPort}`, NGINX_PORT: String(nginxPort), WEB_ROOT: path.join(dir, 'html') }),
    });
    base = `http://127.0.0.1:${nginxPort}`;
  });
  afterAll(async () => {
    await nginx?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('still serves the web app, and answers /api with a JSON 502 the web client can show', async () => {
    // Without the API nothing can tell a client route from an unknown address: both get the app shell, which
    // renders the page, or its "Page not found", in the browser.
    const indexHtml = await readFile(path.join(webDist, 'index.html'), 'utf8');
    for (const route of ['/admin/dashboard', '/cart', '/no-such-page', '/', '/product/7b0f3c1e-1111-4aaa-8bbb-123456789abc']) {
      const page = await fetch(`${base}${route}`);
      expect([route, page.status]).toEqual([route, 200]);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe(indexHtml);
    }
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(502);
    expectSecurityHeaders(response);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'INTERNAL' });
  });
});
