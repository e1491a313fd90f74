import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { seedProduct } from './support/checkout-fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Reads a response body as bytes; superagent has already undone a gzip or br Content-Encoding (a bad one fails). */
function raw(test: request.Test): request.Test {
  return test.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/**
 * The built web app on the API's port (WEB_DIST): precompressed siblings chosen by Accept-Encoding, robots.txt as
 * text, no source maps; and API JSON over 1 kB compressed when asked, photos never.
 */
describe('web app and compression (e2e)', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('tee '.repeat(2000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>T-Shirt Store</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /admin\nDisallow: /user\n');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"version":3}');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli sibling of an asset to a browser that accepts br, cached for a year', async () => {
    const response = await raw(request(t.http).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, deflate, br')).expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((response.body as Buffer).toString()).toBe(script);
  });

  it("leaves a document's policy headers off the fingerprinted files, compressed or not, and keeps them on pages", async () => {
    const documentOnly = (headers: Record<string, string>) =>
      ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster'].filter(
        (name) => name in headers,
      );
    for (const encoding of ['br', 'identity']) {
      const asset = await raw(request(t.http).get('/assets/index-abc.js').set('Accept-Encoding', encoding)).expect(200);
      expect({ encoding, documentOnly: documentOnly(asset.headers) }).toEqual({ encoding, documentOnly: [] });
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(asset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    const page = await request(t.http).get('/admin/dashboard').expect(200);
    expect(documentOnly(page.headers)).toEqual([
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ]);
  });

  it('sends the gzip sibling when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await raw(request(t.http).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, br;q=0')).expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((gz.body as Buffer).toString()).toBe(script);

    const plain = await raw(request(t.http).get('/assets/index-abc.js').set('Accept-Encoding', 'identity')).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect((plain.body as Buffer).toString()).toBe(script);
  });

  it.each([
    ['an unsatisfiable Range', { Range: 'bytes=999999-' }, 416],
    ['a failed If-Match', { 'If-Match': '"not-this-one"' }, 412],
  ])('refuses %s on a precompressed file with an empty answer that claims no encoding', async (_label, headers, status) => {
    const response = await raw(request(t.http).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, br').set(headers));
    expect({ status: response.status, encoding: response.headers['content-encoding'] }).toEqual({ status, encoding: undefined });
    expect((response.body as Buffer).length).toBe(0);
  });

  it('never serves a source map', async () => {
    await request(t.http).get('/assets/index-abc.js.map').expect(404);
  });

  it('serves robots.txt as text, not the app', async () => {
    const response = await request(t.http).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toContain('Disallow: /admin');
    expect(response.text).toContain('Disallow: /user');
  });

  it('answers a client-side route with index.html, never cached', async () => {
    const response = await request(t.http).get('/admin/dashboard').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('<div id="root">');
  });

  it('compresses a JSON list over 1 kB when asked, and only then', async () => {
    for (let i = 0; i < 20; i += 1) await seedProduct(t, { name: `Compressed tee ${i}`, price: 10 + i, stock: 5 });
    const asked = await raw(request(t.http).get('/api/products?limit=100').set('Accept-Encoding', 'gzip')).expect(200);
    expect(asked.headers['content-encoding']).toBe('gzip');
    expect(asked.headers.vary).toMatch(/Accept-Encoding/i);
    const list = JSON.parse((asked.body as Buffer).toString()) as unknown[];
    expect(list.length).toBeGreaterThanOrEqual(20);

    const notAsked = await raw(request(t.http).get('/api/products?limit=100').set('Accept-Encoding', 'identity')).expect(200);
    expect(notAsked.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse((notAsked.body as Buffer).toString())).toEqual(list);
  });

  it('leaves a small JSON answer alone', async () => {
    const response = await raw(request(t.http).get('/api/categories').set('Accept-Encoding', 'gzip')).expect(200);
    expect(Number(response.headers['content-length'])).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
