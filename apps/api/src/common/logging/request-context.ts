import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Loose enough for nginx's $request_id, UUIDs and load balancers' trace ids; strict enough that a client
// cannot inject line breaks, quotes or a megabyte into every log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's request id when it is a sane one, else a fresh UUID. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

const requests = new AsyncLocalStorage<string>();

/** Runs `next` (the rest of the request's chain) with `requestId` as the id of every line it logs. */
export function inRequestContext(requestId: string, next: () => void): void {
  requests.run(requestId, next);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore();
}
