import { API_PREFIX, ErrorCode, type ErrorBody } from '@store/contract';
import { authOf, readSession, type Auth } from './session';

/**
 * The one HTTP client of the web app. Every API operation (`features/<feature>/api`, `api/`) goes through it, so the bearer header,
 * the base URL and the way a failure becomes a readable `error` text live in one place.
 * It also reads who is signed in itself (from the session store), so no screen and no API function passes a token.
 * No React and no browser-only globals here: Node tests (Pact) point the same calls at a mock server
 * with `configureApi({ baseUrl, getAuth })`.
 */
export interface ApiClientSettings {
  /** Where the API lives: `/api` on the same origin by default, an absolute URL in Node tests. */
  baseUrl: string;
  fetch: typeof fetch;
  /** Called when a request that carried a token gets 401 (expired or revoked sign-in). */
  onUnauthorized?: () => void;
  /** Who is calling; the stored session by default, a fixed user in Pact tests. */
  getAuth: () => Auth | null;
}

// Looked up at call time (not bound at import) so a page that swaps `fetch` after loading still goes through it.
const defaultFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

function sessionAuth(): Auth | null {
  const session = readSession();
  return session ? authOf(session) : null;
}

const defaults = (): ApiClientSettings => ({ baseUrl: API_PREFIX, fetch: defaultFetch, getAuth: sessionAuth });

let settings: ApiClientSettings = defaults();

/** Changes some settings (tests: base URL, fetch, who is signed in; the app: what a 401 does). */
export function configureApi(changes: Partial<ApiClientSettings>): void {
  settings = { ...settings, ...changes };
}

export function resetApiClient(): void {
  settings = defaults();
}

export type { Auth };

/**
 * The signed-in caller, for routes that carry the user's id in the path. Screens that call these sit behind a
 * sign-in guard; without a session the call fails as the server would (401) instead of sending `undefined`.
 */
export function currentAuth(): Auth {
  const auth = settings.getAuth();
  if (!auth) throw new ApiError('Sign in to continue', 401, ErrorCode.Unauthenticated);
  return auth;
}

export type QueryValue = string | number | undefined;

/** A failed call: `message` is the server's `error` text, ready to show to a person. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the store. Check your connection and try again.';

/** The absolute or base-relative URL of an API path, e.g. for an `<img src>`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser or Node sets the boundary). */
  form?: FormData;
  /** Sends the signed-in user's token (from the client's settings) as the bearer header. */
  signedIn?: boolean;
  /** An explicit bearer token (overrides `signedIn`). */
  token?: string;
  headers?: Record<string, string>;
  /** Lets a screen that goes away stop waiting for its answer. */
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Sends one request; resolves with the parsed body and headers, rejects with an {@link ApiError}. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const response = await send(path, options);
  return { data: (await readBody(response)) as T, status: response.status, headers: response.headers };
}

/** Sends one request for a file (the orders' CSV export); resolves with its bytes, rejects with an {@link ApiError}. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** The request itself: headers, body, the network failure and the server's refusal as an {@link ApiError}. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token ?? (options.signedIn ? settings.getAuth()?.token : undefined);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await settings.fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error('Network error', cause);
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token) settings.onUnauthorized?.();
    const error = data as Partial<ErrorBody> | undefined;
    const message =
      typeof error?.error === 'string' && error.error ? error.error : `The store answered ${response.status} ${response.statusText}`.trim();
    throw new ApiError(message, response.status, typeof error?.code === 'string' ? error.code : undefined, data);
  }
  return response;
}

/** {@link apiRequest} for callers that need only the body. */
export async function apiCall<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The fields a refusal named (`details` of a 400 `VALIDATION_FAILED`), to show each message beside its field. */
export function fieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.ValidationFailed) return [];
  const details = (error.body as Partial<ErrorBody> | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter((d) => typeof d?.field === 'string' && typeof d?.message === 'string');
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
