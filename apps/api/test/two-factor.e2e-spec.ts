import {
  ApiRoute,
  type AuditEntry,
  type Order,
  type Session,
  type SigninResponse,
  type StaffList,
  type StaffRole,
  type TwoFactorChallenge,
  type TwoFactorDisabled,
  type TwoFactorEnabled,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
} from '@store/contract';
import { generate } from 'otplib';
import request from 'supertest';
import { PasswordHasher } from '../src/modules/auth/password-hasher.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import type { TestGateway } from '../src/modules/payments/test.gateway.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { paidOrder, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInAs, signedInUser, type TestApp } from './support/test-app.js';

const PASSWORD = 'correct horse battery';
const STEP = 30;

/** An enrolled member as a test knows them: the secret their app holds, and the last time step a code was made for. */
interface Member {
  email: string;
  session: Session;
  secret?: string;
  lastStep?: number;
  recoveryCodes?: string[];
}

/**
 * Two-factor sign-in against the real API and Postgres (ADMIN_2FA=optional, the default outside production):
 * enrolment (QR code, secret shown until confirmed, ten recovery codes stored hashed), the second step (a challenge
 * no other route accepts, each code once, recovery codes once, its own limits), turning it off, an owner's reset,
 * and the roles still holding after a two-step sign-in.
 */
