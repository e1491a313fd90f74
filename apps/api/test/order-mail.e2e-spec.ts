import { jest } from '@jest/globals';
import { ApiRoute, type Order, Role, type Session } from '@store/contract';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig, type MailConfig } from '../src/config/env.js';
import { StoreMetrics } from '../src/modules/metrics/store-metrics.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { OutboxWorker } from '../src/modules/notifications/outbox-worker.js';
import type { MailDraft } from '../src/modules/notifications/mail-draft.js';
import { orderMails } from '../src/modules/notifications/order-mails.js';
import { pay, seedProduct, SHIPPING_ADDRESS } from './support/checkout-fixtures.js';
import { decodeQuotedPrintable, startSmtp } from './support/smtp.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

function mailConfig(overrides: Partial<MailConfig>): MailConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }).mail,
    from: 'T-shirt Store <shop@tees.example>',
    workerEnabled: false,
    retryBaseMs: 200,
    pollMs: 50,
    ...overrides,
  };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface OutboxRow {
  kind: string;
  recipient: string;
  attempts: number;
  sent: boolean;
  rejected: boolean;
  last_error: string | null;
}

/** The order number the mails show: the shop's sequence number, as `#1042`. */
const numberOf = async (t: TestApp, orderId: string): Promise<string> => {
  const [{ number }] = (await t.dataSource.query(`SELECT number::int AS number FROM orders WHERE id = $1`, [orderId])) as {
    number: number;
  }[];
  return `#${number}`;
};

const outboxOf = async (t: TestApp, orderId: string): Promise<OutboxRow[]> =>
  (await t.dataSource.query(
    `SELECT kind, recipient, attempts, sent_at IS NOT NULL AS sent, rejected_at IS NOT NULL AS rejected, last_error
     FROM mail_outbox WHERE order_id = $1 ORDER BY kind`,
    [orderId],
  )) as OutboxRow[];

