import { ApiRoute, type AuditEntry, NEXT_CURSOR_HEADER, Role, type Session, TOTAL_COUNT_HEADER } from '@store/contract';
import request from 'supertest';
import { productCalls, productForm } from './fixtures/product-requests.js';
import { pay, seedProduct } from './support/checkout-fixtures.js';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

/** The audit trail: one entry per admin write, in the write's own transaction, listed newest first for admins. */
describe('audit trail (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let otherAdmin: Session;
  let customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, otherAdmin, customer] = await Promise.all([signedInUser(t, Role.Admin), signedInUser(t, Role.Admin), signedInUser(t)]);
  });
  afterAll(() => t.close());

  const as = (session: Session) => ({ Authorization: `Bearer ${session.token}` });
  const createCategory = (name: string, session: Session = admin) =>
    request(t.http)
      .post(api(ApiRoute.categoryCreate, { userId: session.user._id }))
      .set(as(session))
      .send({ name });
  const renameCategory = (id: string, name: string, session: Session = admin) =>
    request(t.http)
      .put(api(ApiRoute.categoryUpdate, { categoryId: id, userId: session.user._id }))
      .set(as(session))
      .send({ name });
  const deleteCategory = (id: string, session: Session = admin) =>
    request(t.http)
      .delete(api(ApiRoute.categoryDelete, { categoryId: id, userId: session.user._id }))
      .set(as(session));
  const list = (query: Record<string, string | number> = {}, session: Session = admin) =>
    request(t.http)
      .get(api(ApiRoute.audit, { userId: session.user._id }))
      .set(as(session))
      .query(query);
  const entriesFor = async (entity: string): Promise<AuditEntry[]> => (await list({ entity }).expect(200)).body as AuditEntry[];
  const actorOf = (session: Session) => ({
    _id: session.user._id,
    name: session.user.name,
    email: session.user.email,
    staffRole: session.user.staffRole,
  });

  describe('categories', () => {
    it('records create, rename and delete with the admin and the changed name, newest first', async () => {
      const created = await createCategory('Audit Tees').expect(201);
      const id = created.body._id as string;
      await renameCategory(id, 'Audited Tees', otherAdmin).expect(200);
      await deleteCategory(id).expect(200);

      const entries = await entriesFor(id);
      expect(entries).toEqual([
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: actorOf(admin),
          action: 'category.delete',
          entity: { type: 'category', _id: id },
          changes: { name: { before: 'Audited Tees', after: null } },
        },
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: actorOf(otherAdmin),
          action: 'category.update',
          entity: { type: 'category', _id: id },
          changes: { name: { before: 'Audit Tees', after: 'Audited Tees' } },
        },
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: actorOf(admin),
          action: 'category.create',
          entity: { type: 'category', _id: id },
          changes: { name: { before: null, after: 'Audit Tees' } },
        },
      ]);
      const times = entries.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('records nothing for a rename to the same name, or for a write that failed', async () => {
      const id = (await createCategory('Unchanged Tees').expect(201)).body._id as string;
      await renameCategory(id, 'Unchanged Tees').expect(200);
      await createCategory('unchanged tees').expect(409);
      await renameCategory(id, 'x'.repeat(40)).expect(400);
      expect((await entriesFor(id)).map((e) => e.action)).toEqual(['category.create']);
    });

    it('rolls the entry back with the write: a delete refused for products leaves no entry', async () => {
      const id = (await createCategory('Busy Tees').expect(201)).body._id as string;
      await t.dataSource.query(`INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ('P', 'd', 100, 1, $1)`, [
        id,
      ]);
      await deleteCategory(id).expect(409);
      expect((await entriesFor(id)).map((e) => e.action)).toEqual(['category.create']);
    });
  });

  describe('products', () => {
    it('records create, price and stock changes and delete with before/after of the changed fields only', async () => {
      const products = productCalls(t, () => admin);
      const category = (await createCategory('Audit Products').expect(201)).body;
      const product = await products.created(productForm(category, { name: 'Audit Tee', price: '24.99', stock: '10' }));
      await products.update(product._id, { price: '19.5', stock: '7' }, undefined, otherAdmin).expect(200);
      await products.update(product._id, { name: 'Audit Tee' }).expect(200); // no change, no entry
      await products.remove(product._id).expect(200);

      const entries = await entriesFor(product._id);
      expect(entries.map((e) => [e.action, e.actor._id, e.entity, e.changes])).toEqual([
        [
          'product.delete',
          admin.user._id,
          { type: 'product', _id: product._id },
          {
            name: { before: 'Audit Tee', after: null },
            description: { before: 'A soft cotton t-shirt', after: null },
            price: { before: 19.5, after: null },
            stock: { before: 7, after: null },
            category: { before: category._id, after: null },
          },
        ],
        [
          'product.update',
          otherAdmin.user._id,
          { type: 'product', _id: product._id },
          { price: { before: 24.99, after: 19.5 }, stock: { before: 10, after: 7 } },
        ],
        [
          'product.create',
          admin.user._id,
          { type: 'product', _id: product._id },
          {
            name: { before: null, after: 'Audit Tee' },
            description: { before: null, after: 'A soft cotton t-shirt' },
            price: { before: null, after: 24.99 },
            stock: { before: null, after: 10 },
            category: { before: null, after: category._id },
          },
        ],
      ]);
    });
  });

  describe('orders', () => {
    it('records each status move and the refund of a cancel, by the admin who made them', async () => {
      const buyer = await signedInUser(t);
      const tee = await seedProduct(t, { name: 'Audit Order Tee', price: 10, stock: 10 });
      const paid = await pay(t, buyer, { paymentMethodNonce: 'fake-valid-nonce', amount: 20, products: [{ _id: tee, count: 2 }] }).expect(
        200,
      );
      const orderId = paid.body.order._id as string;
      const move = (status: string, session: Session) =>
        request(t.http)
          .put(api(ApiRoute.orderStatus, { orderId, userId: session.user._id }))
          .set(as(session))
          .send({ status });
      await move('Processing', otherAdmin).expect(200);
      await move('Delivered', admin).expect(409);
      const cancelled = await move('Cancelled', admin).expect(200);

      const entries = await entriesFor(orderId);
      expect(entries.map((e) => [e.action, e.actor._id, e.changes])).toEqual(
        expect.arrayContaining([
          ['order.status', admin.user._id, { status: { before: 'Processing', after: 'Cancelled' } }],
          ['order.refund', admin.user._id, { refund: { before: null, after: { id: cancelled.body.refund.id, amount: 20, kind: 'void' } } }],
          ['order.status', otherAdmin.user._id, { status: { before: 'Received', after: 'Processing' } }],
        ]),
      );
      expect(entries).toHaveLength(3);
      // The cancel's two entries come from one transaction: the same instant.
      const cancelEntries = entries.filter((e) => e.actor._id === admin.user._id);
      expect(new Set(cancelEntries.map((e) => e.at)).size).toBe(1);
      expect(entries[2].action).toBe('order.status');
      expect(entries[2].actor._id).toBe(otherAdmin.user._id);
    });
  });

  describe('listing', () => {
    let names: string[];

    beforeAll(async () => {
      names = [];
      for (let i = 0; i < 7; i += 1) {
        const name = `Paged ${i}`;
        names.push(name);
        await createCategory(name, i % 2 === 0 ? admin : otherAdmin).expect(201);
      }
    });

    it('pages newest first with an opaque cursor, no entry twice or missed, and counts them', async () => {
      const all = (await list({ limit: 200 }).expect(200)).body as AuditEntry[];
      const seen: AuditEntry[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const response = await list(after ? { limit: 3, after } : { limit: 3 }).expect(200);
        expect(Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe(all.length);
        seen.push(...(response.body as AuditEntry[]));
        after = response.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
        pages += 1;
      } while (after);
      expect(pages).toBe(Math.ceil(all.length / 3));
      expect(seen.map((e) => e._id)).toEqual(all.map((e) => e._id));
      expect(new Set(seen.map((e) => e._id)).size).toBe(seen.length);
      // The seven creates are the newest entries, the last one first.
      expect(all.slice(0, 7).map((e) => e.changes.name?.after)).toEqual([...names].reverse());
    });

    it('keeps a page boundary stable while new entries arrive', async () => {
      const first = await list({ limit: 2 }).expect(200);
      const after = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
      const expected = ((await list({ limit: 4 }).expect(200)).body as AuditEntry[]).slice(2).map((e) => e._id);
      await createCategory('Arrived Meanwhile').expect(201);
      const second = await list({ limit: 2, after }).expect(200);
      expect((second.body as AuditEntry[]).map((e) => e._id)).toEqual(expected);
    });

    it('filters by admin and by entity', async () => {
      const mine = (await list({ actor: otherAdmin.user._id, limit: 200 }).expect(200)).body as AuditEntry[];
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.every((e) => e.actor._id === otherAdmin.user._id)).toBe(true);
      const response = await list({ actor: otherAdmin.user._id, limit: 1 }).expect(200);
      expect(Number(response.headers['x-total-count'])).toBe(mine.length);

      const one = mine.find((e) => e.action === 'category.create')!;
      const byEntity = (await list({ entity: one.entity._id, actor: otherAdmin.user._id }).expect(200)).body as AuditEntry[];
      expect(byEntity.map((e) => e._id)).toEqual([one._id]);
    });

    it('is for admins only', async () => {
      await list({}, customer).expect(403);
      await request(t.http)
        .get(api(ApiRoute.audit, { userId: admin.user._id }))
        .expect(401);
    });

    it('refuses a bad limit, a cursor it did not write, a bad filter and unknown parameters (400)', async () => {
      const queries: Record<string, string | number>[] = [
        { limit: 0 },
        { limit: 201 },
        { limit: 'ten' },
        { after: 'bm90LWEtY3Vyc29y' },
        { entity: 'nope' },
        { actor: '1' },
        { sort: 'x' },
      ];
      for (const query of queries) {
        const response = await list(query).expect(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      }
    });
  });
});
