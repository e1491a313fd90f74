import { Role, type Category, type Order, type Product, type Session } from '@store/contract';
import { saveSession } from '@/lib/session';

export const customer: Session = {
  token: 'customer-token',
  user: { _id: '11111111-1111-4111-8111-111111111111', name: 'Casey Customer', email: 'casey@example.com', role: Role.Customer },
};

export const admin: Session = {
  token: 'admin-token',
  user: { _id: '22222222-2222-4222-8222-222222222222', name: 'Ada Admin', email: 'ada@example.com', role: Role.Admin },
};

export function signInAs(session: Session): Session {
  saveSession(session);
  return session;
}

export const category = (overrides: Partial<Category> = {}): Category => ({
  _id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Graphic Tees',
  ...overrides,
});

let productSeq = 0;
export function product(overrides: Partial<Product> = {}): Product {
  productSeq += 1;
  const id = `p0000000-0000-4000-8000-${String(productSeq).padStart(12, '0')}`;
  return {
    _id: id,
    name: `Tee ${productSeq}`,
    description: `A soft tee number ${productSeq}`,
    price: 20,
    stock: 10,
    sold: 0,
    category: category()._id,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o0000000-0000-4000-8000-000000000001',
    user: { _id: customer.user._id, name: customer.user.name },
    products: [{ product: 'p1', name: 'Sunset Tee', price: 24.99, count: 2 }],
    amount: 49.98,
    transactionId: 'txn_1',
    status: 'Received',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}
