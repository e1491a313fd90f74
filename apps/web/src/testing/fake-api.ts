import { ApiRoute } from '@store/contract';
import { configureApi } from '@/lib/api-client';
import { readCart } from '@/lib/cart';

/**
 * A stand-in for the server in component tests (jsdom has no network and no fetch): the real api client and
 * the real call functions run, and only the HTTP exchange is answered here, in the shapes docs/api.md fixes.
 * The browser tests (apps/web/e2e) run the same screens against the real server.
 */
export interface RecordedRequest {
  method: string;
  /** The path under the API base, e.g. `/category/create/u1`. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  names: string[];
  handler: Handler;
}

export interface FakeApi {
  /** Answers `method pattern` (a contract ApiRoute pattern such as `/category/:categoryId`); later rules win. */
  on(method: string, pattern: string, reply: Reply | Handler): FakeApi;
  /** Every request made so far, oldest first. */
  requests: RecordedRequest[];
  /** The requests to one route pattern. */
  calls(method: string, pattern: string): RecordedRequest[];
}

export const BASE_URL = 'http://shop.test/api';

export function installFakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers as Record<string, string>) ?? {})) headers[name.toLowerCase()] = value;
    const body = init?.body;
    const request: RecordedRequest = {
      method,
      path,
      query: url.searchParams,
      params: {},
      headers,
      json: typeof body === 'string' ? JSON.parse(body) : undefined,
      form: body instanceof FormData ? body : undefined,
    };
    requests.push(request);

    const route = [...routes].reverse().find((r) => r.method === method && r.regex.test(path));
    if (!route) {
      const message = `No fake answer for ${method} ${path}`;
      console.error(message);
      return response({ status: 404, body: { error: message, code: 'NOT_FOUND' } });
    }
    const match = route.regex.exec(path)!;
    route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match[i + 1])));
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return response(await route.handler(request));
  };

  const api: FakeApi = {
    on(method, pattern, reply) {
      const names: string[] = [];
      const regex = new RegExp(
        `^${pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
          names.push(name);
          return '([^/]+)';
        })}$`,
      );
      routes.push({ method: method.toUpperCase(), pattern, regex, names, handler: typeof reply === 'function' ? reply : () => reply });
      return api;
    },
    requests,
    calls(method, pattern) {
      const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern === pattern);
      return route ? requests.filter((r) => r.method === route.method && route.regex.test(r.path)) : [];
    },
  };
  configureApi({ baseUrl: BASE_URL, fetch: fetch as typeof globalThis.fetch });
  // The home page's category chips read the categories; a test about them answers this route itself.
  api.on('GET', ApiRoute.categories, { body: [] });
  // Product cards and pages ask whether prices include tax: a US shop (no "incl. VAT") unless a test answers.
  api.on('GET', ApiRoute.priceDisplay, { body: { pricesIncludeTax: false } });
  // The default catalogue still has, unchanged, every product in the stored cart (the cart page re-reads them);
  // a test about changed or removed products answers this route itself.
  api.on('GET', ApiRoute.product, ({ params }) => {
    const item = readCart().find((entry) => entry._id === params.productId);
    if (!item) return { status: 404, body: { error: 'Product not found', code: 'NOT_FOUND' } };
    const { count: _count, ...product } = item;
    return { body: product };
  });
  return api;
}

function response({ status = 200, body, headers = {} }: Reply): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    text: async () => text,
  } as Response;
}

/** A reply the test releases when it wants, to look at the screen while a request is still running. */
export function deferredReply(): { handler: Handler; resolve: (reply: Reply) => void } {
  let release!: (reply: Reply) => void;
  const reply = new Promise<Reply>((resolve) => (release = resolve));
  return { handler: () => reply, resolve: (r) => release(r) };
}
