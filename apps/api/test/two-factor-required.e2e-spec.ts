import { ApiRoute, type Session, type TwoFactorChallenge, type TwoFactorEnabled, type TwoFactorEnrolment } from '@store/contract';
import { generate } from 'otplib';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { api, createTestApp, signedInAs, signedInUser, type TestApp } from './support/test-app.js';

/**
 * ADMIN_2FA=required (production's default): one of the staff without two-factor sign-in gets a session that reaches
 * only the enrolment routes and sign-out until they set it up; customers are not concerned. In its own file: a
 * second Nest app takes over the process-wide JWT strategy.
 */
describe('two-factor sign-in required (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ twoFactor: { ...base.twoFactor, mode: 'required' } });
  });
  afterAll(() => t?.close());

  const as = (session: Session) => signedInAs(t, session);

  it('is the default in production and not elsewhere', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/store',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      PAYMENT_GATEWAY: 'test',
    });
    expect(production.twoFactor.mode).toBe('required');
    expect(loadConfig({ NODE_ENV: 'development' }).twoFactor.mode).toBe('optional');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/store',
        JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
        PAYMENT_GATEWAY: 'test',
        ADMIN_2FA: 'optional',
      }).twoFactor.mode,
    ).toBe('optional');
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_2FA: 'sometimes' })).toThrow(/ADMIN_2FA/);
  });

  it('confines an owner without it to the enrolment routes until a first code turns it on; then the new session reaches everything', async () => {
    const owner = await signedInUser(t, 1);
    const userId = owner.user._id;
    expect(owner.twoFactorEnrolmentRequired).toBe(true);

    const refused = await as(owner).get(api(ApiRoute.ordersAll, { userId })).expect(403);
    expect(refused.body).toEqual({
      error: 'The shop requires two-factor sign-in for its staff: set it up to continue',
      code: 'FORBIDDEN',
    });
    await as(owner).get(api(ApiRoute.user, { userId })).expect(403);
    expect((await as(owner).get(api(ApiRoute.twoFactor, { userId })).expect(200)).body).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });

    const { secret } = (await as(owner).post(api(ApiRoute.twoFactorEnrol, { userId })).expect(200)).body as TwoFactorEnrolment;
    const step = Math.floor(Date.now() / 30_000);
    const confirmed = await as(owner)
      .post(api(ApiRoute.twoFactorConfirm, { userId }))
      .send({ code: await generate({ secret, epoch: step * 30 }) })
      .expect(200);
    // The password-only session ended with the change; the one the confirmation answered reaches everything.
    const enrolled = (confirmed.body as TwoFactorEnabled).session;
    expect(enrolled.twoFactorEnrolmentRequired).toBeUndefined();
    expect((await as(owner).get(api(ApiRoute.ordersAll, { userId })).expect(401)).body.error).toBe('Your session has ended; sign in again');
    await as(enrolled).get(api(ApiRoute.ordersAll, { userId })).expect(200);

    // The next sign-in has two steps, and its session carries no enrolment notice.
    const first = (
      await request(t.http).post(`/api${ApiRoute.signin}`).send({ email: owner.user.email, password: owner.password }).expect(200)
    ).body as TwoFactorChallenge;
    const second = await request(t.http)
      .post(`/api${ApiRoute.signinTwoFactor}`)
      .send({ challenge: first.challenge, code: await generate({ secret, epoch: (step + 1) * 30 }) })
      .expect(200);
    expect((second.body as Session).twoFactorEnrolmentRequired).toBeUndefined();
  });

  it('lets a member without it still sign out everywhere, and leaves customers alone', async () => {
    const owner = await signedInUser(t, 1);
    await as(owner).post(`/api${ApiRoute.signoutEverywhere}`).expect(200);
    const customer = await signedInUser(t);
    expect(customer.twoFactorEnrolmentRequired).toBeUndefined();
    await as(customer)
      .get(api(ApiRoute.ordersOfUser, { userId: customer.user._id }))
      .expect(200);
  });
});
