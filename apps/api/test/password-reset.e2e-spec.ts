import {
  ApiRoute,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_MAILS_PER_HOUR,
  PASSWORD_RESET_REQUESTED,
  Role,
} from '@store/contract';
import request from 'supertest';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

interface QueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
}

describe('password reset (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://shop.example' });
  });
  afterAll(() => t.close());

  const forgot = (email: string) => request(t.http).post(`/api${ApiRoute.passwordForgot}`).send({ email });
  const reset = (token: string, password: string) => request(t.http).post(`/api${ApiRoute.passwordReset}`).send({ token, password });
  const signin = (email: string, password: string) => request(t.http).post(`/api${ApiRoute.signin}`).send({ email, password });
  const mailsTo = async (email: string, kind?: string): Promise<QueuedMail[]> =>
    (await t.dataSource.query(
      `SELECT kind, recipient, subject, text_body FROM mail_outbox WHERE recipient = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at`,
      [email, kind ?? null],
    )) as QueuedMail[];
  const tokenIn = (mail: QueuedMail): string => {
    const match = /^https:\/\/shop\.example\/reset-password\?token=([A-Za-z0-9_-]{43})$/m.exec(mail.text_body);
    if (!match) throw new Error(`no reset link in: ${mail.text_body}`);
    return match[1];
  };
  const linkFor = async (email: string): Promise<string> => {
    await forgot(email).expect(202);
    const mails = await mailsTo(email, 'password-reset');
    return tokenIn(mails[mails.length - 1]);
  };

  it('answers the same for an address with an account and one without, and mails a link only to the account', async () => {
    const user = await signedInUser(t);
    const known = await forgot(user.user.email).expect(202);
    const unknown = await forgot('nobody-here@example.com').expect(202);
    expect(known.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
    const [mail] = await mailsTo(user.user.email, 'password-reset');
    expect(mail.subject).toBe('Reset your password at The T-shirt Store');
    expect(mail.text_body).toContain('It works once, for 30 minutes.');
    // Only the token's hash is stored.
    const token = tokenIn(mail);
    const stored = (await t.dataSource.query(`SELECT encode(token_hash, 'hex') AS hash FROM account_tokens`)) as { hash: string }[];
    expect(stored.map((row) => row.hash).join()).not.toContain(Buffer.from(token).toString('hex'));
  });

  it('sets the new password with the link, ends every session, mails a notice, and the link then stops working', async () => {
    const user = await signedInUser(t);
    const token = await linkFor(user.user.email);
    const before = `/api/user/${user.user._id}`;
    await request(t.http).get(before).set('Authorization', `Bearer ${user.token}`).expect(200);

    expect((await reset(token, 'a brand new passphrase').expect(200)).body).toEqual({ message: PASSWORD_RESET_DONE });
    await request(t.http).get(before).set('Authorization', `Bearer ${user.token}`).expect(401);
    await signin(user.user.email, user.password).expect(401);
    await signin(user.user.email, 'a brand new passphrase').expect(200);
    const [notice] = await mailsTo(user.user.email, 'password-changed');
    expect(notice.subject).toBe('Your password at The T-shirt Store was changed');

    const again = await reset(token, 'yet another passphrase').expect(400);
    expect(again.body).toEqual({
      error: PASSWORD_RESET_LINK_INVALID,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'token', message: PASSWORD_RESET_LINK_INVALID }],
    });
  });

  it('refuses an expired link, an unknown one and a malformed one, naming the token', async () => {
    const user = await signedInUser(t);
    const token = await linkFor(user.user.email);
    await t.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second'`);
    expect((await reset(token, 'a brand new passphrase').expect(400)).body.error).toBe(PASSWORD_RESET_LINK_INVALID);
    await reset('A'.repeat(43), 'a brand new passphrase').expect(400);
    const malformed = await reset('not-a-token', 'a brand new passphrase').expect(400);
    expect(malformed.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'token', message: 'Token is not a password reset token' }],
    });
    await signin(user.user.email, user.password).expect(200);
  });

  it('refuses a common or short password without using up the link', async () => {
    const user = await signedInUser(t);
    const token = await linkFor(user.user.email);
    const common = await reset(token, 'password').expect(400);
    expect(common.body.details).toEqual([{ field: 'password', message: expect.stringContaining('most common passwords') }]);
    await reset(token, 'short').expect(400);
    await reset(token, 'a brand new passphrase').expect(200);
  });

  it('lets one link change the password once when two requests race with it', async () => {
    const user = await signedInUser(t);
    const token = await linkFor(user.user.email);
    const answers = await Promise.all([reset(token, 'first racing passphrase'), reset(token, 'second racing passphrase')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it(`mails one address at most ${PASSWORD_RESET_MAILS_PER_HOUR} links an hour, answering the same every time`, async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR + 2; i += 1) {
      expect((await forgot(user.user.email).expect(202)).body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    }
    expect(await mailsTo(user.user.email, 'password-reset')).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR);
  });

  it('works for an admin too, and a bad address is a 400 naming the field', async () => {
    const admin = await signedInUser(t, Role.Admin);
    const token = await linkFor(admin.user.email);
    await reset(token, 'an admin passphrase here').expect(200);
    await request(t.http)
      .get(api(ApiRoute.audit, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(401);
    const bad = await forgot('not an address').expect(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'email', message: 'Email must be a valid email address' }],
    });
  });

  describe("changing one's own password", () => {
    const change = (session: { token: string; user: { _id: string } }, body: object) =>
      request(t.http)
        .post(api(ApiRoute.passwordChange, { userId: session.user._id }))
        .set('Authorization', `Bearer ${session.token}`)
        .send(body);

    it('needs the current password, ends every other session and answers a new one for this browser', async () => {
      const user = await signedInUser(t);
      const otherDevice = (await signin(user.user.email, user.password).expect(200)).body as { token: string };
      const wrong = await change(user, { currentPassword: 'not the password', password: 'a brand new passphrase' }).expect(400);
      expect(wrong.body.details).toEqual([{ field: 'currentPassword', message: 'Current password is not right' }]);
      expect((await change(user, { currentPassword: user.password, password: 'password' }).expect(400)).body.details[0].field).toBe(
        'password',
      );

      const answer = await change(user, { currentPassword: user.password, password: 'a brand new passphrase' }).expect(200);
      expect(answer.body).toEqual({ token: expect.any(String), user: user.user });
      const own = `/api/user/${user.user._id}`;
      await request(t.http).get(own).set('Authorization', `Bearer ${otherDevice.token}`).expect(401);
      await request(t.http).get(own).set('Authorization', `Bearer ${user.token}`).expect(401);
      await request(t.http)
        .get(own)
        .set('Authorization', `Bearer ${(answer.body as { token: string }).token}`)
        .expect(200);
      await signin(user.user.email, 'a brand new passphrase').expect(200);
    });

    it("is only for one's own account, signed in", async () => {
      const user = await signedInUser(t);
      const other = await signedInUser(t);
      await change({ token: user.token, user: other.user }, { currentPassword: other.password, password: 'a brand new passphrase' }).expect(
        403,
      );
      await request(t.http)
        .post(api(ApiRoute.passwordChange, { userId: user.user._id }))
        .send({ currentPassword: user.password, password: 'x'.repeat(10) })
        .expect(401);
    });
  });

  // Last: a second app re-registers passport's JWT strategy, which then belongs to that app until the file ends.
  it('answers 503 in production without PUBLIC_URL rather than mail a link to nowhere', async () => {
    const unset = await createTestApp({ publicUrl: undefined });
    try {
      const user = await signedInUser(unset);
      const answer = await request(unset.http).post(`/api${ApiRoute.passwordForgot}`).send({ email: user.user.email }).expect(503);
      expect(answer.body.error).toContain('PUBLIC_URL');
    } finally {
      await unset.close();
    }
  });
});
