import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What every log line written while serving one request carries. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request being served, if any: the logger adds its request id to each line. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithRequest<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

// Loose enough for nginx's $request_id, UUIDs and load balancers' trace ids; strict enough that a client
// cannot inject line breaks, quotes or a megabyte into every log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's request id when it is a sane one, else a fresh UUID. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
