import { ApiRoute, Role, type Session, StaffRole } from '@store/contract';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { ChangeFeed, SESSIONS_CHANNEL } from '../src/database/change-feed.js';
import { StoreMetrics } from '../src/modules/metrics/store-metrics.js';
import { SessionCache } from '../src/modules/users/session-cache.js';
import { notificationHeard } from './support/notifications.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait-for.js';

/**
 * The session cache (docs/security.md, "Sessions kept in memory"): each API process keeps a signed-in request's check in memory,
 * and every change to a session reaches every process at its commit. Two replicas on one database, as in
 * catalogue-replicas.e2e-spec.ts; a third keeps checks one second, to show the bound on a change made with the
 * triggers switched off.
 */
describe('session cache across replicas (e2e)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.db);
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const profile = (t: TestApp, session: Session) =>
    request(t.http)
      .get(api(ApiRoute.user, { userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`);
  /** The store_cache_lookups_total count of the session cache's `result`, as Prometheus would scrape it. */
  const lookups = async (t: TestApp, result: 'hit' | 'miss') => {
    const metric = await t.app.get(StoreMetrics).registry.getSingleMetric('store_cache_lookups_total')!.get();
    return metric.values.find((v) => v.labels.cache === 'session' && v.labels.result === result)?.value ?? 0;
  };
  const heard = (t: TestApp, payload: string) => notificationHeard(t, payload, SESSIONS_CHANNEL);
  /** The id (`jti`) a session's token carries. */
  const jtiOf = (session: Session) => (jwt.decode(session.token) as { jti: string }).jti;

  it('checks a session once, then answers its check from memory', async () => {
    const buyer = await signedInUser(b);
    await profile(b, buyer).expect(200);
    const [hits, misses] = [await lookups(b, 'hit'), await lookups(b, 'miss')];
    await profile(b, buyer).expect(200);
    await profile(b, buyer).expect(200);
    expect(await lookups(b, 'hit')).toBe(hits + 2);
    expect(await lookups(b, 'miss')).toBe(misses);
  });

  it("refuses a token signed out on another replica once that replica's notification arrives", async () => {
    const buyer = await signedInUser(a);
    await profile(b, buyer).expect(200);
    await profile(b, buyer).expect(200); // kept on b
    const arrived = heard(b, `token:${jtiOf(buyer)}`);
    await request(a.http).get('/api/signout').set('Authorization', `Bearer ${buyer.token}`).expect(200);
    await arrived;
    const refused = await profile(b, buyer).expect(401);
    expect(refused.body.error).toBe('You have signed out; sign in again');
  });

  it('refuses every session of an account on every replica once they are ended, its role changed or it is deleted', async () => {
    const owner = await signedInUser(a, Role.Admin);
    const buyer = await signedInUser(a);
    await profile(b, buyer).expect(200);
    let arrived = heard(b, `user:${buyer.user._id}`);
    await request(a.http).post(`/api${ApiRoute.signoutEverywhere}`).set('Authorization', `Bearer ${buyer.token}`).expect(200);
    await arrived;
    expect((await profile(b, buyer).expect(401)).body.error).toBe('Your session has ended; sign in again');

    // A member of the staff given another role on a: their token stops working on b.
    const member = await signedInUser(a);
    await a.dataSource.query(`UPDATE users SET role = 1, staff_role = $2, email_verified_at = now() WHERE id = $1`, [
      member.user._id,
      StaffRole.Staff,
    ]);
    const memberSession = (
      await request(a.http).post('/api/signin').send({ email: member.user.email, password: member.password }).expect(200)
    ).body as Session;
    const orders = () =>
      request(b.http)
        .get(api(ApiRoute.ordersAll, { userId: memberSession.user._id }))
        .set('Authorization', `Bearer ${memberSession.token}`);
    await orders().expect(200);
    arrived = heard(b, `user:${member.user._id}`);
    await request(a.http)
      .put(api(ApiRoute.staffMember, { staffId: member.user._id, userId: owner.user._id }))
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ staffRole: StaffRole.ReadOnly })
      .expect(200);
    await arrived;
    await orders().expect(401);

    // An account deleted on a: b no longer lets its token in.
    const leaving = await signedInUser(a);
    await profile(b, leaving).expect(200);
    arrived = heard(b, `user:${leaving.user._id}`);
    await request(a.http)
      .post(api(ApiRoute.accountDelete, { userId: leaving.user._id }))
      .set('Authorization', `Bearer ${leaving.token}`)
      .send({ password: leaving.password })
      .expect(200);
    await arrived;
    expect((await profile(b, leaving).expect(401)).body.error).toBe('Your account no longer exists');
  });

  it('keeps nothing while its LISTEN connection is down, and keeps checks again once it is back', async () => {
    const buyer = await signedInUser(b);
    await profile(b, buyer).expect(200);
    const feed = b.app.get(ChangeFeed);
    const cache = b.app.get(SessionCache);
    expect(cache.size).toBeGreaterThan(0);
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [feed.listenerPid]);
    await waitFor(() => !feed.isLive);
    expect(cache.size).toBe(0);
    // A sign-out nobody announces to b (its listener is down): b must refuse the token anyway.
    const jti = jtiOf(buyer);
    await profile(b, buyer).expect(200);
    expect(cache.size).toBe(0);
    await a.dataSource.query(`INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, now() + interval '1 hour')`, [jti]);
    await profile(b, buyer).expect(401);
    await waitFor(() => feed.isLive);
    const again = await signedInUser(b);
    await profile(b, again).expect(200);
    const hits = await lookups(b, 'hit');
    await profile(b, again).expect(200);
    expect(await lookups(b, 'hit')).toBe(hits + 1);
  });

  it('holds a check at most SESSION_CACHE_SECONDS when a change is made with the triggers switched off', async () => {
    const c = await createTestApp({ sessionCacheSeconds: 1 }, a.db);
    try {
      const buyer = await signedInUser(c);
      await profile(c, buyer).expect(200);
      const jti = jtiOf(buyer);
      // As a restore may write: no trigger runs, so no notification is sent.
      await c.dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL session_replication_role = replica`);
        await manager.query(`INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, now() + interval '1 hour')`, [jti]);
      });
      const revokedAt = Date.now();
      const answers: number[] = [];
      while (Date.now() - revokedAt < 3000) {
        answers.push((await profile(c, buyer)).status);
        if (answers.at(-1) === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Kept meanwhile (the change was not announced), then read again within the bound and refused.
      expect(answers[0]).toBe(200);
      expect(answers.at(-1)).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000 + 1000);
    } finally {
      await c.close();
    }
  });
});