const outboxMetric = async (t: TestApp): Promise<Record<string, number>> => {
  const metric = await t.app.get(StoreMetrics).registry.getSingleMetric('store_outbox_mails_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.result), v.value]));
};

describe('order confirmation e-mails through the outbox (e2e, real SMTP server)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
  });

  async function shop(mail: Partial<MailConfig>, shared?: TestApp) {
    const t = await createTestApp({ mail: mailConfig(mail) }, shared?.db);
    cleanups.push(() => t.close());
    return t;
  }

  /** A signed-in buyer whose sign-up mail (the link to confirm the address) is gone: these tests count order mails. */
  async function signedInBuyer(t: TestApp) {
    const session = await signedInUser(t);
    await t.dataSource.query(`DELETE FROM mail_outbox WHERE kind = 'verify-email' AND recipient = $1`, [session.user.email]);
    return session;
  }

  async function buyer(t: TestApp) {
    const session = await signedInBuyer(t);
    const tee = await seedProduct(t, { name: `Mail Tee ${Math.random().toString(36).slice(2, 8)}`, price: 12.5, stock: 100 });
    const mug = await seedProduct(t, { name: `Mail Mug ${Math.random().toString(36).slice(2, 8)}`, price: 4, stock: 100 });
    const buy = async (): Promise<string> => {
      const response = await pay(t, session, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 12.5 * 2 + 4,
        products: [
          { _id: tee, count: 2 },
          { _id: mug, count: 1 },
        ],
      }).expect(200);
      return response.body.order._id as string;
    };
    return { session, buy };
  }

  it('queues the confirmation and the shop notice with the order, and the worker delivers them over SMTP', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url, shopEmail: 'orders@tees.example' });
    const { session, buy } = await buyer(t);

    const orderId = await buy();
    // Written by the checkout's own transaction, before any worker ran.
    expect(await outboxOf(t, orderId)).toEqual([
      { kind: 'order-confirmation', recipient: session.user.email, attempts: 0, sent: false, rejected: false, last_error: null },
      { kind: 'shop-order-notice', recipient: 'orders@tees.example', attempts: 0, sent: false, rejected: false, last_error: null },
    ]);

    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 2, failed: 0, rejected: 0 });
    expect(smtp.received).toHaveLength(2);
    const confirmation = smtp.received.find((m) => m.to.includes(session.user.email))!;
    const notice = smtp.received.find((m) => m.to.includes('orders@tees.example'))!;
    const number = await numberOf(t, orderId);
    expect(number).toMatch(/^#\d+$/);
    expect(confirmation.text).toMatch(new RegExp(`^Subject: Your order ${number} is confirmed$`, 'm'));
    expect(confirmation.text).toMatch(/^From: "T-shirt Store" <shop@tees\.example>$/m);
    expect(confirmation.text).toContain(`Order number: ${number}`);
    expect(confirmation.text).toMatch(/- Mail Tee \w+ x 2 @ \$12\.50 = \$25\.00/);
    expect(confirmation.text).toMatch(/- Mail Mug \w+ x 1 @ \$4\.00 = \$4\.00/);
    expect(confirmation.text).toContain('Total: $29.00');
    expect(notice.text).toMatch(new RegExp(`^Subject: New order ${number}: \\$29\\.00 from ${session.user.name}$`, 'm'));
    expect(notice.text).toContain(`<${session.user.email}>`);
    expect(notice.text).toContain('Total: $29.00');
    expect((await outboxOf(t, orderId)).map((row) => [row.kind, row.sent, row.attempts])).toEqual([
      ['order-confirmation', true, 1],
      ['shop-order-notice', true, 1],
    ]);
    // Nothing is sent twice: a second pass finds nothing due.
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 0, failed: 0, rejected: 0 });
    expect(smtp.received).toHaveLength(2);
    expect(await outboxMetric(t)).toEqual(expect.objectContaining({ sent: 2 }));
  });

  it('composes the mails from the order as the checkout wrote it exactly as from the order read back', async () => {
    const t = await shop({ shopEmail: 'orders@tees.example' });
    const session = await signedInBuyer(t);
    const tee = await seedProduct(t, { name: 'Parity Tee', price: 12.5, stock: 10 });
    const paid = await pay(t, session, {
      paymentMethodNonce: 'fake-valid-nonce',
      amount: 25,
      products: [{ _id: tee, count: 2 }],
      shippingAddress: SHIPPING_ADDRESS,
    }).expect(200);
    const orderId = paid.body.order._id as string;
    // The order as every read of it answers (the sweeper's settlement composes its mails from this read).
    const order = (
      await request(t.http)
        .get(api(ApiRoute.order, { orderId, userId: session.user._id }))
        .set('Authorization', `Bearer ${session.token}`)
        .expect(200)
    ).body as Order;
    const queued = (await t.dataSource.query(
      `SELECT kind, recipient, subject, text_body AS text FROM mail_outbox WHERE order_id = $1 ORDER BY kind`,
      [orderId],
    )) as Array<Pick<MailDraft, 'kind' | 'recipient' | 'subject' | 'text'>>;
    const expected = orderMails(order, session.user.email, { email: 'orders@tees.example', name: t.config.mail.shopName });
    expect(queued).toEqual(expected.map(({ kind, recipient, subject, text }) => ({ kind, recipient, subject, text })));
    expect(queued[0].text).toContain('Shipping to:');
  });

  it("sends the confirmation to the buyer's address as it is when the order is paid; the notice names the one they paid with", async () => {
    const t = await shop({ shopEmail: 'orders@tees.example' });
    const session = await signedInBuyer(t);
    const tee = await seedProduct(t, { name: 'Moving Tee', price: 5, stock: 10 });
    const moved = `moved-${Math.random().toString(36).slice(2, 8)}@tees.example`;
    // The buyer's address changes while the card is being charged (between the reservation and the settlement).
    const gateway = t.app.get(PaymentGateway);
    const charge = gateway.charge.bind(gateway);
    jest.spyOn(gateway, 'charge').mockImplementationOnce(async (request) => {
      await t.dataSource.query(`UPDATE users SET email = $2 WHERE id = $1`, [session.user._id, moved]);
      return charge(request);
    });
    const paid = await pay(t, session, { paymentMethodNonce: 'fake-valid-nonce', amount: 5, products: [{ _id: tee, count: 1 }] }).expect(
      200,
    );
    const queued = (await t.dataSource.query(`SELECT kind, recipient, text_body FROM mail_outbox WHERE order_id = $1 ORDER BY kind`, [
      paid.body.order._id,
    ])) as Array<{ kind: string; recipient: string; text_body: string }>;
    expect(queued.map(({ kind, recipient }) => [kind, recipient])).toEqual([
      ['order-confirmation', moved],
      ['shop-order-notice', 'orders@tees.example'],
    ]);
    expect(queued[1].text_body).toContain(`<${session.user.email}>`);
  });

  it('queues no mail for a declined payment, and only the buyer mail without SHOP_EMAIL', async () => {
    const t = await shop({ smtpUrl: 'smtp://127.0.0.1:1' });
    const { buy } = await buyer(t);
    const orderId = await buy();
    expect((await outboxOf(t, orderId)).map((row) => row.kind)).toEqual(['order-confirmation']);

    const session = await signedInBuyer(t);
    const tee = await seedProduct(t, { name: 'Declined Tee', price: 2000, stock: 5 });
    await pay(t, session, { paymentMethodNonce: 'fake-valid-nonce', amount: 2000, products: [{ _id: tee, count: 1 }] }).expect(402);
    const [{ n }] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM mail_outbox`)) as { n: number }[];
    expect(n).toBe(1);
  });

  it('keeps the order Received while the mail server refuses, and delivers the mail once it accepts', async () => {
    // 421 on the first attempt, 451 on the second, accepted from the third on.
    const smtp = await startSmtp({
      refuse: (attempt) =>
        attempt === 1
          ? { code: 421, message: 'Service not available, try again later' }
          : attempt === 2
            ? { code: 451, message: 'Local error in processing, try again later' }
            : undefined,
    });
    cleanups.push(smtp.close);
    // The buyer signs up before any worker runs, so the sign-up's own mail is gone before the first attempt.
    const setup = await shop({ smtpUrl: smtp.url });
    const { session, buy } = await buyer(setup);
    const t = await shop({ smtpUrl: smtp.url, workerEnabled: true, retryBaseMs: 300, pollMs: 50 }, setup);

    const started = Date.now();
    const orderId = await buy();
    // The checkout answered without waiting for any mail: the order is Received and readable right away.
    const order = await request(t.http)
      .get(api(ApiRoute.order, { orderId, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .expect(200);
    expect((order.body as Order).status).toBe('Received');

    const failed = await until(async () => {
      const [row] = await outboxOf(t, orderId);
      return row.attempts >= 2 && row.last_error ? row : undefined;
    });
    expect(failed.sent).toBe(false);
    expect(failed.last_error).toMatch(/451|421/);

    const delivered = await until(() => smtp.received.find((m) => m.to.includes(session.user.email)));
    expect(delivered.text).toContain(`Order number: ${await numberOf(t, orderId)}`);
    // Backoff: 300 ms after the first failure, 600 ms after the second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const [row] = await until(async () => {
      const rows = await outboxOf(t, orderId);
      return rows[0].sent ? rows : undefined;
    });
    expect(row).toEqual(expect.objectContaining({ sent: true, attempts: 3 }));
    expect(smtp.attempts()).toBe(3);
    expect(await outboxMetric(t)).toEqual(expect.objectContaining({ sent: 1, failed: 2 }));
  });

  it('gives up on a mail the server refuses for good (5xx), keeping it for an operator', async () => {
    const smtp = await startSmtp({ refuse: () => ({ code: 550, message: 'No such user here' }) });
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url });
    const { buy } = await buyer(t);
    const orderId = await buy();
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 0, failed: 0, rejected: 1 });
    expect(await outboxOf(t, orderId)).toEqual([
      expect.objectContaining({ rejected: true, sent: false, last_error: expect.stringMatching(/550/) }),
    ]);
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 0, failed: 0, rejected: 0 });
    expect(smtp.attempts()).toBe(1);
  });

  it('never sends a mail twice when two replicas work the same outbox', async () => {
    const smtp = await startSmtp({ delayMs: 15 });
    cleanups.push(smtp.close);
    const a = await shop({ smtpUrl: smtp.url, shopEmail: 'orders@tees.example' });
    const b = await shop({ smtpUrl: smtp.url, shopEmail: 'orders@tees.example' }, a);
    const { buy } = await buyer(a);
    const orders: string[] = [];
    for (let i = 0; i < 15; i += 1) orders.push(await buy());

    const [runA, runB] = await Promise.all([a.app.get(OutboxWorker).runOnce(), b.app.get(OutboxWorker).runOnce()]);
    expect(runA.sent + runB.sent).toBe(30);
    expect(runA.failed + runB.failed + runA.rejected + runB.rejected).toBe(0);
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(30);
    const [{ unsent }] = (await a.dataSource.query(`SELECT count(*)::int AS unsent FROM mail_outbox WHERE sent_at IS NULL`)) as {
      unsent: number;
    }[];
    expect(unsent).toBe(0);
  });

  it('sends a batch over SMTP_MAX_CONNECTIONS pooled connections, several mails at once', async () => {
    const smtp = await startSmtp({ delayMs: 40 });
    cleanups.push(smtp.close);
    const t = await shop({ smtpUrl: smtp.url, smtpMaxConnections: 3, shopEmail: 'orders@tees.example' });
    const { buy } = await buyer(t);
    for (let i = 0; i < 6; i += 1) await buy();

    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 12, failed: 0, rejected: 0 });
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
    // Twelve mails over at most three connections (one each, the old way, made twelve), three at a time.
    expect(smtp.connections()).toBeLessThanOrEqual(3);
    expect(smtp.maxInFlight()).toBe(3);
  });

  it('writes the mails as .eml files without SMTP_URL', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'store-outbox-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const t = await shop({ smtpUrl: undefined, outboxDir: path.join(dir, 'outbox'), shopEmail: 'orders@tees.example' });
    const { session, buy } = await buyer(t);
    const orderId = await buy();
    expect(await t.app.get(OutboxWorker).runOnce()).toEqual({ sent: 2, failed: 0, rejected: 0 });

    const files = (await readdir(path.join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/-order-confirmation-[0-9a-f-]{36}\.eml$/),
        expect.stringMatching(/-shop-order-notice-[0-9a-f-]{36}\.eml$/),
      ]),
    );
    const confirmation = decodeQuotedPrintable(
      await readFile(
        path.join(
          dir,
          'outbox',
          files.find((f) => f.includes('order-confirmation'))!,
        ),
        'utf8',
      ),
    );
    expect(confirmation).toMatch(new RegExp(`^To: ${session.user.email.replaceAll('.', '\\.')}$`, 'm'));
    expect(confirmation).toContain(`Order number: ${await numberOf(t, orderId)}`);
    expect(confirmation).toContain('Total: $29.00');
    expect((await outboxOf(t, orderId)).every((row) => row.sent)).toBe(true);
  });
});

describe('GET /order/{orderId}/user/{userId} (e2e)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, admin] = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t, Role.Admin)]);
    const tee = await seedProduct(t, { name: 'Receipt Tee', price: 15, stock: 10 });
    const paid = await pay(t, alice, { paymentMethodNonce: 'fake-valid-nonce', amount: 30, products: [{ _id: tee, count: 2 }] }).expect(
      200,
    );
    orderId = paid.body.order._id as string;
  });
  afterAll(() => t.close());

  const read = (session: Session, id: string, userId = session.user._id) =>
    request(t.http)
      .get(api(ApiRoute.order, { orderId: id, userId }))
      .set('Authorization', `Bearer ${session.token}`);

  it('answers the buyer their paid order', async () => {
    const response = await read(alice, orderId).expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        _id: orderId,
        user: { _id: alice.user._id, name: alice.user.name },
        products: [expect.objectContaining({ name: 'Receipt Tee', price: 15, count: 2 })],
        amount: 30,
        status: 'Received',
      }),
    );
  });

  it('lets an admin read any order', async () => {
    expect((await read(admin, orderId).expect(200)).body._id).toBe(orderId);
  });

  it('answers 404 for another buyer, exactly as for an order that does not exist', async () => {
    const other = await read(bob, orderId).expect(404);
    const missing = await read(bob, '00000000-0000-4000-8000-000000000000').expect(404);
    expect(other.body).toEqual(missing.body);
    expect(other.body).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
  });

  it('refuses a malformed id (400), another user path (403) and no token (401)', async () => {
    expect((await read(alice, 'not-an-id').expect(400)).body.code).toBe('VALIDATION_FAILED');
    await read(bob, orderId, alice.user._id).expect(403);
    await request(t.http)
      .get(api(ApiRoute.order, { orderId, userId: alice.user._id }))
      .expect(401);
  });

  it('does not show a failed checkout as an order', async () => {
    const tee = await seedProduct(t, { name: 'Declined Receipt Tee', price: 2000, stock: 1 });
    await pay(t, alice, { paymentMethodNonce: 'fake-valid-nonce', amount: 2000, products: [{ _id: tee, count: 1 }] }).expect(402);
    const [failed] = (await t.dataSource.query(`SELECT id FROM orders WHERE status = 'Failed'`)) as { id: string }[];
    await read(alice, failed.id).expect(404);
  });
});
