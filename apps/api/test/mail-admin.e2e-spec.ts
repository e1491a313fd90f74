import { ApiRoute, type MailStatus, type MailTestResult, Role } from '@store/contract';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig, type MailConfig } from '../src/config/env.js';
import { OutboxWorker } from '../src/modules/notifications/outbox-worker.js';
import { pay, seedProduct } from './support/checkout-fixtures.js';
import { startSmtp } from './support/smtp.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

function mailConfig(overrides: Partial<MailConfig>): MailConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }).mail,
    from: 'Tee & Co <shop@tees.example>',
    shopName: 'Tee & Co',
    workerEnabled: false,
    retryBaseMs: 60_000,
    ...overrides,
  };
}

describe('the shop e-mail on the admin dashboard (e2e, real SMTP server)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
  });

  async function shop(mail: Partial<MailConfig>): Promise<TestApp> {
    const t = await createTestApp({ mail: mailConfig(mail) });
    cleanups.push(() => t.close());
    return t;
  }

  const status = async (t: TestApp, admin: { token: string; user: { _id: string } }): Promise<MailStatus> =>
    (
      await request(t.http)
        .get(api(ApiRoute.mailStatus, { userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200)
    ).body as MailStatus;

  const sendTest = (t: TestApp, admin: { token: string; user: { _id: string } }, body: object = {}) =>
    request(t.http)
      .post(api(ApiRoute.mailTest, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send(body);

  it("sends a test mail at once and reports the server's answer; the mail has a text and an HTML part with the shop's name", async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url });
    const admin = await signedInUser(t, Role.Admin);

    const own = (await sendTest(t, admin).expect(200)).body as MailTestResult;
    expect(own).toEqual({ sent: true, to: admin.user.email, answer: expect.stringMatching(/^250 /) });
    const other = (await sendTest(t, admin, { to: 'ops@tees.example' }).expect(200)).body as MailTestResult;
    expect(other).toMatchObject({ sent: true, to: 'ops@tees.example' });

    expect(smtp.received.map((mail) => mail.to)).toEqual([[admin.user.email], ['ops@tees.example']]);
    const [mail] = smtp.received;
    expect(mail.raw).toMatch(/^Subject: Test e-mail from Tee & Co$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(mail.text).toContain('<h1 style="font-size:20px;margin:0 0 16px">Tee &amp; Co</h1>');
    expect(mail.text).toContain('This is a test e-mail from your shop.');
    // Not queued: the outbox holds nothing for it.
    expect((await status(t, admin)).counts).toEqual({ waiting: 0, failing: 0, rejected: 0, sentLastDay: 0 });
  });

  it('reports a refusal and an unreachable server as the answer, with sent false', async () => {
    const smtp = await startSmtp({ refuse: () => ({ code: 550, message: 'No such mailbox here' }) });
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url });
    const admin = await signedInUser(t, Role.Admin);
    const refused = (await sendTest(t, admin).expect(200)).body as MailTestResult;
    expect(refused).toEqual({ sent: false, to: admin.user.email, answer: expect.stringContaining('550 No such mailbox here') });

    const down = await shop({ smtpUrl: 'smtp://127.0.0.1:9' });
    const downAdmin = await signedInUser(down, Role.Admin);
    const unreachable = (await sendTest(down, downAdmin).expect(200)).body as MailTestResult;
    expect(unreachable).toMatchObject({ sent: false, answer: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('writes the test mail to the outbox folder when there is no mail server, and says where', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mail-admin-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const t = await shop({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox') });
    const admin = await signedInUser(t, Role.Admin);
    const result = (await sendTest(t, admin).expect(200)).body as MailTestResult;
    expect(result.sent).toBe(true);
    const file = /^Written to (.+\.eml)$/.exec(result.answer)?.[1];
    expect(file).toBeDefined();
    expect(await readFile(file!, 'utf8')).toContain('Subject: Test e-mail from Tee & Co');
    expect((await status(t, admin)).transport).toContain(path.join(dir, 'outbox'));
  });

  it('shows the backlog: a failing mail with its error and next attempt, then a refused one, then sent ones', async () => {
    let refuse: { code: number; message: string } | undefined = { code: 451, message: 'Try again later' };
    const smtp = await startSmtp({ refuse: () => refuse });
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url });
    const admin = await signedInUser(t, Role.Admin);
    const buyer = await signedInUser(t);
    // The sign-up's mail (the link to confirm the address) is not part of the backlog this test follows.
    await t.dataSource.query(`DELETE FROM mail_outbox WHERE kind = 'verify-email'`);
    const tee = await seedProduct(t, { name: 'Backlog Tee', price: 10, stock: 10 });
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: tee, count: 1 }] }).expect(200);

    expect((await status(t, admin)).counts).toEqual({ waiting: 1, failing: 0, rejected: 0, sentLastDay: 0 });
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 0, failed: 1, rejected: 0 });
    const failing = await status(t, admin);
    expect(failing.transport).toMatch(/^e-mails go out over smtp via 127\.0\.0\.1:\d+$/);
    expect(failing.counts).toEqual({ waiting: 0, failing: 1, rejected: 0, sentLastDay: 0 });
    expect(failing.problems).toEqual([
      {
        _id: expect.any(String),
        kind: 'order-confirmation',
        recipient: buyer.user.email,
        subject: expect.stringMatching(/^Your order #\d+ is confirmed$/),
        attempts: 1,
        lastError: expect.stringContaining('451 Try again later'),
        createdAt: expect.any(String),
        nextAttemptAt: expect.any(String),
        rejected: false,
      },
    ]);
    expect(Date.parse(failing.problems[0].nextAttemptAt!)).toBeGreaterThan(Date.now() + 30_000);

    // Due again now, refused for good this time.
    await t.dataSource.query(`UPDATE mail_outbox SET next_attempt_at = now()`);
    refuse = { code: 550, message: 'Mailbox unavailable' };
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 0, failed: 0, rejected: 1 });
    const rejected = await status(t, admin);
    expect(rejected.counts).toEqual({ waiting: 0, failing: 0, rejected: 1, sentLastDay: 0 });
    expect(rejected.problems).toEqual([
      expect.objectContaining({
        attempts: 2,
        rejected: true,
        nextAttemptAt: null,
        lastError: expect.stringContaining('550 Mailbox unavailable'),
      }),
    ]);

    refuse = undefined;
    await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: tee, count: 1 }] }).expect(200);
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 1, failed: 0, rejected: 0 });
    expect((await status(t, admin)).counts).toEqual({ waiting: 0, failing: 0, rejected: 1, sentLastDay: 1 });
    // The order mail over SMTP has the HTML part too, signed with the shop's name.
    expect(smtp.received[0].text).toContain('Tee &amp; Co</h1>');
    expect(smtp.received[0].text).toMatch(/^Tee & Co$/m);
  });

  it('is for admins only, and refuses a bad address with the field named', async () => {
    const t = await shop({});
    const customer = await signedInUser(t);
    await request(t.http)
      .get(api(ApiRoute.mailStatus, { userId: customer.user._id }))
      .set('Authorization', `Bearer ${customer.token}`)
      .expect(403);
    await sendTest(t, customer).expect(403);
    await request(t.http)
      .get(api(ApiRoute.mailStatus, { userId: customer.user._id }))
      .expect(401);
    const admin = await signedInUser(t, Role.Admin);
    const bad = await sendTest(t, admin, { to: 'not an address' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('To must be a valid email address') });
  });
});
