import {
  ACCOUNT_DELETE_STAFF,
  ACCOUNT_DELETED,
  ADDRESS_BOOK_MAX,
  type AddressBook,
  ApiRoute,
  EMAIL_CHANGE_REQUESTED,
  EMAIL_TAKEN,
  EMAIL_VERIFICATION_LINK_INVALID,
  EMAIL_VERIFICATION_MAILS_PER_HOUR,
  EMAIL_VERIFICATION_SENT,
  EMAIL_VERIFIED,
  type MyData,
  type OrderReturn,
  Role,
  type SavedAddress,
  type Session,
} from '@store/contract';
import request from 'supertest';
import { Accounts1764000400000 } from '../src/database/migrations/1764000400000-accounts.js';
import { loadConfig } from '../src/config/env.js';
import { AuthService } from '../src/modules/auth/auth.service.js';
import { paidOrder, SHIPPING_ADDRESS, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInAs, signedInUser, type TestApp } from './support/test-app.js';
import { inMigrationTransaction } from './support/test-database.js';

const LINK = /^https:\/\/shop\.example\/(verify-email|reset-password)\?token=([A-Za-z0-9_-]{43})$/m;

describe('accounts (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    // SHOP_EMAIL set: the shop's notice of an order names the buyer, so deleting the account must take it too.
    t = await createTestApp({
      publicUrl: 'https://shop.example',
      orderRetentionYears: 10,
      mail: { ...base.mail, workerEnabled: false, shopEmail: 'orders@shop.example' },
    });
  });
  afterAll(() => t.close());

  const as = (session: { token: string }) => signedInAs(t, session);
  const verify = (token: string) => request(t.http).post(`/api${ApiRoute.emailVerify}`).send({ token });
  const signin = (email: string, password: string) => request(t.http).post(`/api${ApiRoute.signin}`).send({ email, password });
  const mailsTo = async (email: string, kind: string) =>
    (await t.dataSource.query(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND kind = $2 ORDER BY created_at, id`, [
      email,
      kind,
    ])) as { subject: string; text_body: string }[];
  const lastToken = async (email: string, kind: string): Promise<string> => {
    const mails = await mailsTo(email, kind);
    const match = LINK.exec(mails[mails.length - 1]?.text_body ?? '');
    if (!match) throw new Error(`no ${kind} link mailed to ${email}`);
    return match[2];
  };
  const account = async (session: Session) =>
    (
      await as(session)
        .get(api(ApiRoute.account, { userId: session.user._id }))
        .expect(200)
    ).body;

  describe('e-mail verification', () => {
    it('mails a single-use link at sign-up; following it confirms the address, once', async () => {
      const user = await signedInUser(t);
      expect((await account(user)).emailVerified).toBe(false);
      const [mail] = await mailsTo(user.user.email, 'verify-email');
      expect(mail.subject).toBe('Confirm your e-mail address at The T-shirt Store');
      expect(mail.text_body).toContain('It works once, for 24 hours.');
      const token = await lastToken(user.user.email, 'verify-email');
      // Only the hash is stored.
      const stored = (await t.dataSource.query(`SELECT encode(token_hash, 'hex') AS h FROM account_tokens WHERE user_id = $1`, [
        user.user._id,
      ])) as { h: string }[];
      expect(stored.map((row) => row.h).join()).not.toContain(Buffer.from(token).toString('hex'));

      expect((await verify(token).expect(200)).body).toEqual({ message: EMAIL_VERIFIED });
      expect((await account(user)).emailVerified).toBe(true);
      expect((await verify(token).expect(400)).body).toEqual({
        error: EMAIL_VERIFICATION_LINK_INVALID,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'token', message: EMAIL_VERIFICATION_LINK_INVALID }],
      });
      // Confirmed already: "send again" has nothing to do.
      await as(user)
        .post(api(ApiRoute.emailVerification, { userId: user.user._id }))
        .expect(409);
    });

    it('refuses an expired link, an unknown one, a malformed one, and a password reset link', async () => {
      const user = await signedInUser(t);
      const token = await lastToken(user.user.email, 'verify-email');
      await t.dataSource.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.user._id]);
      expect((await verify(token).expect(400)).body.error).toBe(EMAIL_VERIFICATION_LINK_INVALID);
      await verify('A'.repeat(43)).expect(400);
      expect((await verify('nope').expect(400)).body.details).toEqual([
        { field: 'token', message: 'Token is not an e-mail verification token' },
      ]);
      await request(t.http).post(`/api${ApiRoute.passwordForgot}`).send({ email: user.user.email }).expect(202);
      await verify(await lastToken(user.user.email, 'password-reset')).expect(400);
      expect((await account(user)).emailVerified).toBe(false);
    });

    it(`"send again" mails a new link, at most ${EMAIL_VERIFICATION_MAILS_PER_HOUR} an hour (the sign-up's counted), then 429`, async () => {
      const user = await signedInUser(t);
      const resend = () => as(user).post(api(ApiRoute.emailVerification, { userId: user.user._id }));
      for (let i = 1; i < EMAIL_VERIFICATION_MAILS_PER_HOUR; i += 1) {
        expect((await resend().expect(202)).body).toEqual({ message: EMAIL_VERIFICATION_SENT });
      }
      const limited = await resend().expect(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(await mailsTo(user.user.email, 'verify-email')).toHaveLength(EMAIL_VERIFICATION_MAILS_PER_HOUR);
      // Any of the links works, once.
      await verify(await lastToken(user.user.email, 'verify-email')).expect(200);
      const other = await signedInUser(t);
      await as(other)
        .post(api(ApiRoute.emailVerification, { userId: user.user._id }))
        .expect(403);
    });

    it('promotion: ADMIN_EMAIL on an unconfirmed account ends its sessions and mails a set-password link; the link then confirms', async () => {
      const squatter = await signedInUser(t);
      await t.app.get(AuthService).ensureAdmin({ email: squatter.user.email, password: 'the operators password', name: 'Shop' });
      await as(squatter)
        .get(api(ApiRoute.account, { userId: squatter.user._id }))
        .expect(401);
      const [mail] = await mailsTo(squatter.user.email, 'set-password');
      expect(mail.subject).toBe('Choose your password at The T-shirt Store');
      const token = await lastToken(squatter.user.email, 'set-password');
      await request(t.http).post(`/api${ApiRoute.passwordReset}`).send({ token, password: 'the mailbox owners pass' }).expect(200);
      const owner = (await signin(squatter.user.email, 'the mailbox owners pass').expect(200)).body as Session;
      expect(owner.user).toMatchObject({ role: Role.Admin, staffRole: 'owner' });
      expect((await account(owner)).emailVerified).toBe(true);
    });

    it('promotion: an invitation link confirms the address; the database refuses staff without a confirmed one', async () => {
      const customer = await signedInUser(t);
      await expect(
        t.dataSource.query(`UPDATE users SET role = 1, staff_role = 'staff' WHERE id = $1`, [customer.user._id]),
      ).rejects.toThrow(/users_staff_verified/);
      const admin = await signedInUser(t, Role.Admin);
      await as(admin)
        .post(api(ApiRoute.staffInvite, { userId: admin.user._id }))
        .send({ email: customer.user.email, staffRole: 'staff' })
        .expect(201);
      const [invitation] = (await t.dataSource.query(
        `SELECT text_body FROM mail_outbox WHERE kind = 'staff-invitation' AND recipient = $1`,
        [customer.user.email],
      )) as { text_body: string }[];
      const token = /#([A-Za-z0-9_-]{43})/.exec(invitation.text_body)![1];
      await request(t.http)
        .post(`/api${ApiRoute.staffAccept}`)
        .send({ token, name: 'Now Staff', password: 'a staff passphrase' })
        .expect(201);
      const staff = (await signin(customer.user.email, 'a staff passphrase').expect(200)).body as Session;
      expect((await account(staff)).emailVerified).toBe(true);
    });
  });

  describe('changing the e-mail address', () => {
    it('needs the current password, mails the new address, moves on the link and tells the old address', async () => {
      const user = await signedInUser(t);
      const newEmail = `moved-${Date.now()}@example.com`;
      const change = (body: object) =>
        as(user)
          .post(api(ApiRoute.emailChange, { userId: user.user._id }))
          .send(body);
      expect((await change({ email: newEmail, currentPassword: 'wrong one' }).expect(400)).body.details).toEqual([
        { field: 'currentPassword', message: 'Current password is not right' },
      ]);
      expect((await change({ email: 'not an address', currentPassword: user.password }).expect(400)).body.details[0].field).toBe('email');
      expect((await change({ email: newEmail, currentPassword: user.password }).expect(202)).body).toEqual({
        message: EMAIL_CHANGE_REQUESTED,
      });
      expect((await account(user)).email).toBe(user.user.email);
      const [mail] = await mailsTo(newEmail, 'verify-email');
      expect(mail.subject).toBe('Confirm your new e-mail address at The T-shirt Store');
      // The old address's reset link stops working once the account moves.
      await request(t.http).post(`/api${ApiRoute.passwordForgot}`).send({ email: user.user.email }).expect(202);
      const resetAtOld = await lastToken(user.user.email, 'password-reset');

      await verify(await lastToken(newEmail, 'verify-email')).expect(200);
      expect(await account(user)).toMatchObject({ email: newEmail, emailVerified: true });
      const [notice] = await mailsTo(user.user.email, 'email-changed');
      expect(notice.text_body).toContain(`changed to ${newEmail}`);
      await request(t.http)
        .post(`/api${ApiRoute.passwordReset}`)
        .send({ token: resetAtOld, password: 'a takeover passphrase' })
        .expect(400);
      await signin(newEmail, user.password).expect(200);
      await signin(user.user.email, user.password).expect(401);
      // The old sign-up link, for an address the account no longer has, confirms nothing.
      await verify(await lastToken(user.user.email, 'verify-email')).expect(400);
    });

    it('answers the same for an address another account has, and refuses the move when the link is followed', async () => {
      const user = await signedInUser(t);
      const other = await signedInUser(t);
      await as(user)
        .post(api(ApiRoute.emailChange, { userId: user.user._id }))
        .send({ email: other.user.email, currentPassword: user.password })
        .expect(202);
      const conflict = await verify(await lastToken(other.user.email, 'verify-email')).expect(409);
      expect(conflict.body).toEqual({ error: EMAIL_TAKEN, code: 'CONFLICT' });
      expect((await account(user)).email).toBe(user.user.email);
    });
  });

  describe('account page', () => {
    it('renames the user, checking the name like sign-up does', async () => {
      const user = await signedInUser(t);
      const rename = (name: unknown) =>
        as(user)
          .put(api(ApiRoute.account, { userId: user.user._id }))
          .send({ name });
      expect((await rename('  Sam Renamed ').expect(200)).body).toMatchObject({ name: 'Sam Renamed', email: user.user.email });
      expect((await rename('x').expect(400)).body.details[0].field).toBe('name');
      expect((await account(user)).name).toBe('Sam Renamed');
    });

    it('keeps an address book: the first is the default, one default at most, offered in that order', async () => {
      const user = await signedInUser(t);
      const book = api(ApiRoute.addresses, { userId: user.user._id });
      const add = (body: object) => as(user).post(book).send(body);
      const home = (await add({ shippingAddress: SHIPPING_ADDRESS }).expect(201)).body as SavedAddress;
      expect(home.isDefault).toBe(true);
      const work = (await add({ shippingAddress: { ...SHIPPING_ADDRESS, line1: '9 Work Road', line2: '' } }).expect(201))
        .body as SavedAddress;
      expect(work).toMatchObject({ isDefault: false, shippingAddress: { line1: '9 Work Road' } });
      expect(work.shippingAddress).not.toHaveProperty('line2');
      const bad = await add({ shippingAddress: { ...SHIPPING_ADDRESS, country: 'XX' } }).expect(400);
      expect(bad.body.details[0].field).toBe('shippingAddress.country');

      await as(user)
        .put(api(ApiRoute.address, { userId: user.user._id, addressId: work._id }))
        .send({ shippingAddress: work.shippingAddress, isDefault: true })
        .expect(200);
      let list = (await as(user).get(book).expect(200)).body as AddressBook;
      expect(list.addresses.map((a) => [a._id, a.isDefault])).toEqual([
        [work._id, true],
        [home._id, false],
      ]);
      // Removing the default makes the oldest one left the default.
      await as(user)
        .delete(api(ApiRoute.address, { userId: user.user._id, addressId: work._id }))
        .expect(204);
      list = (await as(user).get(book).expect(200)).body as AddressBook;
      expect(list.addresses).toEqual([{ ...home, isDefault: true }]);

      // Another user can neither read nor change this book.
      const other = await signedInUser(t);
      await as(other).get(book).expect(403);
      await as(other)
        .delete(api(ApiRoute.address, { userId: other.user._id, addressId: home._id }))
        .expect(404);
    });

    it(`holds at most ${ADDRESS_BOOK_MAX} addresses, even when adds race`, async () => {
      const user = await signedInUser(t);
      const book = api(ApiRoute.addresses, { userId: user.user._id });
      const answers = await Promise.all(
        Array.from({ length: ADDRESS_BOOK_MAX + 3 }, (_, i) =>
          as(user)
            .post(book)
            .send({ shippingAddress: { ...SHIPPING_ADDRESS, line1: `${i} Race St` } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(ADDRESS_BOOK_MAX);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
      const list = (await as(user).get(book).expect(200)).body as AddressBook;
      expect(list.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    });

    it('keeps the last-address call of the original client working beside the book', async () => {
      const user = await signedInUser(t);
      const productId = await seedProduct(t, { name: 'Last Address Tee', price: 10, stock: 5 });
      await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 10,
        products: [{ _id: productId, count: 1 }],
        shippingAddress: SHIPPING_ADDRESS,
      } as never);
      const last = await as(user)
        .get(api(ApiRoute.lastAddress, { userId: user.user._id }))
        .expect(200);
      expect(last.body).toEqual({ address: SHIPPING_ADDRESS });
    });
  });

  describe('my data and deleting the account', () => {
    it('downloads everything the shop holds: profile, addresses, orders, audit entries', async () => {
      const user = await signedInUser(t);
      await as(user)
        .post(api(ApiRoute.addresses, { userId: user.user._id }))
        .send({ shippingAddress: SHIPPING_ADDRESS })
        .expect(201);
      const productId = await seedProduct(t, { name: 'My Data Tee', price: 12, stock: 5 });
      const { orderId } = await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 12,
        products: [{ _id: productId, count: 1 }],
        shippingAddress: SHIPPING_ADDRESS,
      } as never);
      const answer = await as(user)
        .get(api(ApiRoute.myData, { userId: user.user._id }))
        .expect(200);
      expect(answer.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
      expect(answer.headers['cache-control']).toBe('no-store');
      const data = answer.body as MyData;
      expect(data.profile).toMatchObject({ _id: user.user._id, email: user.user.email, name: user.user.name, emailVerified: false });
      expect(data.addresses).toEqual([expect.objectContaining({ shippingAddress: SHIPPING_ADDRESS, isDefault: true })]);
      expect(data.orders.map((o) => o._id)).toEqual([orderId]);
      expect(data.orders[0].shippingAddress).toEqual(SHIPPING_ADDRESS);
      expect(data.auditEntries).toEqual([]);

      const admin = await signedInUser(t, Role.Admin);
      await as(admin)
        .put(api(ApiRoute.orderStatus, { orderId, userId: admin.user._id }))
        .send({ status: 'Processing' })
        .expect(200);
      const adminData = (
        await as(admin)
          .get(api(ApiRoute.myData, { userId: admin.user._id }))
          .expect(200)
      ).body as MyData;
      expect(adminData.auditEntries).toEqual([
        expect.objectContaining({ action: 'order.status', entity: { type: 'order', _id: orderId } }),
      ]);
    });

    it("includes the user's back-in-stock alerts (by account and by address) and their orders' returns", async () => {
      const user = await signedInUser(t);
      const admin = await signedInUser(t, Role.Admin);
      const productId = await seedProduct(t, { name: 'Data Tee', price: 12, stock: 5 });
      const [{ id: variantId }] = (await t.dataSource.query(`SELECT id FROM product_variants WHERE product_id = $1`, [productId])) as {
        id: number;
      }[];
      const { orderId } = await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 12,
        products: [{ _id: productId, count: 1 }],
      } as never);
      for (const status of ['Processing', 'Shipped']) {
        await as(admin)
          .put(api(ApiRoute.orderStatus, { orderId, userId: admin.user._id }))
          .send({ status })
          .expect(200);
      }
      const asked = (
        await as(user)
          .post(api(ApiRoute.orderReturns, { orderId, userId: user.user._id }))
          .send({ kind: 'return', reason: 'too-big', lines: [{ variant: variantId, quantity: 1 }] })
          .expect(201)
      ).body as OrderReturn;
      // One alert asked for signed in, an older one left with the address (confirmed and mailed), and a stranger's;
      // the variant sold out, so the notify pass leaves them as they are.
      await t.dataSource.query(`UPDATE product_variants SET stock = 0 WHERE id = $1`, [variantId]);
      const email = user.user.email.toLowerCase();
      const alert = (address: string, userId: string | null, extra: string) =>
        t.dataSource.query(
          `INSERT INTO stock_alerts (variant_id, email, user_id, unsubscribe_token_hash, created_at, confirmed_at, notified_at)
           VALUES ($1, $2, $3, decode(md5(random()::text), 'hex'), ${extra})`,
          [variantId, address, userId],
        );
      await alert(email, user.user._id, `now(), now(), NULL`);
      await alert(email, null, `now() - interval '1 day', now() - interval '1 day', now() - interval '1 hour'`);
      await alert('someone.else@example.com', null, `now(), now(), NULL`);

      const data = (
        await as(user)
          .get(api(ApiRoute.myData, { userId: user.user._id }))
          .expect(200)
      ).body as MyData;
      expect(data.returns.map((r) => r._id)).toEqual([asked._id]);
      expect(data.returns[0]).toMatchObject({ order: { _id: orderId }, kind: 'return', status: 'requested' });
      const ofVariant = { productId, productName: 'Data Tee', variantId, variantLabel: '', email };
      expect(data.stockAlerts).toEqual([
        { ...ofVariant, createdAt: expect.any(String), confirmedAt: expect.any(String) },
        { ...ofVariant, createdAt: expect.any(String), confirmedAt: expect.any(String), notifiedAt: expect.any(String) },
      ]);
      // Someone without either has empty lists.
      const other = await signedInUser(t);
      expect(
        (
          await as(other)
            .get(api(ApiRoute.myData, { userId: other.user._id }))
            .expect(200)
        ).body,
      ).toMatchObject({ stockAlerts: [], returns: [] });
    });

    it('deletes the account with the password: signed out everywhere, data erased, orders kept anonymised, e-mail free again', async () => {
      const user = await signedInUser(t);
      const otherDevice = (await signin(user.user.email, user.password).expect(200)).body as Session;
      await as(user)
        .post(api(ApiRoute.addresses, { userId: user.user._id }))
        .send({ shippingAddress: SHIPPING_ADDRESS })
        .expect(201);
      const productId = await seedProduct(t, { name: 'Deleted Buyer Tee', price: 15, stock: 5 });
      const { orderId } = await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 15,
        products: [{ _id: productId, count: 1 }],
        shippingAddress: SHIPPING_ADDRESS,
      } as never);
      const remove = (password: string) =>
        as(user)
          .post(api(ApiRoute.accountDelete, { userId: user.user._id }))
          .send({ password });

      const noticeBefore = (await t.dataSource.query(
        `SELECT recipient FROM mail_outbox WHERE order_id = $1 AND kind = 'shop-order-notice'`,
        [orderId],
      )) as { recipient: string }[];
      expect(noticeBefore).toEqual([{ recipient: 'orders@shop.example' }]);
      expect((await remove('not my password').expect(400)).body.details).toEqual([{ field: 'password', message: 'Password is not right' }]);
      await as(user)
        .get(api(ApiRoute.account, { userId: user.user._id }))
        .expect(200);
      expect((await remove(user.password).expect(200)).body).toEqual({ message: ACCOUNT_DELETED });

      for (const session of [user, otherDevice])
        await as(session)
          .get(api(ApiRoute.account, { userId: user.user._id }))
          .expect(401);
      await signin(user.user.email, user.password).expect(401);
      const [personal] = (await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users, (SELECT count(*)::int FROM user_addresses WHERE user_id = $1) AS addresses,
                (SELECT count(*)::int FROM account_tokens WHERE user_id = $1) AS tokens, (SELECT count(*)::int FROM mail_outbox WHERE recipient = $2) AS mails`,
        [user.user._id, user.user.email],
      )) as Record<string, number>[];
      expect(personal).toEqual({ users: 0, addresses: 0, tokens: 0, mails: 0 });
      const [{ notices }] = (await t.dataSource.query(`SELECT count(*)::int AS notices FROM mail_outbox WHERE order_id = $1`, [
        orderId,
      ])) as {
        notices: number;
      }[];
      expect(notices).toBe(0);
      const [order] = (await t.dataSource.query(
        `SELECT user_id, user_name, user_email, shipping_address, amount_cents, transaction_id, anonymised_at IS NOT NULL AS anonymised FROM orders WHERE id = $1`,
        [orderId],
      )) as Record<string, unknown>[];
      expect(order).toMatchObject({
        user_id: null,
        user_name: 'Deleted account',
        user_email: null,
        shipping_address: null,
        amount_cents: 1500,
        anonymised: true,
      });
      expect(order.transaction_id).toEqual(expect.any(String));

      // The address is free: a new account with it starts from nothing.
      await request(t.http)
        .post(`/api${ApiRoute.signup}`)
        .send({ name: 'Fresh Start', email: user.user.email, password: 'a fresh passphrase' })
        .expect(201);
      const fresh = (await signin(user.user.email, 'a fresh passphrase').expect(200)).body as Session;
      const data = (
        await as(fresh)
          .get(api(ApiRoute.myData, { userId: fresh.user._id }))
          .expect(200)
      ).body as MyData;
      expect(data).toMatchObject({ addresses: [], orders: [], auditEntries: [] });
    });

    it('forgets anonymised orders past the retention, keeps younger ones', async () => {
      const user = await signedInUser(t);
      const productId = await seedProduct(t, { name: 'Old Order Tee', price: 9, stock: 5 });
      const old = await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 9,
        products: [{ _id: productId, count: 1 }],
      } as never);
      const young = await paidOrder(t, user, {
        paymentMethodNonce: 'fake-valid-nonce',
        amount: 9,
        products: [{ _id: productId, count: 1 }],
      } as never);
      await t.dataSource.query(`UPDATE orders SET created_at = now() - interval '10 years 1 day' WHERE id = $1`, [old.orderId]);
      await as(user)
        .post(api(ApiRoute.accountDelete, { userId: user.user._id }))
        .send({ password: user.password })
        .expect(200);
      const left = (await t.dataSource.query(`SELECT id FROM orders WHERE id = ANY($1::uuid[])`, [[old.orderId, young.orderId]])) as {
        id: string;
      }[];
      expect(left.map((row) => row.id)).toEqual([young.orderId]);
    });

    it('is reversible: down gives back the reset links and the buyers, up the account tables (the reset link still works)', async () => {
      const user = await signedInUser(t);
      await request(t.http).post(`/api${ApiRoute.passwordForgot}`).send({ email: user.user.email }).expect(202);
      const token = await lastToken(user.user.email, 'password-reset');
      const migration = new Accounts1764000400000();
      await inMigrationTransaction(t.config.databaseUrl, async (runner) => {
        await migration.down(runner);
        const [row] = (await runner.query(
          `SELECT (SELECT count(*)::int FROM password_resets WHERE user_id = $1) AS resets,
                  (SELECT count(*)::int FROM orders WHERE user_id IS NULL) AS buyerless,
                  to_regclass('user_addresses') IS NULL AS no_book`,
          [user.user._id],
        )) as { resets: number; buyerless: number; no_book: boolean }[];
        expect(row).toEqual({ resets: 1, buyerless: 0, no_book: true });
        await migration.up(runner);
      });
      await request(t.http).post(`/api${ApiRoute.passwordReset}`).send({ token, password: 'after the round trip' }).expect(200);
    });

    it("refuses to delete one of the shop's people, and a body without the password", async () => {
      const admin = await signedInUser(t, Role.Admin);
      const answer = await as(admin)
        .post(api(ApiRoute.accountDelete, { userId: admin.user._id }))
        .send({ password: admin.password })
        .expect(409);
      expect(answer.body.error).toBe(ACCOUNT_DELETE_STAFF);
      const user = await signedInUser(t);
      expect(
        (
          await as(user)
            .post(api(ApiRoute.accountDelete, { userId: user.user._id }))
            .send({})
            .expect(400)
        ).body.details[0].field,
      ).toBe('password');
    });
  });
});
