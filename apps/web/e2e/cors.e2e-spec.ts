import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium, store } from './support/browser';

/**
 * The API used from a web page on another origin (another port): allowed when the origin is in
 * CORS_ORIGINS (global setup lists one), refused by the browser when it is not.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Another origin</title></head><body>
<script>
  window.tryTheStore = async (api, email, password) => {
    const signin = await fetch(api + '/api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const session = await signin.json();
    const products = await fetch(api + '/api/products?limit=3', { headers: { Authorization: 'Bearer ' + session.token } });
    return { signedInAs: session.user.email, products: (await products.json()).length, total: products.headers.get('X-Total-Count') };
  };
</script></body></html>`;

function servePage(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('the API from another origin (CORS)', () => {
  let browser: Browser;
  const servers: Server[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function tryFrom(server: Server): Promise<unknown> {
    const { port } = server.address() as AddressInfo;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const admin = store.admin();
    return page.evaluate(
      ([api, email, password]) =>
        (window as unknown as { tryTheStore: (a: string, e: string, p: string) => Promise<unknown> })
          .tryTheStore(api, email, password)
          .catch((error: Error) => ({ refused: error.message })),
      [store.baseUrl, admin.email, admin.password],
    );
  }

  it('signs in and lists products from an origin in CORS_ORIGINS, seeing X-Total-Count', async () => {
    const allowed = await servePage(Number(process.env.E2E_CORS_PORT));
    servers.push(allowed);
    const result = (await tryFrom(allowed)) as { signedInAs: string; products: number; total: string };
    expect(result).toEqual({ signedInAs: store.admin().email, products: 3, total: expect.stringMatching(/^\d+$/) });
  });

  it('is refused by the browser from an origin that is not listed', async () => {
    const other = await servePage(0);
    servers.push(other);
    expect(await tryFrom(other)).toEqual({ refused: 'Failed to fetch' });
  });
});
