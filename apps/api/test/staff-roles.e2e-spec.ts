import {
  ApiRoute,
  type AuditEntry,
  type Order,
  Role,
  type Session,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
  type StaffRole,
  type User,
} from '@store/contract';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { Transactions } from '../src/database/transactions.js';
import { PaymentGateway } from '../src/modules/payments/payment-gateway.js';
import { UsersService } from '../src/modules/users/users.service.js';
import type { TestGateway } from '../src/modules/payments/test.gateway.js';
import { paidOrder, seedProduct, setOrderStatus } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInAs, signedInUser, type TestApp } from './support/test-app.js';

const PASSWORD = 'correct horse battery';
const LINK = /\/staff\/join#([A-Za-z0-9_-]{43})/;

/**
 * Staff roles against the real API and Postgres: who may call what (owner, staff, read-only, customer against
 * catalogue, stock, order, refund, audit and people routes), invitations by e-mail (single use, expiry,
 * withdrawal), role changes read on the next request, the actor's role in the audit trail, and the rule that the
 * shop always keeps an owner, also against concurrent demotions.
 */
describe('staff roles (e2e)', () => {
  let t: TestApp;
  let owner: Session;
  let ownerPassword: string;
  let customer: Session;
  let staff: Session;
  let readOnly: Session;
  let counter = 0;

  const as = (session: Session) => signedInAs(t, session);
  const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.com`;

  const invite = (by: Session, email: string, staffRole: StaffRole) =>
    as(by)
      .post(api(ApiRoute.staffInvite, { userId: by.user._id }))
      .send({ email, staffRole });

  /** The token of the newest invitation mail queued for `email`, read from the outbox as the mail worker would send it. */
  async function tokenMailedTo(email: string): Promise<string> {
    const [mail] = (await t.dataSource.query(
      `SELECT text_body FROM mail_outbox WHERE kind = 'staff-invitation' AND recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [email],
    )) as { text_body: string }[];
    const token = LINK.exec(mail?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no invitation mail to ${email}`);
    return token;
  }

  const accept = (token: string, name = 'Sam Staff', password = PASSWORD) =>
    request(t.http).post(`/api${ApiRoute.staffAccept}`).send({ token, name, password });

  const signin = async (email: string, password = PASSWORD): Promise<Session> =>
    (await request(t.http).post(`/api${ApiRoute.signin}`).send({ email, password }).expect(200)).body as Session;

  /** Invites `email` as `staffRole`, accepts through the mailed link and signs the new member in. */
  async function member(staffRole: StaffRole, email = uniqueEmail(staffRole)): Promise<Session> {
    await invite(owner, email, staffRole).expect(201);
    await accept(await tokenMailedTo(email)).expect(201);
    return signin(email);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t, Role.Admin);
    ownerPassword = (owner as Session & { password: string }).password;
    customer = await signedInUser(t);
    staff = await member('staff');
    readOnly = await member('read-only');
  });
  afterAll(() => t?.close());

  describe('the role on the wire', () => {
    it('keeps role 0 and 1 as they were and adds staffRole for the shop’s people only', async () => {
      expect(owner.user).toMatchObject({ role: Role.Admin, staffRole: 'owner' });
      expect(staff.user).toMatchObject({ role: Role.Admin, staffRole: 'staff' });
      expect(readOnly.user).toMatchObject({ role: Role.Admin, staffRole: 'read-only' });
      expect(Object.keys(customer.user).sort()).toEqual(['_id', 'email', 'name', 'role']);
      expect(customer.user.role).toBe(Role.Customer);
      const profile = await as(staff)
        .get(api(ApiRoute.user, { userId: staff.user._id }))
        .expect(200);
      expect(profile.body).toEqual({ _id: staff.user._id, name: 'Sam Staff', email: staff.user.email, role: 1, staffRole: 'staff' });
    });

    it('keeps role and staff role in step in the database, whatever writes the row', async () => {
      await expect(t.dataSource.query(`UPDATE users SET staff_role = 'staff' WHERE id = $1`, [customer.user._id])).rejects.toThrow(
        /users_staff_role_ok/,
      );
      await expect(t.dataSource.query(`UPDATE users SET role = 0 WHERE id = $1`, [staff.user._id])).rejects.toThrow(/users_staff_role_ok/);
    });
  });

  describe('each role against each kind of route', () => {
    let productId: string;
    let buyer: Session;

    beforeAll(async () => {
      productId = await seedProduct(t, { name: 'Matrix Tee', price: 10, stock: 1000 });
      buyer = await signedInUser(t);
    });

    const buy = () => paidOrder(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 10, products: [{ _id: productId, count: 1 }] });
    const sessions = () => ({ owner, staff, readOnly, customer });
    type Who = keyof ReturnType<typeof sessions>;
    const statuses = async (call: (session: Session, who: Who) => Promise<number>): Promise<Record<Who, number>> => {
      const result = {} as Record<Who, number>;
      for (const [who, session] of Object.entries(sessions()) as [Who, Session][]) result[who] = await call(session, who);
      return result;
    };

    it('catalogue writes: owner and staff, not read-only or customers', async () => {
      const created = await statuses(async (s, who) => {
        const response = await as(s)
          .post(api(ApiRoute.categoryCreate, { userId: s.user._id }))
          .send({ name: `Made by ${who} ${counter++}` });
        return response.status;
      });
      expect(created).toEqual({ owner: 201, staff: 201, readOnly: 403, customer: 403 });
      const refused = await as(readOnly)
        .post(api(ApiRoute.categoryCreate, { userId: readOnly.user._id }))
        .send({ name: 'Nope' });
      expect(refused.body).toEqual({ error: 'Your role (read-only) does not allow this', code: 'FORBIDDEN' });
    });

    it('stock and product edits: owner and staff, not read-only or customers', async () => {
      const stock = { owner: '900', staff: '901', readOnly: '902', customer: '903' };
      const updated = await statuses(async (s, who) => {
        const response = await as(s)
          .put(api(ApiRoute.productUpdate, { productId, userId: s.user._id }))
          .field('stock', stock[who]);
        return response.status;
      });
      expect(updated).toEqual({ owner: 200, staff: 200, readOnly: 403, customer: 403 });
      const [row] = (await t.dataSource.query(`SELECT stock FROM products WHERE id = $1`, [productId])) as { stock: number }[];
      expect(row.stock).toBe(901);
    });

    it('order reads, the export, the overview and the audit trail: every staff role, no customer', async () => {
      for (const route of [ApiRoute.ordersAll, ApiRoute.ordersExport, ApiRoute.ordersOverview, ApiRoute.audit] as const) {
        const read = await statuses(async (s) => (await as(s).get(api(route, { userId: s.user._id }))).status);
        expect({ route, read }).toEqual({ route, read: { owner: 200, staff: 200, readOnly: 200, customer: 403 } });
      }
    });

    it('order status moves: owner and staff; read-only refused; the order unchanged by refusals', async () => {
      const { orderId } = await buy();
      await setOrderStatus(t, readOnly, orderId, 'Processing').expect(403);
      await setOrderStatus(t, customer, orderId, 'Processing').expect(403);
      expect(((await setOrderStatus(t, staff, orderId, 'Processing').expect(200)).body as Order).status).toBe('Processing');
      expect(((await setOrderStatus(t, owner, orderId, 'Shipped').expect(200)).body as Order).status).toBe('Shipped');
    });

    it('a cancellation refunds, so staff get 403 and the order keeps its money; the owner may', async () => {
      const { orderId } = await buy();
      const refused = await setOrderStatus(t, staff, orderId, 'Cancelled').expect(403);
      expect(refused.body).toEqual({
        error: 'Your role (staff) does not allow you to cancel an order (it refunds the payment)',
        code: 'FORBIDDEN',
      });
      await setOrderStatus(t, readOnly, orderId, 'Cancelled').expect(403);
      const [row] = (await t.dataSource.query(`SELECT status, refund_id FROM orders WHERE id = $1`, [orderId])) as Record<
        string,
        unknown
      >[];
      expect(row).toEqual({ status: 'Received', refund_id: null });
      expect(((await setOrderStatus(t, owner, orderId, 'Cancelled').expect(200)).body as Order).refund).toBeDefined();
    });

    it('line refunds: staff and read-only get 403 and nothing is refunded; the owner refunds', async () => {
      const { orderId, transactionId } = await buy();
      (t.app.get(PaymentGateway) as TestGateway).settle(transactionId);
      const refund = (s: Session) =>
        as(s)
          .post(api(ApiRoute.orderLineRefund, { orderId, userId: s.user._id }))
          .send({ product: productId });
      const refused = await refund(staff).expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      await refund(readOnly).expect(403);
      await refund(customer).expect(403);
      const [line] = (await t.dataSource.query(`SELECT refund_id FROM order_lines WHERE order_id = $1`, [orderId])) as {
        refund_id: string | null;
      }[];
      expect(line.refund_id).toBeNull();
      const refunded = (await refund(owner).expect(200)).body as Order;
      expect(refunded.products[0]).toMatchObject({ refund: expect.objectContaining({ amount: 10 }) });
    });

    it('people: the owner only', async () => {
      const listed = await statuses(async (s) => (await as(s).get(api(ApiRoute.staff, { userId: s.user._id }))).status);
      expect(listed).toEqual({ owner: 200, staff: 403, readOnly: 403, customer: 403 });
      const invited = await statuses(async (s, who) => (await invite(s, uniqueEmail(`by-${who}`), 'staff')).status);
      expect(invited).toEqual({ owner: 201, staff: 403, readOnly: 403, customer: 403 });
      const change = (s: Session) =>
        as(s)
          .put(api(ApiRoute.staffMember, { staffId: readOnly.user._id, userId: s.user._id }))
          .send({ staffRole: 'owner' });
      // The owner last: once it has made the read-only member an owner, that member could.
      const changed = {
        staff: (await change(staff)).status,
        readOnly: (await change(readOnly)).status,
        customer: (await change(customer)).status,
      };
      expect(changed).toEqual({ staff: 403, readOnly: 403, customer: 403 });
      await change(owner).expect(200);
      // Back to read-only for the other tests.
      await as(owner)
        .put(api(ApiRoute.staffMember, { staffId: readOnly.user._id, userId: owner.user._id }))
        .send({ staffRole: 'read-only' })
        .expect(200);
      // Each change ended the member's sessions: a fresh sign-in.
      readOnly = await signin(readOnly.user.email);
    });

    it('records each writer’s role on their audit entries', async () => {
      await as(staff)
        .post(api(ApiRoute.categoryCreate, { userId: staff.user._id }))
        .send({ name: 'Audited By Staff' })
        .expect(201);
      const page = await as(readOnly)
        .get(`${api(ApiRoute.audit, { userId: readOnly.user._id })}?actor=${staff.user._id}`)
        .expect(200);
      const entry = (page.body as AuditEntry[]).find((e) => e.action === 'category.create' && e.changes.name?.after === 'Audited By Staff');
      expect(entry?.actor).toEqual({ _id: staff.user._id, name: 'Sam Staff', email: staff.user.email, staffRole: 'staff' });
      const ownerPage = await as(owner)
        .get(`${api(ApiRoute.audit, { userId: owner.user._id })}?actor=${owner.user._id}`)
        .expect(200);
      expect((ownerPage.body as AuditEntry[]).every((e) => e.actor.staffRole === 'owner')).toBe(true);
      expect((ownerPage.body as AuditEntry[]).map((e) => e.action)).toEqual(
        expect.arrayContaining(['staff.invite', 'staff.role', 'order.refund']),
      );
    });
  });

  describe('invitations', () => {
    it('mails a single-use link whose token is stored only as its hash', async () => {
      const email = uniqueEmail('invitee');
      const invitation = (await invite(owner, email, 'staff').expect(201)).body as StaffInvitation;
      expect(invitation).toEqual({ _id: expect.any(String), email, staffRole: 'staff', expiresAt: expect.any(String) });
      const hours = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71);
      expect(hours).toBeLessThanOrEqual(72);

      const token = await tokenMailedTo(email);
      const [mail] = (await t.dataSource.query(`SELECT recipient, subject, text_body FROM mail_outbox WHERE text_body LIKE $1`, [
        `%${token}%`,
      ])) as {
        recipient: string;
        subject: string;
        text_body: string;
      }[];
      expect(mail.recipient).toBe(email);
      expect(mail.text_body).toContain(`${t.config.publicUrl}/staff/join#${token}`);
      const [row] = (await t.dataSource.query(`SELECT token_hash FROM staff_invitations WHERE id = $1`, [invitation._id])) as {
        token_hash: Buffer;
      }[];
      expect(row.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
      expect(row.token_hash.toString('utf8')).not.toContain(token);

      const list = (
        await as(owner)
          .get(api(ApiRoute.staff, { userId: owner.user._id }))
          .expect(200)
      ).body as StaffList;
      expect(list.invitations).toContainEqual(invitation);

      const joined = (await accept(token, '  Newly Joined  ').expect(201)).body as User;
      expect(joined).toEqual({ _id: expect.any(String), name: 'Newly Joined', email, role: 1, staffRole: 'staff' });
      const again = await accept(token, 'Someone Else', 'another long password').expect(409);
      expect(again.body).toEqual({ error: 'This invitation link has already been used; sign in instead', code: 'CONFLICT' });
      // The second use changed nothing: the first password still signs in.
      await signin(email);
      const after = (
        await as(owner)
          .get(api(ApiRoute.staff, { userId: owner.user._id }))
          .expect(200)
      ).body as StaffList;
      expect(after.invitations.map((i) => i._id)).not.toContain(invitation._id);
      expect(after.people).toContainEqual({ _id: joined._id, name: 'Newly Joined', email, staffRole: 'staff', twoFactorEnabled: false });
    });

    it('lets one of two concurrent uses of a link through', async () => {
      const email = uniqueEmail('racer');
      await invite(owner, email, 'read-only').expect(201);
      const token = await tokenMailedTo(email);
      const answers = await Promise.all([
        accept(token, 'First Racer', 'first long password'),
        accept(token, 'Second Racer', 'second long password'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const [users] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email])) as { n: number }[];
      expect(users.n).toBe(1);
    });

    it('refuses an expired link, an unknown one, a malformed one and one a newer invitation replaced', async () => {
      const email = uniqueEmail('late');
      const invitation = (await invite(owner, email, 'staff').expect(201)).body as StaffInvitation;
      const token = await tokenMailedTo(email);
      await t.dataSource.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation._id]);
      expect((await accept(token).expect(409)).body.error).toBe('This invitation link has expired; ask the owner for a new one');
      const list = (
        await as(owner)
          .get(api(ApiRoute.staff, { userId: owner.user._id }))
          .expect(200)
      ).body as StaffList;
      expect(list.invitations.map((i) => i._id)).not.toContain(invitation._id);

      expect((await accept('A'.repeat(43)).expect(404)).body.code).toBe('NOT_FOUND');
      const malformed = await accept('short').expect(400);
      expect(malformed.body.code).toBe('VALIDATION_FAILED');
      expect(malformed.body.details).toEqual([{ field: 'token', message: 'The invitation link is not complete' }]);

      await invite(owner, email, 'staff').expect(201);
      const older = await tokenMailedTo(email);
      await invite(owner, email, 'read-only').expect(201);
      const newer = await tokenMailedTo(email);
      expect((await accept(older).expect(409)).body.error).toBe(
        'This invitation was replaced by a newer one; use the link in the latest e-mail',
      );
      expect(((await accept(newer).expect(201)).body as User).staffRole).toBe('read-only');
    });

    it('refuses bad input with 400 naming the field, and an address already on the staff with 409', async () => {
      const bad = await invite(owner, 'not-an-email', 'boss' as StaffRole).expect(400);
      expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'staffRole']);
      const extra = await as(owner)
        .post(api(ApiRoute.staffInvite, { userId: owner.user._id }))
        .send({ email: uniqueEmail('x'), staffRole: 'staff', role: 1 });
      expect(extra.status).toBe(400);
      expect((await invite(owner, staff.user.email, 'owner').expect(409)).body.code).toBe('CONFLICT');
      const email = uniqueEmail('weak');
      await invite(owner, email, 'staff').expect(201);
      const token = await tokenMailedTo(email);
      const short = await accept(token, 'Shorty', 'short').expect(400);
      expect(short.body.details).toEqual([{ field: 'password', message: 'Password must be 8 to 128 characters' }]);
      // A password on the common list is refused as at sign-up (a staff account reaches the admin), whatever its case.
      const common = await accept(token, 'Common Carol', 'Password123').expect(400);
      expect(common.body).toEqual({
        error: 'Password is one of the most common passwords; choose one that is harder to guess',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'password', message: 'Password is one of the most common passwords; choose one that is harder to guess' }],
      });
      expect((await t.dataSource.query(`SELECT 1 FROM users WHERE email = $1`, [email])).length).toBe(0);
      // A name passing for another with a look-alike letter of another script (a Cyrillic "А" in "Admin").
      const lookAlike = await accept(token, '\u0410dmin').expect(400);
      expect(lookAlike.body.details).toEqual([
        {
          field: 'name',
          message: 'Name must not mix letters of different alphabets (such as Latin and Cyrillic): such names can imitate another',
        },
      ]);
      // Wholly in Cyrillic letters that read as an official word ("ѕһор" for "shop"): refused by the look-alike rule.
      const imitation = await accept(token, '\u0455\u04bb\u043e\u0440').expect(400);
      expect(imitation.body.details).toEqual([
        {
          field: 'name',
          message: 'Name must not imitate the name of one of the shop’s people, or an official-looking word, with look-alike letters',
        },
      ]);
      // A refused answer leaves the link usable.
      await accept(token).expect(201);
    });

    it('makes an existing customer account one of the staff, with the password set through the link', async () => {
      const shopper = await signedInUser(t);
      await invite(owner, shopper.user.email, 'staff').expect(201);
      await accept(await tokenMailedTo(shopper.user.email), 'Shopper Now Staff', 'a brand new password').expect(201);
      await request(t.http).post(`/api${ApiRoute.signin}`).send({ email: shopper.user.email, password: shopper.password }).expect(401);
      const session = await signin(shopper.user.email, 'a brand new password');
      expect(session.user).toEqual({
        _id: shopper.user._id,
        name: 'Shopper Now Staff',
        email: shopper.user.email,
        role: 1,
        staffRole: 'staff',
      });
      // Joining ended the customer's earlier sessions; the new one has the staff role.
      const old = await as(shopper)
        .get(api(ApiRoute.ordersAll, { userId: shopper.user._id }))
        .expect(401);
      expect(old.body.error).toBe('Your session has ended; sign in again');
      await as(session)
        .get(api(ApiRoute.ordersAll, { userId: session.user._id }))
        .expect(200);
    });
  });

  describe('changing roles and removing people', () => {
    const setRole = (by: Session, staffId: string, staffRole: StaffRole) =>
      as(by)
        .put(api(ApiRoute.staffMember, { staffId, userId: by.user._id }))
        .send({ staffRole });
    const remove = (by: Session, staffId: string) => as(by).delete(api(ApiRoute.staffMember, { staffId, userId: by.user._id }));
    const owners = async () =>
      ((await t.dataSource.query(`SELECT id FROM users WHERE staff_role = 'owner' ORDER BY id`)) as { id: string }[]).map((r) => r.id);

    it('ends the person’s sessions: the old token is refused, a new sign-in has the new role', async () => {
      let person = await member('staff');
      const create = () =>
        as(person)
          .post(api(ApiRoute.categoryCreate, { userId: person.user._id }))
          .send({ name: `Role Change ${counter++}` });
      await create().expect(201);
      const changed = (await setRole(owner, person.user._id, 'read-only').expect(200)).body as StaffMember;
      expect(changed).toEqual({
        _id: person.user._id,
        name: 'Sam Staff',
        email: person.user.email,
        staffRole: 'read-only',
        twoFactorEnabled: false,
      });
      expect((await create().expect(401)).body.error).toBe('Your session has ended; sign in again');
      person = await signin(person.user.email);
      expect(person.user.staffRole).toBe('read-only');
      await create().expect(403);
      await setRole(owner, person.user._id, 'staff').expect(200);
      person = await signin(person.user.email);
      await create().expect(201);
    });

    it('removes someone from the staff: their account stays, as a customer’s, refused every admin route', async () => {
      let person = await member('staff');
      const removed = await remove(owner, person.user._id).expect(200);
      expect(removed.body).toEqual({ message: 'Sam Staff is no longer one of the staff', _id: person.user._id });
      await as(person)
        .get(api(ApiRoute.ordersAll, { userId: person.user._id }))
        .expect(401);
      person = await signin(person.user.email);
      await as(person)
        .get(api(ApiRoute.ordersAll, { userId: person.user._id }))
        .expect(403);
      const profile = await as(person)
        .get(api(ApiRoute.user, { userId: person.user._id }))
        .expect(200);
      expect(profile.body).toEqual({ _id: person.user._id, name: 'Sam Staff', email: person.user.email, role: 0 });
      await remove(owner, person.user._id).expect(404);
      await setRole(owner, customer.user._id, 'staff').expect(404);
      await setRole(owner, 'not-a-uuid', 'staff').expect(400);
    });

    it('never lets the last owner be demoted or removed', async () => {
      expect(await owners()).toEqual([owner.user._id]);
      const demoted = await setRole(owner, owner.user._id, 'staff').expect(409);
      expect(demoted.body).toEqual({ error: 'The shop needs at least one owner: make someone else an owner first', code: 'CONFLICT' });
      await remove(owner, owner.user._id).expect(409);
      expect(await owners()).toEqual([owner.user._id]);
      // With a second owner, one may step down.
      const second = await member('owner');
      await setRole(second, owner.user._id, 'staff').expect(200);
      await setRole(second, second.user._id, 'read-only').expect(409);
      await setRole(second, owner.user._id, 'owner').expect(200);
      owner = await signin(owner.user.email, ownerPassword);
      await remove(owner, second.user._id).expect(200);
      expect(await owners()).toEqual([owner.user._id]);
    });

    it('makes a concurrent demotion wait for the one in flight, then refuses it (the SQL itself, step by step)', async () => {
      const other = await member('owner');
      const users = t.app.get(UsersService);
      const transactions = t.app.get(Transactions);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The first demotion takes its locks and changes its row, then holds its transaction open.
      let firstChanged!: () => void;
      const changedInFirst = new Promise<void>((resolve) => (firstChanged = resolve));
      const first = transactions.run(async () => {
        const change = await users.setStaffRole(other.user._id, 'staff');
        firstChanged();
        await held;
        return change.outcome;
      });
      await changedInFirst;
      // The second starts while the first is uncommitted: it must wait on the owners' row locks...
      const second = transactions.run(async () => (await users.setStaffRole(owner.user._id, 'staff')).outcome);
      let secondDone = false;
      void second.finally(() => (secondDone = true)).catch(() => undefined);
      // (Without the lock it would not wait at all but finish at once: the loop ends then too, and the test fails.)
      while (!secondDone) {
        const [waiting] = (await t.dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as { n: number }[];
        if (waiting.n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // ...and once the first commits, see that it would leave no owner.
      release();
      expect(await first).toBe('changed');
      expect(await second).toBe('last-owner');
      expect(await owners()).toEqual([owner.user._id]);
      await remove(owner, other.user._id).expect(200);
    });

    it('keeps an owner when two owners demote or remove each other at the same moment', async () => {
      for (let round = 0; round < 6; round += 1) {
        const other = await member('owner');
        expect((await owners()).length).toBe(2);
        // Alternate demotions and removals; both requests start together.
        const [a, b] =
          round % 2 === 0
            ? await Promise.all([setRole(owner, other.user._id, 'staff'), setRole(other, owner.user._id, 'staff')])
            : await Promise.all([remove(owner, other.user._id), remove(other, owner.user._id)]);
        // One wins. The other is refused: by the SQL (409) when both passed the roles guard before either
        // committed, or by the guard (403) when the winner had already committed its change.
        const statuses = [a.status, b.status].sort();
        expect(statuses[0]).toBe(200);
        // (Or 401: the winner's change ended the loser's session before the loser's request was read.)
        expect([401, 403, 409]).toContain(statuses[1]);
        const left = await owners();
        expect(left.length).toBe(1);
        // Put things back: the original owner stays the owner the other tests use.
        if (left[0] !== owner.user._id) {
          // The original owner lost (demoted, or removed and so a customer): made an owner again directly, and
          // signed in afresh in case the change ended their sessions.
          await t.dataSource.query(`UPDATE users SET role = 1, staff_role = 'owner', email_verified_at = now() WHERE id = $1`, [
            owner.user._id,
          ]);
          owner = await signin(owner.user.email, ownerPassword);
          await remove(owner, other.user._id).expect(200);
        } else if (round % 2 === 0) {
          await remove(owner, other.user._id).expect(200);
        }
        expect(await owners()).toEqual([owner.user._id]);
      }
    });
  });
});
