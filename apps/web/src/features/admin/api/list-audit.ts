import { ApiRoute, apiPath, type AuditEntry, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@store/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, currentAuth } from '@/lib/api-client';
import { type PagedList, type PagedListOptions, type PageRequest, type Paged, usePagedList } from '@/lib/use-paged-list';

const auditQueryKey = ['audit'] as const;

/** Narrows the trail to one entity (a product, category or order id) and/or one admin (a user id). */
export interface AuditFilters {
  entity?: string;
  actor?: string;
}

/**
 * One page of the audit trail, newest first (admins only). The server pages by cursor only: `after` is the
 * previous page's X-Next-Cursor, and a page without one is the last (offsets are not sent).
 */
export async function listAudit(page: PageRequest, filters: AuditFilters, signal?: AbortSignal): Promise<Paged<AuditEntry>> {
  // Past the last page (the paging helper asks by offset when entries arrived meanwhile): nothing more to read.
  if (page.offset > 0 && !page.after) return { items: [], total: page.offset };
  const { data, headers } = await apiRequest<AuditEntry[]>(apiPath(ApiRoute.audit, { userId: currentAuth().userId }), {
    signedIn: true,
    query: { limit: page.limit, after: page.after, entity: filters.entity, actor: filters.actor },
    signal,
  });
  return {
    items: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    after: headers.get(NEXT_CURSOR_HEADER) ?? undefined,
  };
}

/** The trail narrowed by `filters`, `pageSize` entries at a time. */
export function auditListOptions(filters: AuditFilters, pageSize: number): PagedListOptions<AuditEntry> {
  return {
    queryKey: [...auditQueryKey, 'list', filters],
    pageSize,
    fetchPage: (page, signal) => listAudit(page, filters, signal),
  };
}

/** The audit trail as `filters` narrow it. */
export function useAuditTrail(filters: AuditFilters, pageSize: number): PagedList<AuditEntry> {
  const queryClient = useQueryClient();
  // Every admin write adds entries: the trail is read fresh on each visit instead of served from the cache.
  useEffect(() => () => queryClient.removeQueries({ queryKey: auditQueryKey }), [queryClient]);
  return usePagedList(auditListOptions(filters, pageSize));
}