describe('two-factor sign-in (e2e)', () => {
  let t: TestApp;
  let owner: Session;
  let counter = 0;

  const as = (session: Session) => signedInAs(t, session);

  /**
   * A code for the member's next unused time step (never earlier than now): codes only move forward, as an app's do,
   * and at most one step ahead of now, within the API's tolerance whichever side of a step boundary it is checked on.
   */
  async function nextCode(member: Member): Promise<string> {
    const now = Math.floor(Date.now() / 1000 / STEP);
    const step = Math.max(now, (member.lastStep ?? now - 1) + 1);
    if (step > now + 1) throw new Error('this test used more codes than two a step for one member');
    member.lastStep = step;
    return generate({ secret: member.secret!, epoch: step * STEP });
  }

  const signinStep1 = (email: string, password = PASSWORD, from = '198.51.100.7') =>
    request(t.http).post(`/api${ApiRoute.signin}`).set('X-Forwarded-For', from).send({ email, password });
  const signinStep2 = (challenge: string, code: string, from = '198.51.100.7') =>
    request(t.http).post(`/api${ApiRoute.signinTwoFactor}`).set('X-Forwarded-For', from).send({ challenge, code });

  async function challengeFor(email: string): Promise<string> {
    const body = (await signinStep1(email).expect(200)).body as SigninResponse;
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    return (body as TwoFactorChallenge).challenge;
  }

  /** One of the staff with PASSWORD, signed in. */
  async function newMember(staffRole: StaffRole = 'staff'): Promise<Member> {
    const email = `member-${++counter}-${Date.now()}@example.com`;
    const passwordHash = await t.app.get(PasswordHasher).hash(PASSWORD);
    await t.app.get(UsersService).create({ name: 'Sam Staff', email, passwordHash, staffRole });
    return { email, session: (await signinStep1(email).expect(200)).body as Session };
  }

  /** Enrols and confirms through the API, as the enrolment page does. */
  async function enrolled(member: Member): Promise<Member> {
    const enrolment = (
      await as(member.session)
        .post(api(ApiRoute.twoFactorEnrol, { userId: member.session.user._id }))
        .expect(200)
    ).body as TwoFactorEnrolment;
    member.secret = enrolment.secret;
    const confirmed = await as(member.session)
      .post(api(ApiRoute.twoFactorConfirm, { userId: member.session.user._id }))
      .send({ code: await nextCode(member) })
      .expect(200);
    member.recoveryCodes = (confirmed.body as TwoFactorEnabled).recoveryCodes;
    // Turning it on ended the member's sessions; the confirmation answered this one's successor.
    member.session = (confirmed.body as TwoFactorEnabled).session;
    return member;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, 1);
  });
  afterAll(() => t?.close());

  describe('enrolment', () => {
    it('shows a QR code and the secret until a first code confirms it, then ten recovery codes once; stores neither in the clear', async () => {
      const member = await newMember();
      const userId = member.session.user._id;
      expect(member.session.twoFactorEnrolmentRequired).toBeUndefined();
      expect((await as(member.session).get(api(ApiRoute.twoFactor, { userId })).expect(200)).body).toEqual({
        enabled: false,
        required: false,
        recoveryCodesLeft: 0,
      });

      const enrolment = (await as(member.session).post(api(ApiRoute.twoFactorEnrol, { userId })).expect(200)).body as TwoFactorEnrolment;
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(decodeURIComponent(enrolment.otpauthUrl)).toContain(member.email);
      expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
      expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
      member.secret = enrolment.secret;

      const [stored] = (await t.dataSource.query(`SELECT secret_encrypted, enabled_at FROM user_two_factor WHERE user_id = $1`, [
        userId,
      ])) as {
        secret_encrypted: Buffer;
        enabled_at: Date | null;
      }[];
      expect(stored.enabled_at).toBeNull();
      expect(stored.secret_encrypted.toString('latin1')).not.toContain(enrolment.secret);

      // A wrong code: a field-level 400, and two-factor stays off.
      const wrong = await as(member.session).post(api(ApiRoute.twoFactorConfirm, { userId })).send({ code: '000000' }).expect(400);
      expect(wrong.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'code' }] });
      const badFormat = await as(member.session).post(api(ApiRoute.twoFactorConfirm, { userId })).send({ code: '12345' }).expect(400);
      expect(badFormat.body.details).toEqual([{ field: 'code', message: 'Enter the 6-digit code from your authenticator app' }]);

      const confirmed = await as(member.session)
        .post(api(ApiRoute.twoFactorConfirm, { userId }))
        .send({ code: await nextCode(member) })
        .expect(200);
      const { recoveryCodes, session } = confirmed.body as TwoFactorEnabled;
      member.session = session;
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      const hashes = (await t.dataSource.query(`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1`, [userId])) as {
        code_hash: Buffer;
      }[];
      expect(hashes).toHaveLength(10);
      const storedText = hashes.map((row) => row.code_hash.toString('latin1')).join('');
      for (const code of recoveryCodes) expect(storedText).not.toContain(code.replace('-', ''));

      // The secret is never handed out again: enrolling again is refused while it is on.
      const again = await as(member.session).post(api(ApiRoute.twoFactorEnrol, { userId })).expect(409);
      expect(again.body.error).toBe('Two-factor sign-in is already on; turn it off first to use another app');
      expect(JSON.stringify((await as(member.session).get(api(ApiRoute.twoFactor, { userId })).expect(200)).body)).not.toContain(
        enrolment.secret,
      );
      expect((await as(member.session).get(api(ApiRoute.twoFactor, { userId })).expect(200)).body).toEqual({
        enabled: true,
        required: false,
        recoveryCodesLeft: 10,
      });

      const trail = (
        await as(owner)
          .get(`${api(ApiRoute.audit, { userId: owner.user._id })}?entity=${userId}`)
          .expect(200)
      ).body as AuditEntry[];
      expect(trail.map((entry) => entry.action)).toEqual(['two-factor.enable']);
    });

    it('shows on the People list who has it on (a pending enrolment is still off)', async () => {
      const on = await enrolled(await newMember());
      const pending = await newMember();
      await as(pending.session)
        .post(api(ApiRoute.twoFactorEnrol, { userId: pending.session.user._id }))
        .expect(200);
      const people = (
        (
          await as(owner)
            .get(api(ApiRoute.staff, { userId: owner.user._id }))
            .expect(200)
        ).body as StaffList
      ).people;
      const stateOf = (id: string) => people.find((person) => person._id === id)?.twoFactorEnabled;
      expect(stateOf(on.session.user._id)).toBe(true);
      expect(stateOf(pending.session.user._id)).toBe(false);
      expect(stateOf(owner.user._id)).toBe(false);
      // A role change answers the member as the list shows them.
      const changed = await as(owner)
        .put(api(ApiRoute.staffMember, { staffId: on.session.user._id, userId: owner.user._id }))
        .send({ staffRole: 'read-only' })
        .expect(200);
      expect(changed.body).toMatchObject({ staffRole: 'read-only', twoFactorEnabled: true });
    });

    it('is for the shop’s people: a customer cannot enrol', async () => {
      const customer = await signedInUser(t);
      const refused = await as(customer)
        .post(api(ApiRoute.twoFactorEnrol, { userId: customer.user._id }))
        .expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    });
  });

  describe('signing in', () => {
    it('answers a challenge instead of a session; the challenge opens nothing but the second step, which answers the session', async () => {
      const member = await enrolled(await newMember());
      const first = await signinStep1(member.email).expect(200);
      expect(first.headers['set-cookie']).toBeUndefined();
      const { challenge } = first.body as TwoFactorChallenge;
      expect(first.body).not.toHaveProperty('token');

      // Not a session: refused as a bearer token.
      await request(t.http)
        .get(api(ApiRoute.user, { userId: member.session.user._id }))
        .set('Authorization', `Bearer ${challenge}`)
        .expect(401);
      // And a session token is not a challenge.
      expect((await signinStep2(member.session.token, '123456').expect(401)).body.error).toBe(
        'Your sign-in has expired; enter your password again',
      );

      const code = await nextCode(member);
      const second = await signinStep2(challenge, code).expect(200);
      const session = second.body as Session;
      expect(session.user).toMatchObject({ email: member.email, staffRole: 'staff' });
      expect(second.headers['set-cookie']?.[0]).toMatch(/^device=.+; Max-Age=\d+; Path=\/api\/signin; .*HttpOnly; SameSite=Strict/);
      await as(session)
        .get(api(ApiRoute.user, { userId: session.user._id }))
        .expect(200);

      // The same code again, with a new challenge: refused (replay within its window), and so is the spent challenge.
      const replay = await signinStep2(await challengeFor(member.email), code).expect(400);
      expect(replay.body).toMatchObject({
        error: 'That code is not right, or it was used already; try the next one',
        details: [{ field: 'code' }],
      });
      expect((await signinStep2(challenge, member.recoveryCodes![0]).expect(401)).body.error).toBe(
        'This sign-in was completed already; sign in again',
      );
    });

    it('takes each recovery code once instead of the app’s code (case, spaces and the hyphen ignored)', async () => {
      const member = await enrolled(await newMember());
      const [code] = member.recoveryCodes!;
      const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
      const session = (await signinStep2(await challengeFor(member.email), typed).expect(200)).body as Session;
      expect(session.user.email).toBe(member.email);
      await signinStep2(await challengeFor(member.email), code).expect(400);
      expect(
        (
          await as(session)
            .get(api(ApiRoute.twoFactor, { userId: session.user._id }))
            .expect(200)
        ).body.recoveryCodesLeft,
      ).toBe(9);
    });

    it('ends a pending challenge when the password changes in between', async () => {
      const member = await enrolled(await newMember());
      const challenge = await challengeFor(member.email);
      await t.app.get(UsersService).endSessions(member.session.user._id);
      await signinStep2(challenge, member.recoveryCodes![0]).expect(401);
    });

    it('limits codes per account and network before checking them, and per account from every network', async () => {
      const member = await enrolled(await newMember());
      const challenge = await challengeFor(member.email);
      for (let i = 0; i < 5; i += 1) await signinStep2(challenge, '000000', '203.0.113.50').expect(400);
      // The sixth from that network is refused, right code and all, and the code is not used up.
      const limited = await signinStep2(challenge, member.recoveryCodes![0], '203.0.113.50').expect(429);
      expect(limited.body.error).toMatch(/^Too many codes tried for this account from here; try again in \d+ seconds$/);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      // Other networks still have their own allowance, until the account has seen 20 attempts checked (the refused one was not).
      for (let i = 0; i < 15; i += 1) await signinStep2(challenge, '000000', `203.0.113.${60 + Math.floor(i / 5)}`).expect(400);
      const accountWide = await signinStep2(challenge, member.recoveryCodes![0], '203.0.113.99').expect(429);
      expect(accountWide.body.error).toMatch(/^Too many codes tried for this account; try again in \d+ seconds$/);
      const [{ left }] = (await t.dataSource.query(
        `SELECT count(*)::int AS left FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
        [member.session.user._id],
      )) as { left: number }[];
      expect(left).toBe(10);
    });

    it('keeps roles as they were: a staff member signed in with a code is still refused a refund', async () => {
      const member = await enrolled(await newMember('staff'));
      const session = (await signinStep2(await challengeFor(member.email), await nextCode(member)).expect(200)).body as Session;
      const productId = await seedProduct(t, { name: 'Two Step Tee', price: 10, stock: 10 });
      const buyer = await signedInUser(t);
      const { orderId, transactionId } = await paidOrder(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 10,
        products: [{ _id: productId, count: 1 }],
      });
      (t.app.get(PaymentGateway) as TestGateway).settle(transactionId);
      const refused = await as(session)
        .post(api(ApiRoute.orderLineRefund, { orderId, userId: session.user._id }))
        .send({ product: productId })
        .expect(403);
      expect(refused.body).toEqual({ error: 'Your role (staff) does not allow this', code: 'FORBIDDEN' });
      const order = (
        await as(owner)
          .get(api(ApiRoute.order, { orderId, userId: owner.user._id }))
          .expect(200)
      ).body as Order;
      expect(order.products[0].refund).toBeUndefined();
    });
  });

  describe('new recovery codes', () => {
    const regenerate = (member: Member, code: string) =>
      as(member.session)
        .post(api(ApiRoute.twoFactorRecoveryCodes, { userId: member.session.user._id }))
        .send({ code });

    it('takes a code from the app, answers ten new codes once, voids every old one, and is audited', async () => {
      const member = await enrolled(await newMember());
      const userId = member.session.user._id;
      const [used, unused] = member.recoveryCodes!;
      await signinStep2(await challengeFor(member.email), used).expect(200);

      const fresh = (await regenerate(member, await nextCode(member)).expect(200)).body as TwoFactorRecoveryCodes;
      expect(fresh.recoveryCodes).toHaveLength(10);
      expect(new Set(fresh.recoveryCodes).size).toBe(10);
      expect(fresh.recoveryCodes.some((code) => member.recoveryCodes!.includes(code))).toBe(false);
      // The old ones, used or not, no longer sign in; a new one does, once.
      await signinStep2(await challengeFor(member.email), unused).expect(400);
      await signinStep2(await challengeFor(member.email), used).expect(400);
      await signinStep2(await challengeFor(member.email), fresh.recoveryCodes[0]).expect(200);
      expect((await as(member.session).get(api(ApiRoute.twoFactor, { userId })).expect(200)).body.recoveryCodesLeft).toBe(9);
      // Stored hashed, as at enrolment.
      const stored = (await t.dataSource.query(`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1`, [userId])) as {
        code_hash: Buffer;
      }[];
      expect(stored).toHaveLength(10);
      expect(stored.some((row) => row.code_hash.toString('latin1').includes(fresh.recoveryCodes[1]))).toBe(false);

      const trail = (
        await as(owner)
          .get(`${api(ApiRoute.audit, { userId: owner.user._id })}?entity=${userId}`)
          .expect(200)
      ).body as AuditEntry[];
      expect(trail[0]).toMatchObject({
        action: 'two-factor.recovery-codes',
        actor: { _id: userId },
        changes: { recoveryCodesLeft: { before: 9, after: 10 } },
      });
    });

    it('refuses a recovery code, a wrong or replayed code, and a member without two-factor; nothing changes', async () => {
      const member = await enrolled(await newMember());
      const userId = member.session.user._id;
      const refused = await regenerate(member, member.recoveryCodes![0]).expect(400);
      expect(refused.body.details).toEqual([{ field: 'code', message: 'Enter the 6-digit code from your authenticator app' }]);
      expect((await regenerate(member, '000000').expect(400)).body.details[0].field).toBe('code');
      // The confirmation's own code, already used: refused as a replay.
      const confirmationCode = await generate({ secret: member.secret!, epoch: member.lastStep! * STEP });
      await regenerate(member, confirmationCode).expect(400);
      // The recovery code offered above was not used up, and the codes are still the enrolment's.
      await signinStep2(await challengeFor(member.email), member.recoveryCodes![0]).expect(200);

      const without = await newMember();
      expect((await regenerate(without, '123456').expect(409)).body.error).toBe('Two-factor sign-in is not on');
      // Someone else's: the path guard.
      await as(without.session).post(api(ApiRoute.twoFactorRecoveryCodes, { userId })).send({ code: '123456' }).expect(403);
    });
  });

  describe('ending the member’s other sessions', () => {
    it('ends every earlier session when it is turned on: a token from before is refused, the answered one works', async () => {
      const member = await newMember();
      const userId = member.session.user._id;
      const otherDevice = (await signinStep1(member.email, PASSWORD, '198.51.100.80').expect(200)).body as Session;
      const before = member.session;
      await enrolled(member);
      for (const old of [before, otherDevice]) {
        const refused = await as(old).get(api(ApiRoute.user, { userId })).expect(401);
        expect(refused.body.error).toBe('Your session has ended; sign in again');
      }
      await as(member.session).get(api(ApiRoute.user, { userId })).expect(200);
    });

    it('ends every earlier session when it is turned off', async () => {
      const member = await enrolled(await newMember());
      const userId = member.session.user._id;
      const otherDevice = (await signinStep2(await challengeFor(member.email), await nextCode(member), '198.51.100.81').expect(200))
        .body as Session;
      await as(otherDevice).get(api(ApiRoute.user, { userId })).expect(200);
      const off = (
        await as(member.session)
          .post(api(ApiRoute.twoFactorDisable, { userId }))
          .send({ password: PASSWORD, code: member.recoveryCodes![0] })
          .expect(200)
      ).body as TwoFactorDisabled;
      await as(otherDevice).get(api(ApiRoute.user, { userId })).expect(401);
      await as(member.session).get(api(ApiRoute.user, { userId })).expect(401);
      await as(off.session).get(api(ApiRoute.user, { userId })).expect(200);
    });

    it('ends every session of the member when an owner resets it, and a sign-in begun before it cannot finish', async () => {
      const member = await enrolled(await newMember());
      const staffId = member.session.user._id;
      const pending = await challengeFor(member.email);
      await as(owner)
        .delete(api(ApiRoute.staffTwoFactorReset, { staffId, userId: owner.user._id }))
        .expect(200);
      await as(member.session)
        .get(api(ApiRoute.user, { userId: staffId }))
        .expect(401);
      expect((await signinStep2(pending, member.recoveryCodes![0]).expect(401)).body.error).toBe(
        'Your sign-in has expired; enter your password again',
      );
    });
  });

  describe('turning it off and resetting', () => {
    it('turns off with the password and a code, not with either alone', async () => {
      const member = await enrolled(await newMember());
      const userId = member.session.user._id;
      const disable = (body: object) => as(member.session).post(api(ApiRoute.twoFactorDisable, { userId })).send(body);
      expect((await disable({ password: 'not the password', code: member.recoveryCodes![0] }).expect(400)).body.details).toEqual([
        { field: 'password', message: 'Password is not right' },
      ]);
      expect((await disable({ password: PASSWORD, code: '000000' }).expect(400)).body.details[0].field).toBe('code');
      expect((await disable({ password: PASSWORD, code: member.recoveryCodes![1] }).expect(200)).body).toEqual({
        message: 'Two-factor sign-in is off',
        session: { token: expect.any(String), user: expect.objectContaining({ _id: userId }) },
      });
      expect((await t.dataSource.query(`SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1`, [userId])).length).toBe(0);
      const session = (await signinStep1(member.email).expect(200)).body as Session;
      expect(session.token).toEqual(expect.any(String));
    });

    it('lets an owner reset a member’s two-factor (audited, their sessions end), never their own, and nobody else', async () => {
      const member = await enrolled(await newMember());
      const other = await newMember();
      const staffId = member.session.user._id;
      const reset = (by: Session, id = staffId) => as(by).delete(api(ApiRoute.staffTwoFactorReset, { staffId: id, userId: by.user._id }));
      await reset(other.session).expect(403);
      expect((await reset(owner, owner.user._id).expect(403)).body.error).toMatch(/^Turn off your own two-factor sign-in/);
      expect((await reset(owner, other.session.user._id).expect(404)).body.error).toBe('Sam Staff has not set up two-factor sign-in');

      expect((await reset(owner).expect(200)).body.message).toBe(
        "Sam Staff's two-factor sign-in was reset; they set it up again at their next sign-in",
      );
      await as(member.session)
        .get(api(ApiRoute.user, { userId: staffId }))
        .expect(401);
      const session = (await signinStep1(member.email).expect(200)).body as Session;
      expect(session.user._id).toBe(staffId);
      const trail = (
        await as(owner)
          .get(`${api(ApiRoute.audit, { userId: owner.user._id })}?entity=${staffId}`)
          .expect(200)
      ).body as AuditEntry[];
      expect(trail[0]).toMatchObject({
        action: 'staff.two-factor-reset',
        actor: { _id: owner.user._id, staffRole: 'owner' },
        changes: { twoFactor: { before: true, after: false } },
      });
    });
  });
});
