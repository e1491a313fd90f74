import { ApiRoute, apiPath, type AuditEntry, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import { apiRequest, type Auth } from '../../../lib/api-client';

/** Narrows the trail to one entity (a product, category or order id) and/or one admin (a user id). */
export interface AuditFilters {
  entity?: string;
  actor?: string;
}

/** One page of the trail: `next` is the cursor of the following page, absent on the last one. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  next?: string;
}

/** The audit trail, newest first (admins only); pass the previous page's `next` as `after` to go on. */
export async function listAudit(
  auth: Auth,
  query: AuditFilters & { limit: number; after?: string },
  signal?: AbortSignal,
): Promise<AuditPage> {
  const { data, headers } = await apiRequest<AuditEntry[]>(apiPath(ApiRoute.audit, { userId: auth.userId }), {
    token: auth.token,
    query: { limit: query.limit, after: query.after, entity: query.entity, actor: query.actor },
    signal,
  });
  return {
    entries: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    next: headers.get(NEXT_CURSOR_HEADER) ?? undefined,
  };
}
