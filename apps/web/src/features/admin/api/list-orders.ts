import {
  ApiRoute,
  apiPath,
  NEXT_CURSOR_HEADER,
  type Order,
  ORDER_PAGE_DEFAULT,
  type OrderStatus,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@store/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { buyersOrdersQueryKey, ordersQueryKey } from '@/api/orders/orders-query-key';
import { apiRequest, currentAuth } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { type Paged, type PagedList, type PagedListOptions, usePagedList } from '@/lib/use-paged-list';

/** The admin list's filters (all optional): a status, a date range (YYYY-MM-DD, UTC) and a search (order number or e-mail). */
export interface OrderFilters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
}

export interface OrderPage {
  orders: Order[];
  total: number;
  /** The total stopped counting at the server's cap: there are at least `total`. */
  capped: boolean;
  after?: string;
}

/** One page of the shop's orders, newest first (admins only). */
export async function listOrders(filters: OrderFilters, page: { limit: number; after?: string }, signal?: AbortSignal): Promise<OrderPage> {
  const { data, headers } = await apiRequest<Order[]>(apiPath(ApiRoute.ordersAll, { userId: currentAuth().userId }), {
    signedIn: true,
    signal,
    query: { limit: page.limit, after: page.after, ...filters },
  });
  const orders = Array.isArray(data) ? data : [];
  return {
    orders,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? orders.length),
    capped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
    after: headers.get(NEXT_CURSOR_HEADER) ?? undefined,
  };
}

/** Every admin list of orders, whatever its filters. */
const adminListsKey = [...ordersQueryKey, 'all'] as const;

/** The shop's orders matching `filters`, a page at a time by cursor (the admin's list). */
export function orderListOptions(userId: string, filters: OrderFilters): PagedListOptions<Order> {
  return {
    queryKey: [...adminListsKey, userId, filters],
    pageSize: ORDER_PAGE_DEFAULT,
    byCursor: true,
    fetchPage: async (page, signal) => {
      const { orders, total, capped, after } = await listOrders(filters, { limit: page.limit, after: page.after }, signal);
      return { items: orders, total, capped, after };
    },
  };
}

export function useOrders(filters: OrderFilters): PagedList<Order> {
  return usePagedList(orderListOptions(useSession()?.user._id ?? '', filters));
}

/**
 * An order the admin changed (a status move, a refund), as the server just answered it: the admin's lists show it in
 * place (their loaded pages are not read again), and the buyers' own views of their orders read again when next shown.
 */
export function showChangedOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<InfiniteData<Paged<Order>>>(
    { queryKey: adminListsKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map((o) => (o._id === order._id ? order : o)) })),
      },
  );
  void queryClient.invalidateQueries({ queryKey: buyersOrdersQueryKey });
  // The one-order reads (the packing slip) read again too.
  void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'one'] });
}
