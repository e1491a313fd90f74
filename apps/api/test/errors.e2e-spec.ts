import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Whatever goes wrong, the answer is `{error, code}` JSON with the right status: never HTML, never a stack. */
describe('error shape (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function expectErrorBody(response: request.Response, status: number, code: string): void {
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(expect.objectContaining({ error: expect.any(String), code }));
    expect(response.text).not.toMatch(/<html|at \w+ \(|node_modules|SELECT|INSERT/i);
  }

  it('answers malformed JSON with 400', async () => {
    const response = await request(t.http).post('/api/signin').set('Content-Type', 'application/json').send('{"email": ');
    expectErrorBody(response, 400, 'VALIDATION_FAILED');
  });

  it('answers an oversized JSON body with 413', async () => {
    const response = await request(t.http)
      .post('/api/signup')
      .send({ name: 'Big', email: 'big@example.com', password: 'x'.repeat(200 * 1024) });
    expectErrorBody(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown route under /api with 404', async () => {
    expectErrorBody(await request(t.http).get('/api/no-such-thing'), 404, 'NOT_FOUND');
    expectErrorBody(await request(t.http).post('/api/categories'), 404, 'NOT_FOUND');
  });

  it('answers a body that is not an object with 400', async () => {
    const response = await request(t.http).post('/api/signin').set('Content-Type', 'application/json').send('"just a string"');
    expectErrorBody(response, 400, 'VALIDATION_FAILED');
  });

  it('answers an unexpected failure with a bare 500', async () => {
    // Break the schema under the running app: the next query fails in a way no handler expects.
    await t.dataSource.query('ALTER TABLE categories RENAME TO categories_gone');
    try {
      const response = await request(t.http).get('/api/categories');
      expectErrorBody(response, 500, 'INTERNAL');
      expect(response.body).toEqual({ error: expect.any(String), code: 'INTERNAL' });
    } finally {
      await t.dataSource.query('ALTER TABLE categories_gone RENAME TO categories');
    }
  });
});

describe('health (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 {status: ok, db: up} while the database answers', async () => {
    const response = await request(t.http).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', db: 'up' });
  });

  it('answers 503 when the database is down', async () => {
    // Drop the database from under the app: its pool's connections are terminated with it.
    await t.db.drop();
    const response = await request(t.http).get('/api/health').expect(503);
    expect(response.body).toEqual({ status: 'error', db: 'down' });
  });
});
