import { ApiRoute, IDEMPOTENCY_KEY_HEADER, Role } from '@store/contract';
import request from 'supertest';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** Browser-security headers, opt-in CORS, and the per-account and per-user limits. */
describe('security (e2e)', () => {
  let t: TestApp;
  const allowed = 'https://shop.example.com';

  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: [allowed], signinFailureLimit: 3, paymentRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('sends the helmet headers with a strict CSP (no Braintree origins with the test gateway)', async () => {
    const response = await request(t.http).get('/api/categories').expect(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('braintreegateway');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    // HSTS is for production behind TLS (HSTS=true); tests run as NODE_ENV=test.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers every authenticated request with Cache-Control: no-store, refusals included', async () => {
    const user = await signedInUser(t);
    const profile = await request(t.http)
      .get(api(ApiRoute.user, { userId: user.user._id }))
      .set('Authorization', `Bearer ${user.token}`);
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const forbidden = await request(t.http)
      .get(api(ApiRoute.ordersAll, { userId: user.user._id }))
      .set('Authorization', `Bearer ${user.token}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
  });

  it('answers a preflight from a listed origin with 204 and exactly the contract’s methods and headers', async () => {
    const response = await request(t.http)
      .options('/api/signin')
      .set('Origin', allowed)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization,idempotency-key');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(allowed);
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Idempotency-Key');
    expect(response.headers['access-control-allow-methods']).toContain('PUT');
    const list = await request(t.http).get('/api/products').set('Origin', allowed).expect(200);
    expect(list.headers['access-control-allow-origin']).toBe(allowed);
    expect(list.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('gives an unlisted origin no CORS headers at all', async () => {
    const preflight = await request(t.http)
      .options('/api/signin')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const list = await request(t.http).get('/api/products').set('Origin', 'https://evil.example.com');
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits failed sign-ins per account, whatever the address, and lets the right password through before that', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 3; i += 1) {
      await request(t.http)
        .post(`/api${ApiRoute.signin}`)
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ email: user.user.email, password: 'wrong password' })
        .expect(401);
    }
    const limited = await request(t.http).post(`/api${ApiRoute.signin}`).send({ email: user.user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.stringContaining('this account'), code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await signedInUser(t);
    await request(t.http).post(`/api${ApiRoute.signin}`).send({ email: other.user.email, password: other.password }).expect(200);
  });

  it('limits checkout attempts per user (PAYMENT_RATE_LIMIT a minute) with 429 and Retry-After', async () => {
    const user = await signedInUser(t);
    const attempt = () =>
      request(t.http)
        .post(api(ApiRoute.payment, { userId: user.user._id }))
        .set('Authorization', `Bearer ${user.token}`)
        .set(IDEMPOTENCY_KEY_HEADER, `k-${Math.random()}`)
        .send({ paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 1, products: [] } });
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    // Per user: an admin (another user) still gets through to validation.
    const admin = await signedInUser(t, Role.Admin);
    const theirs = await request(t.http)
      .post(api(ApiRoute.payment, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .set(IDEMPOTENCY_KEY_HEADER, 'k-admin')
      .send({ paymentInfo: {} });
    expect(theirs.status).not.toBe(429);
  });

  it('answers the liveness probe without the database and readiness with it', async () => {
    expect((await request(t.http).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(t.http).get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
  });
});
