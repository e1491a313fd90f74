import { ApiRoute, apiPath, NEXT_CURSOR_HEADER, type Order, ORDER_PAGE_DEFAULT, TOTAL_COUNT_HEADER } from '@store/contract';
import { buyersOrdersQueryKey } from '@/api/orders/orders-query-key';
import { apiRequest, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type PagedList, type PagedListOptions, usePagedList } from '@/lib/use-paged-list';

/** One page of the signed-in buyer's own orders, newest first, with the total and the next page's cursor. */
export async function listMyOrders(
  page: { limit: number; after?: string },
  signal?: AbortSignal,
): Promise<{ orders: Order[]; total: number; after?: string }> {
  const { data, headers } = await apiRequest<Order[]>(apiPath(ApiRoute.ordersOfUser, { userId: currentAuth().userId }), {
    signedIn: true,
    signal,
    query: { limit: page.limit, after: page.after },
  });
  const orders = Array.isArray(data) ? data : [];
  return { orders, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? orders.length), after: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The buyer's orders, a page at a time by cursor; under the buyers' key, so an admin's change to an order refreshes it. */
export function myOrderListOptions(userId: string): PagedListOptions<Order> {
  return {
    queryKey: [...buyersOrdersQueryKey, userId],
    pageSize: ORDER_PAGE_DEFAULT,
    byCursor: true,
    fetchPage: async (page, signal) => {
      const answer = await listMyOrders({ limit: page.limit, after: page.after }, signal);
      return { items: answer.orders, total: answer.total, after: answer.after };
    },
  };
}

export function useMyOrders(): PagedList<Order> {
  return usePagedList(myOrderListOptions(useSession()?.user._id ?? ''));
}
