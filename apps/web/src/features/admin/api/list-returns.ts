import {
  ApiRoute,
  apiPath,
  NEXT_CURSOR_HEADER,
  type OrderReturn,
  RETURN_PAGE_DEFAULT,
  type ReturnStatus,
  TOTAL_COUNT_HEADER,
} from '@store/contract';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiRequest, currentAuth } from '@/lib/api-client';
import { type PagedList, usePagedList } from '@/lib/use-paged-list';

/** One page of the returns and exchanges (staff), newest first, optionally of one status; with the total and the next cursor. */
export async function listReturns(
  status: ReturnStatus | undefined,
  page: { limit: number; after?: string },
  signal?: AbortSignal,
): Promise<{ returns: OrderReturn[]; total: number; after?: string }> {
  const { data, headers } = await apiRequest<OrderReturn[]>(apiPath(ApiRoute.returnsAll, { userId: currentAuth().userId }), {
    signedIn: true,
    signal,
    query: { limit: page.limit, after: page.after, status },
  });
  const returns = Array.isArray(data) ? data : [];
  return { returns, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? returns.length), after: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The returns, a page at a time by cursor (the admin's screen); every step of a return refreshes them. */
export function useReturns(status?: ReturnStatus): PagedList<OrderReturn> {
  return usePagedList({
    queryKey: [...returnsQueryKey, 'all', status ?? ''],
    pageSize: RETURN_PAGE_DEFAULT,
    byCursor: true,
    fetchPage: async (page, signal) => {
      const answer = await listReturns(status, { limit: page.limit, after: page.after }, signal);
      return { items: answer.returns, total: answer.total, after: answer.after };
    },
  });
}
