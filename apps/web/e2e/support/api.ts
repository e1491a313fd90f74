import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Order, Product, Session } from '@store/contract';
import { store } from './browser';

/** Plain HTTP calls to the store under test, for arranging data and checking what the browser did. */
export async function call<T>(
  method: string,
  route: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined = options.form;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${store.baseUrl}/api${route}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export async function signin(email: string, password: string): Promise<Session> {
  const { status, body } = await call<Session>('POST', '/signin', { json: { email, password } });
  if (status !== 200) throw new Error(`sign-in of ${email} answered ${status}`);
  return body;
}

export async function signupAndSignin(name: string, email: string, password: string): Promise<Session> {
  const { status } = await call('POST', '/signup', { json: { name, email, password } });
  if (status !== 201) throw new Error(`sign-up of ${email} answered ${status}`);
  return signin(email, password);
}

/**
 * A read that arranges a test: tried again after a 5xx, as the web app's reads are (src/lib/query-client.ts: a
 * loaded stack can answer 503 for a moment), and refused with its status and body otherwise.
 */
async function arrangingRead<T>(route: string): Promise<{ body: T; headers: Headers }> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call<T>('GET', route);
    if (answer.status === 200) return answer;
    if (answer.status < 500 || attempt > 2) throw new Error(`GET /api${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

export async function productCount(): Promise<number> {
  const { headers } = await arrangingRead<Product[]>('/products?limit=1');
  return Number(headers.get('X-Total-Count'));
}

export async function firstProducts(limit: number): Promise<Product[]> {
  return (await arrangingRead<Product[]>(`/products?limit=${limit}&sortBy=name&order=asc`)).body;
}

/**
 * Whether a buyer can pay for `product` as it is: in stock, with no size or variant to choose (the demo seed's
 * colour and size tees need one, and which come first by name depends on what earlier specs created).
 */
export function buyableAsIs(product: Product): boolean {
  return product.stock > 0 && !product.sizes?.length && !product.options?.length;
}

export async function getProduct(id: string): Promise<{ status: number; body: Product }> {
  return call<Product>('GET', `/product/${id}`);
}

/** Buys `product` once through the test gateway, as a buyer would. */
export async function buy(session: Session, product: Product): Promise<Order['_id']> {
  const { status, body } = await call<{ order: { _id: string } }>('POST', `/payment/braintree/${session.user._id}`, {
    token: session.token,
    json: { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: product.price, products: [{ _id: product._id, count: 1 }] } },
  });
  if (status !== 200) throw new Error(`payment answered ${status}: ${JSON.stringify(body)}`);
  return body.order._id;
}

export const fixture = (name: string): string => path.resolve(__dirname, '../fixtures', name);
export const fixtureBytes = (name: string): Buffer => readFileSync(fixture(name));

export function unique(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 7)}`;
}
