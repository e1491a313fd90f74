import {
  ApiRoute,
  type Category,
  type Product,
  type ProductStockAlerts,
  type ProductVariant,
  Role,
  type Session,
  STOCK_ALERT_CHECK_INBOX,
  STOCK_ALERT_CONFIRMED,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_LINK_INVALID,
  STOCK_ALERT_MAILS_PER_HOUR,
  STOCK_ALERT_SAVED,
  STOCK_ALERT_UNKNOWN_VARIANT,
  STOCK_ALERT_UNSUBSCRIBED,
} from '@store/contract';
import request from 'supertest';
import { loadConfig } from '../src/config/env.js';
import { OutboxWorker } from '../src/modules/notifications/outbox-worker.js';
import { StockAlertPass, StockAlertsService } from '../src/modules/stock-alerts/index.js';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { pay } from './support/checkout-fixtures.js';
import { startSmtp } from './support/smtp.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

const SHOP = 'https://shop.example';
const SIZES = ['S', 'M', 'L'];

interface QueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
}

/** Back-in-stock alerts end to end on a real Postgres: asking, confirming, the notify pass on every replica, unsubscribing. */
describe('back-in-stock alerts (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let calls: ReturnType<typeof productCalls>;
  let shirts: Category;
  let counter = 0;

  beforeAll(async () => {
    // The pass runs on its own here (the change feed and a timer), as in production; the outbox worker stays off.
    t = await createTestApp({ publicUrl: SHOP, stockAlerts: { ...loadConfig({ NODE_ENV: 'test' }).stockAlerts, passMs: 60_000 } });
    admin = await signedInUser(t, Role.Admin);
    calls = productCalls(t, () => admin);
    shirts = await calls.category('Alert Shirts');
  });
  afterAll(() => t.close());

  const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.com`;
  const options = JSON.stringify([{ name: 'Size', values: SIZES.map((value) => ({ value })) }]);
  const sized = (stock: Record<string, number>) => SIZES.map((size) => ({ options: [size], stock: stock[size] ?? 0 }));
  const createProduct = async (name: string, stock: Record<string, number>): Promise<Product> => {
    const { stock: _stock, ...form } = productForm(shirts, { name: `${name} ${++counter}`, price: '20' });
    return calls.created({ ...form, options, variants: JSON.stringify(sized(stock)) });
  };
  const variantOf = (product: Product, size: string): ProductVariant => product.variants!.find((v) => v.options[0] === size)!;
  /** The admin's edit of the product's stock (every variant listed, as the form sends them). */
  const restock = (product: Product, stock: Record<string, number>) =>
    calls.update(product._id, { options, variants: JSON.stringify(sized(stock)) }).expect(200);

  const ask = (body: Record<string, unknown>) => request(t.http).post(`/api${ApiRoute.stockAlerts}`).send(body);
  const askSignedIn = (session: Session, body: Record<string, unknown>) =>
    request(t.http)
      .post(api(ApiRoute.stockAlertsOfUser, { userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .send(body);
  const confirm = (token: unknown) => request(t.http).post(`/api${ApiRoute.stockAlertConfirm}`).send({ token });
  const unsubscribe = (token: unknown) => request(t.http).post(`/api${ApiRoute.stockAlertUnsubscribe}`).send({ token });
  const waiting = (session: Session, productId: string) =>
    request(t.http)
      .get(api(ApiRoute.stockAlertsOfProduct, { productId, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`);

  const mailsTo = async (email: string, kind?: string): Promise<QueuedMail[]> =>
    (await t.dataSource.query(
      `SELECT kind, recipient, subject, text_body FROM mail_outbox WHERE recipient = $1 AND ($2::text IS NULL OR kind = $2)
       ORDER BY next_attempt_at, created_at`,
      [email, kind ?? null],
    )) as QueuedMail[];
  /** The back-in-stock mails to these addresses, in the order the outbox will send them. */
  const backInStock = async (emails: string[]): Promise<QueuedMail[]> =>
    (await t.dataSource.query(
      `SELECT kind, recipient, subject, text_body FROM mail_outbox WHERE kind = 'back-in-stock' AND recipient = ANY($1::text[])
       ORDER BY next_attempt_at`,
      [emails],
    )) as QueuedMail[];
  const linkIn = (mail: QueuedMail, page: 'confirm' | 'unsubscribe'): string => {
    const match = new RegExp(`^.*${SHOP.replace(/\./g, '\\.')}/stock-alerts/${page}\\?token=([A-Za-z0-9_-]{43})$`, 'm').exec(
      mail.text_body,
    );
    if (!match) throw new Error(`no ${page} link in: ${mail.text_body}`);
    return match[1];
  };
  /** An address asks and follows its confirmation link. */
  const subscribed = async (variantId: number, email = address('shopper')): Promise<string> => {
    await ask({ variantId, email }).expect(202);
    const [mail] = await mailsTo(email, 'stock-alert-confirm');
    await confirm(linkIn(mail, 'confirm')).expect(200);
    return email;
  };
  async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Waits until the pass has mailed `count` of these addresses, then a little longer, then answers what is queued. */
  const mailed = async (emails: string[], count = emails.length): Promise<QueuedMail[]> => {
    await until(async () => ((await backInStock(emails)).length >= count ? true : undefined));
    // Another pass (the timer, a late notification, another replica) must add nothing.
    await t.app.get(StockAlertPass).runOnce();
    return backInStock(emails);
  };

  describe('asking', () => {
    it('mails a confirmation link (hash stored only) to an address that asks, and answers the same when asked again', async () => {
      const product = await createProduct('Ask Tee', { S: 3 });
      const m = variantOf(product, 'M');
      const email = address('asker');
      expect((await ask({ variantId: m._id, email: `  ${email.toUpperCase()} ` }).expect(202)).body).toEqual({
        message: STOCK_ALERT_CHECK_INBOX,
      });
      const [mail] = await mailsTo(email, 'stock-alert-confirm');
      expect(mail.subject).toBe('Confirm your back-in-stock alert at The T-shirt Store');
      expect(mail.text_body).toContain(`"${product.name}" in M is back in stock`);
      expect(mail.text_body).toContain(`The item: ${SHOP}/product/${product._id}?size=M`);
      const token = linkIn(mail, 'confirm');
      linkIn(mail, 'unsubscribe');
      const stored = (await t.dataSource.query(
        `SELECT encode(confirm_token_hash, 'hex') AS c, encode(unsubscribe_token_hash, 'hex') AS u, confirmed_at FROM stock_alerts WHERE email = $1`,
        [email],
      )) as { c: string; u: string; confirmed_at: Date | null }[];
      expect(stored).toHaveLength(1);
      expect(stored[0].confirmed_at).toBeNull();
      expect(`${stored[0].c}${stored[0].u}`).not.toContain(Buffer.from(token).toString('hex'));

      // Asked again before confirming: a new link, still one alert; the first link no longer works.
      expect((await ask({ variantId: m._id, email }).expect(202)).body).toEqual({ message: STOCK_ALERT_CHECK_INBOX });
      const mails = await mailsTo(email, 'stock-alert-confirm');
      expect(mails).toHaveLength(2);
      await confirm(token).expect(400);
      const confirmed = await confirm(linkIn(mails[1], 'confirm')).expect(200);
      expect(confirmed.body).toEqual({
        message: STOCK_ALERT_CONFIRMED,
        productId: product._id,
        productName: product.name,
        variantId: m._id,
        variantLabel: 'M',
      });
      // Used: a second follow of the same link is refused with a field-level message.
      expect((await confirm(linkIn(mails[1], 'confirm')).expect(400)).body).toEqual({
        error: STOCK_ALERT_LINK_INVALID,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'token', message: STOCK_ALERT_LINK_INVALID }],
      });
      // Confirmed already: asking again answers the same and mails nothing.
      await ask({ variantId: m._id, email }).expect(202);
      expect(await mailsTo(email, 'stock-alert-confirm')).toHaveLength(2);
      expect(await t.app.get(StockAlertsService).waitingCounts([m._id])).toEqual(new Map([[m._id, 1]]));
    });

    it('confirms a signed-in shopper at once with their account address, and mails them nothing yet', async () => {
      const product = await createProduct('Member Tee', { S: 1 });
      const l = variantOf(product, 'L');
      const shopper = await signedInUser(t);
      expect((await askSignedIn(shopper, { variantId: l._id }).expect(201)).body).toEqual({ message: STOCK_ALERT_SAVED });
      await askSignedIn(shopper, { variantId: l._id }).expect(201);
      const rows = (await t.dataSource.query(`SELECT user_id, confirmed_at FROM stock_alerts WHERE email = $1`, [shopper.user.email])) as {
        user_id: string;
        confirmed_at: Date | null;
      }[];
      expect(rows).toEqual([{ user_id: shopper.user._id, confirmed_at: expect.any(Date) }]);
      expect(await mailsTo(shopper.user.email, 'stock-alert-confirm')).toEqual([]);
      expect(await mailsTo(shopper.user.email, 'back-in-stock')).toEqual([]);
      // Someone else's path: 403; no token: 401.
      const other = await signedInUser(t);
      await request(t.http)
        .post(api(ApiRoute.stockAlertsOfUser, { userId: shopper.user._id }))
        .set('Authorization', `Bearer ${other.token}`)
        .send({ variantId: l._id })
        .expect(403);
      await request(t.http)
        .post(api(ApiRoute.stockAlertsOfUser, { userId: shopper.user._id }))
        .send({ variantId: l._id })
        .expect(401);
    });

    it('refuses bad input with a field-level message, an in-stock or unknown variant, and floods of one address', async () => {
      const product = await createProduct('Refused Tee', { S: 2 });
      const s = variantOf(product, 'S');
      const m = variantOf(product, 'M');
      expect((await ask({ variantId: m._id }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'email', message: expect.stringMatching(/^Email must/) }],
      });
      expect((await ask({ variantId: m._id, email: 'not an address' }).expect(400)).body.details).toEqual([
        { field: 'email', message: 'Email must be a valid email address' },
      ]);
      expect((await ask({ variantId: 'M', email: address('bad') }).expect(400)).body.details).toEqual([
        { field: 'variantId', message: 'Variant must be chosen' },
      ]);
      expect((await ask({ variantId: m._id, email: address('bad'), role: 1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await ask({ variantId: s._id, email: address('bad') }).expect(409)).body).toEqual({
        error: STOCK_ALERT_IN_STOCK,
        code: 'CONFLICT',
        details: [{ field: 'variantId', message: STOCK_ALERT_IN_STOCK }],
      });
      expect((await ask({ variantId: 2_000_000_000, email: address('bad') }).expect(404)).body.error).toBe(STOCK_ALERT_UNKNOWN_VARIANT);
      expect((await confirm('not-a-token').expect(400)).body.details).toEqual([
        { field: 'token', message: 'Token is not a stock alert token' },
      ]);
      expect((await unsubscribe('A'.repeat(43)).expect(400)).body.error).toBe(STOCK_ALERT_LINK_INVALID);
      // Nothing was stored for any of them.
      expect(
        (await t.dataSource.query(`SELECT count(*)::int AS n FROM stock_alerts WHERE variant_id = ANY($1::int[])`, [[s._id, m._id]]))[0].n,
      ).toBe(0);

      // One address, many asks: at most a few mails an hour, the same answer every time.
      const email = address('flood');
      for (let i = 0; i < STOCK_ALERT_MAILS_PER_HOUR + 3; i += 1) await ask({ variantId: m._id, email }).expect(202);
      expect(await mailsTo(email, 'stock-alert-confirm')).toHaveLength(STOCK_ALERT_MAILS_PER_HOUR);
    });

    it('shows staff the waiting count per variant (confirmed alerts only), and no one else', async () => {
      const product = await createProduct('Counted Tee', { S: 4 });
      const [m, l] = [variantOf(product, 'M'), variantOf(product, 'L')];
      await subscribed(m._id);
      await subscribed(m._id);
      await subscribed(l._id);
      await ask({ variantId: l._id, email: address('unconfirmed') }).expect(202);
      const body = (await waiting(admin, product._id).expect(200)).body as ProductStockAlerts;
      expect(body).toEqual({
        productId: product._id,
        waiting: 3,
        variants: [
          { variantId: variantOf(product, 'S')._id, sku: expect.any(String), label: 'S', stock: 4, waiting: 0 },
          { variantId: m._id, sku: expect.any(String), label: 'M', stock: 0, waiting: 2 },
          { variantId: l._id, sku: expect.any(String), label: 'L', stock: 0, waiting: 1 },
        ],
      });
      expect(await t.app.get(StockAlertsService).waitingCounts([m._id, l._id])).toEqual(
        new Map([
          [m._id, 2],
          [l._id, 1],
        ]),
      );
      await waiting(await signedInUser(t), product._id).expect(403);
      await request(t.http)
        .get(api(ApiRoute.stockAlertsOfProduct, { productId: product._id, userId: admin.user._id }))
        .expect(401);
      await waiting(admin, '00000000-0000-4000-8000-000000000000').expect(404);
      await waiting(admin, 'nope').expect(400);
    });
  });

  describe('when stock comes back', () => {
    it("by the admin's edit: one mail to each confirmed alert, oldest first, never to the unconfirmed or unsubscribed", async () => {
      const product = await createProduct('Edited Tee', { S: 5 });
      const m = variantOf(product, 'M');
      const first = await subscribed(m._id);
      const shopper = await signedInUser(t);
      await askSignedIn(shopper, { variantId: m._id }).expect(201);
      const third = await subscribed(m._id);
      const leaving = await subscribed(m._id);
      const unconfirmed = address('unconfirmed');
      await ask({ variantId: m._id, email: unconfirmed }).expect(202);
      await unsubscribe(linkIn((await mailsTo(leaving, 'stock-alert-confirm'))[0], 'unsubscribe')).expect(200);
      // Nothing is mailed while the variant is sold out, however often the pass runs.
      expect(await t.app.get(StockAlertPass).runOnce()).toBe(0);

      await restock(product, { S: 5, M: 1 });
      const mails = await mailed([first, shopper.user.email, third, leaving, unconfirmed], 3);
      expect(mails.map((mail) => mail.recipient)).toEqual([first, shopper.user.email, third]);
      const [mail] = mails;
      expect(mail.subject).toBe(`Back in stock: ${product.name} (M)`);
      expect(mail.text_body).toContain(`Good news: "${product.name}" in M is back in stock. Order it here:`);
      expect(mail.text_body).toContain(`${SHOP}/product/${product._id}?size=M`);
      // The mail's own unsubscribe link works (and keeps working); the alert is done either way.
      const token = linkIn(mail, 'unsubscribe');
      expect((await unsubscribe(token).expect(200)).body).toEqual({
        message: STOCK_ALERT_UNSUBSCRIBED,
        productId: product._id,
        productName: product.name,
        variantId: m._id,
        variantLabel: 'M',
      });
      await unsubscribe(token).expect(200);
      expect((await waiting(admin, product._id).expect(200)).body.waiting).toBe(0);

      // Sold out and back again: those mailed already are not mailed twice; a new alert is.
      await restock(product, { S: 5, M: 0 });
      const late = await subscribed(m._id);
      await restock(product, { S: 5, M: 3 });
      expect((await mailed([first, shopper.user.email, third, late], 4)).map((x) => x.recipient)).toEqual([
        first,
        shopper.user.email,
        third,
        late,
      ]);
    });

    it("by an order's cancel: the stock it returns mails the variant's alerts once", async () => {
      const product = await createProduct('Cancelled Tee', { L: 1 });
      const l = variantOf(product, 'L');
      const buyer = await signedInUser(t);
      const paid = await pay(t, buyer, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 20,
        products: [{ _id: product._id, count: 1, variant: l._id }],
      }).expect(200);
      const emails = [await subscribed(l._id), await subscribed(l._id)];
      await request(t.http)
        .put(api(ApiRoute.orderStatus, { orderId: paid.body.order._id as string, userId: admin.user._id }))
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ status: 'Cancelled' })
        .expect(200);
      expect((await mailed(emails)).map((mail) => mail.recipient)).toEqual(emails);
    });

    it('mails each alert exactly once with two replicas passing at the same time, and delivers it as text and HTML', async () => {
      const product = await createProduct('Raced Tee', { S: 1 });
      const m = variantOf(product, 'M');
      // More alerts than one claim takes, so both replicas' passes go round several times over the same rows.
      const emails = Array.from({ length: 80 }, (_, i) => `racer-${i}-${Date.now()}@example.com`);
      await t.dataSource.query(
        `INSERT INTO stock_alerts (variant_id, email, confirmed_at, unsubscribe_token_hash, created_at)
         SELECT $1, e, now(), sha256(e::bytea), clock_timestamp() FROM unnest($2::text[]) WITH ORDINALITY AS x (e, n) ORDER BY n`,
        [m._id, emails],
      );
      const smtp = await startSmtp();
      const replica = (passEnabled: boolean) =>
        createTestApp(
          {
            publicUrl: SHOP,
            stockAlerts: { ...t.config.stockAlerts, passEnabled },
            mail: { ...t.config.mail, smtpUrl: smtp.url, from: 'T-shirt Store <shop@tees.example>' },
          },
          t.db,
        );
      const [a, b] = await Promise.all([replica(false), replica(false)]);
      try {
        await t.dataSource.query(`UPDATE product_variants SET stock = 2 WHERE id = $1`, [m._id]);
        const runs = await Promise.all([
          a.app.get(StockAlertPass).runOnce(),
          b.app.get(StockAlertPass).runOnce(),
          a.app.get(StockAlertPass).runOnce(),
        ]);
        // `t` hears the change too and may take part: together, every alert exactly once.
        const mails = await mailed(emails);
        expect(mails).toHaveLength(emails.length);
        expect(new Set(mails.map((mail) => mail.recipient)).size).toBe(emails.length);
        expect(mails.map((mail) => mail.recipient)).toEqual(emails);
        expect(runs[0] + runs[1]).toBeLessThanOrEqual(emails.length);
        const notified = (await t.dataSource.query(
          `SELECT count(*)::int AS n FROM stock_alerts WHERE variant_id = $1 AND notified_at IS NOT NULL`,
          [m._id],
        )) as { n: number }[];
        expect(notified[0].n).toBe(emails.length);

        // The outbox sends them: plain text and HTML, the links clickable in the HTML part.
        await Promise.all([a.app.get(OutboxWorker).runOnce(), b.app.get(OutboxWorker).runOnce()]);
        const received = smtp.received.filter((mail) => emails.includes(mail.to[0]));
        expect(received).toHaveLength(emails.length);
        const one = received.find((mail) => mail.to[0] === emails[0])!;
        expect(one.text).toMatch(new RegExp(`^Subject: Back in stock: ${product.name} \\(M\\)$`, 'm'));
        expect(one.text).toContain('Content-Type: text/plain');
        expect(one.text).toContain('Content-Type: text/html');
        expect(one.text).toContain(`<a href="${SHOP}/product/${product._id}?size=M">`);
        expect(one.text).toMatch(/<a href="https:\/\/shop\.example\/stock-alerts\/unsubscribe\?token=[A-Za-z0-9_-]{43}">/);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await smtp.close();
      }
      // Two more app instances to start and 80 mails to send over SMTP: far longer than one request's test.
    }, 120_000);
  });
});
