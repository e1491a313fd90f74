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
    expect(list.headers['access-control-expose-headers']).toContain('X-Total-Count-Capped');
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

  it('limits sign-in attempts per account and network, and lets the right password through before that', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 3; i += 1) {
      await request(t.http)
        .post(`/api${ApiRoute.signin}`)
        .set('X-Forwarded-For', '203.0.113.9')
        .send({ email: user.user.email, password: 'wrong password' })
        .expect(401);
    }
    const limited = await request(t.http)
      .post(`/api${ApiRoute.signin}`)
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ email: user.user.email, password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.stringContaining('this account'), code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await signedInUser(t);
    await request(t.http)
      .post(`/api${ApiRoute.signin}`)
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ email: other.user.email, password: other.password })
      .expect(200);
  });

  it('limits checkout attempts per user (PAYMENT_RATE_LIMIT a minute) with 429 and Retry-After', async () => {
    const user = await signedInUser(t);
    const attempt = () =>
      request(t.http)
        .post(api(ApiRoute.payment, { userId: user.user._id }))
        .set('Authorization', `Bearer ${user.token}`)
        .set(IDEMPOTENCY_KEY_HEADER, `k-${Math.random()}`)
        .send({ paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 1, products: [] } });
    // Refused before the checkout counted them (an empty cart): each counted on its own, and answered its own error.
    for (let i = 0; i < 2; i += 1) {
      const refused = await attempt();
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
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

/** What an attacker can and cannot do with sign-in: each case is one row of docs/security.md's threat model. */
describe('sign-in limits an attacker cannot use (e2e)', () => {
  let t: TestApp;
  const LIMIT = 10;
  const SLOWDOWN_AFTER = 20;
  const SLOWDOWN_SECONDS = 60;

  beforeAll(async () => {
    t = await createTestApp({
      signinFailureLimit: LIMIT,
      signinFailureWindowSeconds: 900,
      signinAccountSlowdownAfter: SLOWDOWN_AFTER,
      signinAccountSlowdownSeconds: SLOWDOWN_SECONDS,
    });
  });
  afterAll(() => t.close());

  const signin = (email: string, password: string, from: string, cookie?: string) => {
    const call = request(t.http).post(`/api${ApiRoute.signin}`).set('X-Forwarded-For', from).send({ email, password });
    return cookie ? call.set('Cookie', cookie) : call;
  };
  /** The `device=...` pair of a sign-in's Set-Cookie, as the browser sends it back. */
  const deviceCookie = (response: request.Response): string => {
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('device='));
    if (!header) throw new Error('no device cookie set');
    return header.split(';')[0];
  };

  it('checks at most the limit of 60 guesses sent at once, so the right password sent last gets no token', async () => {
    const victim = await signedInUser(t);
    const guesses = Array.from({ length: 59 }, (_, i) => `wrong guess ${i}`).concat(victim.password);
    const answers = await Promise.all(guesses.map((password) => signin(victim.user.email, password, '203.0.113.50')));
    const statuses = answers.map((a) => a.status);
    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - LIMIT);
    // And the right password from there stays refused for the window.
    await signin(victim.user.email, victim.password, '203.0.113.50').expect(429);
  });

  it('cannot lock the owner out from another address: the guesser uses up only their own allowance', async () => {
    const victim = await signedInUser(t, Role.Admin);
    for (let i = 0; i < LIMIT; i += 1) await signin(victim.user.email, 'wrong password', '203.0.113.66').expect(401);
    await signin(victim.user.email, 'wrong password', '203.0.113.66').expect(429);
    await signin(victim.user.email, victim.password, '198.51.100.7').expect(200);
  });

  it('keys the limit on an IPv6 client’s /64: other addresses in it share the count, another /64 does not', async () => {
    const victim = await signedInUser(t);
    for (let i = 1; i <= LIMIT; i += 1) await signin(victim.user.email, 'wrong password', `2001:db8:1:2::${i.toString(16)}`).expect(401);
    const same64 = await signin(victim.user.email, 'wrong password', '2001:db8:1:2:abcd:ef01:2345:6789').expect(429);
    expect(same64.body.code).toBe('RATE_LIMITED');
    await signin(victim.user.email, 'wrong password', '2001:db8:1:3::1').expect(401);
  });

  it('sets a device cookie on success: HttpOnly, SameSite=Strict, only for the sign-in route', async () => {
    const owner = await signedInUser(t);
    const response = await signin(owner.user.email, owner.password, '192.0.2.10').expect(200);
    const header = ([] as string[]).concat(response.headers['set-cookie']).find((c) => c.startsWith('device='))!;
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/api\/signin/);
    // Secure in production only: the tests speak plain HTTP.
    expect(header).not.toMatch(/; Secure/);
  });

  it('lets a browser that signed in before keep signing in when its network is used up by a guesser', async () => {
    const owner = await signedInUser(t);
    const cookie = deviceCookie(await signin(owner.user.email, owner.password, '192.0.2.20').expect(200));
    // Someone behind the same address (a shared NAT) guesses until the limit.
    for (let i = 0; i < LIMIT; i += 1) await signin(owner.user.email, 'wrong password', '192.0.2.20').expect(401);
    await signin(owner.user.email, owner.password, '192.0.2.20').expect(429);
    // The owner's browser, with its cookie, still signs in.
    await signin(owner.user.email, owner.password, '192.0.2.20', cookie).expect(200);
    // A forged cookie, or another account's, is no key.
    const [name, value] = cookie.split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    await signin(owner.user.email, owner.password, '192.0.2.20', forged).expect(429);
    const other = await signedInUser(t);
    const otherCookie = deviceCookie(await signin(other.user.email, other.password, '192.0.2.21').expect(200));
    await signin(owner.user.email, owner.password, '192.0.2.20', otherCookie).expect(429);
  });

  it('slows down guessing from many networks account-wide instead of locking the account, and not for a known browser', async () => {
    const owner = await signedInUser(t, Role.Admin);
    const cookie = deviceCookie(await signin(owner.user.email, owner.password, '192.0.2.30').expect(200));
    // The owner's own successful sign-ins (above and in signedInUser) are not counted.
    const statuses: number[] = [];
    for (let i = 0; i < SLOWDOWN_AFTER + 5; i += 1) {
      statuses.push((await signin(owner.user.email, 'wrong password', `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`)).status);
    }
    // Every guess from a fresh network is checked until the threshold, one more gets the slot, the rest wait.
    expect(statuses.filter((s) => s === 401).length).toBe(SLOWDOWN_AFTER + 1);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // The owner from a new browser and network: told to wait seconds (the slowdown), not the whole window.
    const slowed = await signin(owner.user.email, owner.password, '203.0.113.200').expect(429);
    expect(slowed.body.error).toMatch(/^Many sign-in attempts for this account; try again in \d+ seconds$/);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(SLOWDOWN_SECONDS);
    // The owner's own browser is not slowed at all.
    await signin(owner.user.email, owner.password, '203.0.113.200', cookie).expect(200);
  });

  it('never slows down an owner who only signs in successfully, however often', async () => {
    const owner = await signedInUser(t);
    for (let i = 0; i < SLOWDOWN_AFTER + 5; i += 1) await signin(owner.user.email, owner.password, `198.19.0.${i + 1}`).expect(200);
  });
});
