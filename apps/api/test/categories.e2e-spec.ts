import { ApiRoute, type Category, Role, type Session } from '@store/contract';
import request from 'supertest';
import { api, createTestApp, signedInUser, type TestApp } from './support/test-app.js';

describe('categories (e2e)', () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, Role.Admin);
    customer = await signedInUser(t);
  });
  afterAll(() => t.close());

  const create = (name: unknown, session: Session = admin) =>
    request(t.http)
      .post(api(ApiRoute.categoryCreate, { userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .send({ name });
  const rename = (id: string, name: unknown, session: Session = admin) =>
    request(t.http)
      .put(api(ApiRoute.categoryUpdate, { categoryId: id, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`)
      .send({ name });
  const remove = (id: string, session: Session = admin) =>
    request(t.http)
      .delete(api(ApiRoute.categoryDelete, { categoryId: id, userId: session.user._id }))
      .set('Authorization', `Bearer ${session.token}`);

  it('creates a category (201) with a trimmed name', async () => {
    const response = await create('  Graphic Tees  ').expect(201);
    expect(response.body).toEqual({ _id: expect.any(String), name: 'Graphic Tees' });
  });

  it('refuses a duplicate name ignoring case (409)', async () => {
    const response = await create('graphic TEES').expect(409);
    expect(response.body).toEqual({ error: 'A category named "graphic TEES" already exists', code: 'CONFLICT' });
  });

  it.each([
    ['an empty name', ''],
    ['a blank name', '   '],
    ['a name over 32 characters', 'x'.repeat(33)],
    ['a number', 42],
    ['no name', undefined],
  ])('refuses %s (400)', async (_, name) => {
    const response = await create(name).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details[0].field).toBe('name');
  });

  it('refuses unknown fields (400)', async () => {
    const response = await request(t.http)
      .post(api(ApiRoute.categoryCreate, { userId: admin.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ name: 'Extra', color: 'red' })
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a customer on the admin routes (403) and changes nothing', async () => {
    const [category] = (await request(t.http).get('/api/categories').expect(200)).body as Category[];
    expect((await create('Customer Made', customer).expect(403)).body.code).toBe('FORBIDDEN');
    await rename(category._id, 'Customer Renamed', customer).expect(403);
    await remove(category._id, customer).expect(403);
    const after = (await request(t.http).get('/api/categories').expect(200)).body as Category[];
    expect(after.map((c) => c.name)).toEqual(['Graphic Tees']);
  });

  it("refuses an admin acting under another user's id (403)", async () => {
    await request(t.http)
      .post(api(ApiRoute.categoryCreate, { userId: customer.user._id }))
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ name: 'Not Mine' })
      .expect(403);
  });

  it('refuses the admin routes without a token (401)', async () => {
    const response = await request(t.http)
      .post(api(ApiRoute.categoryCreate, { userId: admin.user._id }))
      .send({ name: 'Anon' })
      .expect(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('lists categories by name, publicly', async () => {
    await create('basics').expect(201);
    await create('Vintage').expect(201);
    const response = await request(t.http).get('/api/categories').expect(200);
    expect((response.body as Category[]).map((c) => c.name)).toEqual(['basics', 'Graphic Tees', 'Vintage']);
  });

  it('reads one category, publicly', async () => {
    const created = (await create('Sports').expect(201)).body as Category;
    const response = await request(t.http)
      .get(api(ApiRoute.category, { categoryId: created._id }))
      .expect(200);
    expect(response.body).toEqual(created);
  });

  it('answers 404 for a well-formed unknown id and 400 for a malformed one', async () => {
    const missing = await request(t.http)
      .get(api(ApiRoute.category, { categoryId: '00000000-0000-4000-8000-000000000000' }))
      .expect(404);
    expect(missing.body).toEqual({ error: 'Category not found', code: 'NOT_FOUND' });
    const malformed = await request(t.http)
      .get(api(ApiRoute.category, { categoryId: 'not-a-uuid' }))
      .expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    await rename('00000000-0000-4000-8000-000000000000', 'Nothing').expect(404);
    await remove('00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('renames a category (200), keeping names unique ignoring case', async () => {
    const created = (await create('Old Name').expect(201)).body as Category;
    const renamed = await rename(created._id, ' New Name ').expect(200);
    expect(renamed.body).toEqual({ _id: created._id, name: 'New Name' });
    // Changing only the case of its own name is allowed; taking another's name is not.
    await rename(created._id, 'new name').expect(200);
    const clash = await rename(created._id, 'VINTAGE').expect(409);
    expect(clash.body.code).toBe('CONFLICT');
    await rename(created._id, '').expect(400);
  });

  it('deletes a category (200) answering what it removed', async () => {
    const created = (await create('Short Lived').expect(201)).body as Category;
    const response = await remove(created._id).expect(200);
    expect(response.body).toEqual({ message: expect.any(String), _id: created._id });
    await request(t.http)
      .get(api(ApiRoute.category, { categoryId: created._id }))
      .expect(404);
  });

  it('refuses to delete a category still used by products (409)', async () => {
    const created = (await create('In Use').expect(201)).body as Category;
    await t.dataSource.query(
      `INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ('Tee', 'A tee', 1500, 3, $1)`,
      [created._id],
    );
    const response = await remove(created._id).expect(409);
    expect(response.body).toEqual({ error: expect.stringContaining('still has products'), code: 'CONFLICT' });
    await request(t.http)
      .get(api(ApiRoute.category, { categoryId: created._id }))
      .expect(200);
  });
});
