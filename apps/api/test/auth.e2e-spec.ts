import { createHmac, randomUUID } from 'node:crypto';
import { ApiRoute, Role, type Session } from '@store/contract';
import request from 'supertest';
import { DEVELOPMENT_JWT_SECRET } from '../src/config/env.js';
import { SESSIONS_CHANNEL } from '../src/database/change-feed.js';
import { notificationHeard } from './support/notifications.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token signed by hand, to forge what a library would refuse to produce. */
function handMadeToken(header: object, payload: object, secret?: string): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
}

describe('identity (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /signup', () => {
    it('creates a customer and answers 201 without any secret', async () => {
      const response = await request(t.http)
        .post('/api/signup')
        .send({ name: '  Ada Lovelace ', email: ' Ada@Example.COM ', password: 'analytical-engine' })
        .expect(201);
      expect(response.body).toEqual({ _id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com', role: 0 });
      const [row] = await t.dataSource.query('SELECT password_hash FROM users WHERE email = $1', ['ada@example.com']);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(JSON.stringify(response.body)).not.toContain('argon2');
    });

    it('refuses a second account with the same email in any case (409)', async () => {
      const response = await request(t.http)
        .post('/api/signup')
        .send({ name: 'Ada Again', email: 'ADA@example.com', password: 'another-password' })
        .expect(409);
      expect(response.body).toEqual({ error: 'Email is already registered', code: 'CONFLICT' });
    });

    it.each([
      ['a short name', { name: 'Al', email: 'al@example.com', password: 'long-enough' }, 'name'],
      ['a long name', { name: 'x'.repeat(33), email: 'al@example.com', password: 'long-enough' }, 'name'],
      ['a bad email', { name: 'Alan', email: 'not-an-email', password: 'long-enough' }, 'email'],
      ['a short password', { name: 'Alan', email: 'al@example.com', password: 'short' }, 'password'],
      ['a long password', { name: 'Alan', email: 'al@example.com', password: 'p'.repeat(129) }, 'password'],
      ['a missing field', { name: 'Alan', email: 'al@example.com' }, 'password'],
      ['a role', { name: 'Mallory', email: 'mallory@example.com', password: 'long-enough', role: 1 }, 'role'],
    ])('refuses %s (400) naming the field', async (_, body, field) => {
      const response = await request(t.http).post('/api/signup').send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(typeof response.body.error).toBe('string');
      expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('created nobody from the refused requests', async () => {
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM users WHERE email IN ('al@example.com', 'mallory@example.com')`,
      );
      expect(count).toBe(0);
    });
  });

  describe('POST /signin', () => {
    it('answers the session: a token and the user', async () => {
      const response = await request(t.http)
        .post('/api/signin')
        .send({ email: 'ADA@example.com', password: 'analytical-engine' })
        .expect(200);
      const session = response.body as Session;
      expect(session.user).toEqual({ _id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com', role: 0 });
      const [header, payload] = session.token
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(payload).toEqual(
        expect.objectContaining({ sub: session.user._id, role: 0, jti: expect.any(String), exp: expect.any(Number) }),
      );
    });

    it('gives a wrong password and an unknown email the same 401', async () => {
      const wrongPassword = await request(t.http)
        .post('/api/signin')
        .send({ email: 'ada@example.com', password: 'wrong-password' })
        .expect(401);
      const unknownEmail = await request(t.http)
        .post('/api/signin')
        .send({ email: 'nobody@example.com', password: 'wrong-password' })
        .expect(401);
      expect(wrongPassword.body).toEqual({ error: 'Email and password do not match', code: 'UNAUTHENTICATED' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('refuses a body without a password (400)', async () => {
      const response = await request(t.http).post('/api/signin').send({ email: 'ada@example.com' }).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('tokens', () => {
    let session: Session;

    beforeAll(async () => {
      session = await signedInUser(t);
    });

    const profile = (token?: string) => {
      const call = request(t.http).get(api(ApiRoute.user, { userId: session.user._id }));
      return token === undefined ? call : call.set('Authorization', `Bearer ${token}`);
    };

    it('GET /user/{userId} answers the signed-in user', async () => {
      const response = await profile(session.token).expect(200);
      expect(response.body).toEqual(session.user);
    });

    it('refuses a request without a token (401)', async () => {
      const response = await profile().expect(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });

    it('refuses a token signed with another secret (401)', async () => {
      const forged = handMadeToken(
        { alg: 'HS256', typ: 'JWT' },
        { sub: session.user._id, role: 1, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 },
        'another-secret',
      );
      await profile(forged).expect(401);
    });

    it('refuses an unsigned alg:none token (401)', async () => {
      const unsigned = handMadeToken(
        { alg: 'none', typ: 'JWT' },
        { sub: session.user._id, role: 1, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 },
      );
      await profile(unsigned).expect(401);
    });

    it('refuses an expired token (401) and says so', async () => {
      const expired = handMadeToken(
        { alg: 'HS256', typ: 'JWT' },
        {
          sub: session.user._id,
          role: 0,
          jti: randomUUID(),
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        },
        DEVELOPMENT_JWT_SECRET,
      );
      const response = await profile(expired).expect(401);
      expect(response.body.error).toMatch(/expired/);
    });

    it('refuses garbage in the Authorization header (401)', async () => {
      await profile('not.a.jwt').expect(401);
    });

    it("refuses another user's path (403)", async () => {
      const other = await signedInUser(t);
      const response = await request(t.http)
        .get(api(ApiRoute.user, { userId: other.user._id }))
        .set('Authorization', `Bearer ${session.token}`)
        .expect(403);
      expect(response.body.code).toBe('FORBIDDEN');
    });

    it('revokes the presented token on GET /signout', async () => {
      const own = await signedInUser(t);
      const call = () =>
        request(t.http)
          .get(api(ApiRoute.user, { userId: own.user._id }))
          .set('Authorization', `Bearer ${own.token}`);
      await call().expect(200);
      const response = await request(t.http).get('/api/signout').set('Authorization', `Bearer ${own.token}`).expect(200);
      expect(response.body).toEqual({ message: expect.any(String) });
      const after = await call().expect(401);
      expect(after.body.code).toBe('UNAUTHENTICATED');
      // Only that token: a new sign-in works again.
      const again = await request(t.http).post('/api/signin').send({ email: own.user.email, password: own.password }).expect(200);
      await request(t.http)
        .get(api(ApiRoute.user, { userId: own.user._id }))
        .set('Authorization', `Bearer ${again.body.token}`)
        .expect(200);
    });

    it('revokes a token sent with the scheme in lower case (RFC 7235: schemes ignore case)', async () => {
      const own = await signedInUser(t);
      await request(t.http).get('/api/signout').set('Authorization', `bearer ${own.token}`).expect(200);
      const after = await request(t.http)
        .get(api(ApiRoute.user, { userId: own.user._id }))
        .set('Authorization', `Bearer ${own.token}`)
        .expect(401);
      expect(after.body.code).toBe('UNAUTHENTICATED');
    });

    it('ends every session of the user on POST /signout/everywhere, and only theirs', async () => {
      const own = await signedInUser(t);
      const second = await request(t.http).post('/api/signin').send({ email: own.user.email, password: own.password }).expect(200);
      const bystander = await signedInUser(t);
      const profile = (session: Session) =>
        request(t.http)
          .get(api(ApiRoute.user, { userId: session.user._id }))
          .set('Authorization', `Bearer ${session.token}`);
      await profile(second.body).expect(200);
      const response = await request(t.http)
        .post(`/api${ApiRoute.signoutEverywhere}`)
        .set('Authorization', `Bearer ${own.token}`)
        .expect(200);
      expect(response.body).toEqual({ message: 'Signed out everywhere' });
      for (const session of [own, second.body as Session]) {
        const refused = await profile(session).expect(401);
        expect(refused.body).toEqual({ error: 'Your session has ended; sign in again', code: 'UNAUTHENTICATED' });
      }
      await profile(bystander).expect(200);
      // A sign-in after it works.
      const again = await request(t.http).post('/api/signin').send({ email: own.user.email, password: own.password }).expect(200);
      await profile(again.body).expect(200);
    });

    it('refuses POST /signout/everywhere without a token (401)', async () => {
      const response = await request(t.http).post(`/api${ApiRoute.signoutEverywhere}`).expect(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });

    it('ends the sessions on a role change made through the users service', async () => {
      const { UsersService } = await import('../src/modules/users/users.service.js');
      const own = await signedInUser(t);
      await t.app.get(UsersService).update(own.user._id, { role: Role.Admin });
      await request(t.http)
        .get(api(ApiRoute.user, { userId: own.user._id }))
        .set('Authorization', `Bearer ${own.token}`)
        .expect(401);
    });

    it('answers GET /signout without a token too', async () => {
      await request(t.http).get('/api/signout').expect(200);
    });

    it('reads the role from the database, not from the token', async () => {
      const customer = await signedInUser(t);
      // Changed in SQL, as another replica would: the process reads the account again once it hears the change
      // (docs/security.md, "Sessions kept in memory"), which on a busy machine can come after the next request.
      let heard = notificationHeard(t, `user:${customer.user._id}`, SESSIONS_CHANNEL);
      await t.dataSource.query("UPDATE users SET role = 1, staff_role = 'owner', email_verified_at = now() WHERE id = $1", [
        customer.user._id,
      ]);
      await heard;
      // The token still says role 0, but the user is an admin now: the admin route lets them in.
      await request(t.http)
        .post(api(ApiRoute.categoryCreate, { userId: customer.user._id }))
        .set('Authorization', `Bearer ${customer.token}`)
        .send({ name: 'Promoted' })
        .expect(201);
      heard = notificationHeard(t, `user:${customer.user._id}`, SESSIONS_CHANNEL);
      await t.dataSource.query('UPDATE users SET role = 0, staff_role = NULL WHERE id = $1', [customer.user._id]);
      await heard;
      await request(t.http)
        .post(api(ApiRoute.categoryCreate, { userId: customer.user._id }))
        .set('Authorization', `Bearer ${customer.token}`)
        .send({ name: 'Demoted' })
        .expect(403);
    });

    it('refuses a token whose user was deleted (401)', async () => {
      const gone = await signedInUser(t);
      const heard = notificationHeard(t, `user:${gone.user._id}`, SESSIONS_CHANNEL);
      await t.dataSource.query('DELETE FROM users WHERE id = $1', [gone.user._id]);
      await heard;
      await request(t.http)
        .get(api(ApiRoute.user, { userId: gone.user._id }))
        .set('Authorization', `Bearer ${gone.token}`)
        .expect(401);
    });
  });

  describe('admin provisioning', () => {
    it('creates the configured admin, then promotes and re-keys idempotently', async () => {
      const { AuthService } = await import('../src/modules/auth/auth.service.js');
      const auth = t.app.get(AuthService);
      const customer = await signedInUser(t);
      const promoted = await auth.ensureAdmin({ email: customer.user.email, password: 'new-admin-password', name: 'Ignored' });
      expect(promoted.role).toBe(Role.Admin);
      await auth.ensureAdmin({ email: customer.user.email, password: 'new-admin-password', name: 'Ignored' });
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [customer.user.email]);
      expect(count).toBe(1);
      const signin = await request(t.http)
        .post('/api/signin')
        .send({ email: customer.user.email, password: 'new-admin-password' })
        .expect(200);
      expect(signin.body.user.role).toBe(1);
    });

    it('creates the admin once when two replicas start at the same moment, and neither fails', async () => {
      const { AuthService } = await import('../src/modules/auth/auth.service.js');
      const auth = t.app.get(AuthService);
      const admin = { email: `together-${Date.now()}@example.com`, password: 'replica-admin-password', name: 'Replica Admin' };
      const [first, second] = await Promise.all([auth.ensureAdmin(admin), auth.ensureAdmin(admin)]);
      expect(first.role).toBe(Role.Admin);
      expect(second._id).toBe(first._id);
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [admin.email]);
      expect(count).toBe(1);
    });

    it('ends the sessions of an account it promotes: a squatter’s earlier token is no admin token', async () => {
      const { AuthService } = await import('../src/modules/auth/auth.service.js');
      const squatter = await signedInUser(t);
      await t.app.get(AuthService).ensureAdmin({ email: squatter.user.email, password: 'the-operators-password', name: 'Shop' });
      const asAdmin = await request(t.http)
        .get(api(ApiRoute.ordersExport, { userId: squatter.user._id }))
        .set('Authorization', `Bearer ${squatter.token}`)
        .expect(401);
      expect(asAdmin.body).toEqual({ error: 'Your session has ended; sign in again', code: 'UNAUTHENTICATED' });
      // Its old password no longer signs in either.
      await request(t.http).post('/api/signin').send({ email: squatter.user.email, password: squatter.password }).expect(401);
    });

    it('ends the admin’s sessions when ADMIN_PASSWORD changes, and keeps them when nothing changes', async () => {
      const { AuthService } = await import('../src/modules/auth/auth.service.js');
      const auth = t.app.get(AuthService);
      const admin = await signedInUser(t, Role.Admin);
      const overview = (token: string) =>
        request(t.http)
          .get(api(ApiRoute.ordersOverview, { userId: admin.user._id }))
          .set('Authorization', `Bearer ${token}`);
      // A restart with the same settings changes nothing.
      await auth.ensureAdmin({ email: admin.user.email, password: admin.password, name: 'Admin User' });
      await overview(admin.token).expect(200);
      await auth.ensureAdmin({ email: admin.user.email, password: 'a-brand-new-admin-password', name: 'Admin User' });
      await overview(admin.token).expect(401);
      const fresh = await request(t.http)
        .post('/api/signin')
        .send({ email: admin.user.email, password: 'a-brand-new-admin-password' })
        .expect(200);
      await overview(fresh.body.token).expect(200);
    });
  });
});

describe('sign-in rate limit (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 past AUTH_RATE_LIMIT attempts a minute from one address', async () => {
    const attempt = () => request(t.http).post('/api/signin').send({ email: 'someone@example.com', password: 'whatever-it-is' });
    for (let i = 0; i < 3; i += 1) await attempt().expect(401);
    const limited = await attempt().expect(429);
    expect(limited.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts in the database, where every replica sees it', async () => {
    const [{ hits }] = await t.dataSource.query('SELECT max(hits)::int AS hits FROM rate_limit_buckets');
    expect(hits).toBeGreaterThanOrEqual(4);
  });

  it('counts an IPv6 client by its /64: a new address in it is no new allowance', async () => {
    const attempt = (from: string) =>
      request(t.http)
        .post('/api/signin')
        .set('X-Forwarded-For', from)
        .send({ email: 'someone-else@example.com', password: 'whatever-it-is' });
    await attempt('2001:db8:77:1::1').expect(401);
    await attempt('2001:db8:77:1::2').expect(401);
    await attempt('2001:db8:77:1:ffff:ffff:ffff:fffe').expect(401);
    await attempt('2001:db8:77:1:1234::9').expect(429);
    await attempt('2001:db8:77:2::1').expect(401);
  });

  it('limits sign-up as well', async () => {
    const attempt = (i: number) =>
      request(t.http)
        .post('/api/signup')
        .send({ name: 'Rate Test', email: `rate${i}@example.com`, password: 'long-enough' });
    for (let i = 0; i < 3; i += 1) await attempt(i).expect(201);
    await attempt(3).expect(429);
  });
});
