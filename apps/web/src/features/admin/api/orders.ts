import {
  ApiRoute,
  apiPath,
  type LineRefundRequest,
  NEXT_CURSOR_HEADER,
  type Order,
  type OrderStatus,
  type OrderStatusUpdate,
  type SalesOverview,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type ProductSize,
} from '@store/contract';
import { apiCall, apiDownload, apiRequest, currentAuth } from '@/lib/api-client';

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

/** The orders matching `filters` as a CSV file (admins only). */
export function exportOrders(filters: OrderFilters): Promise<Blob> {
  return apiDownload(apiPath(ApiRoute.ordersExport, { userId: currentAuth().userId }), {
    signedIn: true,
    query: { ...filters },
    headers: { Accept: 'text/csv' },
  });
}

/** Orders and revenue today / 7 / 30 days, best sellers, products low on stock (admins only). */
export function getSalesOverview(signal?: AbortSignal): Promise<SalesOverview> {
  return apiCall<SalesOverview>(apiPath(ApiRoute.ordersOverview, { userId: currentAuth().userId }), { signedIn: true, signal });
}

/** Moves an order along Received -> Processing -> Shipped -> Delivered, or to Cancelled before shipping (admins only). */
export function updateOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  const body: OrderStatusUpdate = { status };
  return apiCall<Order>(apiPath(ApiRoute.orderStatus, { orderId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: body,
  });
}

/** Refunds one line of a paid order on its own (admins only; the charge must have settled, else 409). */
/** Refunds one line: the product's, in `size` for a line of a product sold in sizes. */
export function refundOrderLine(orderId: string, productId: string, size?: ProductSize): Promise<Order> {
  const body: LineRefundRequest = size ? { product: productId, size } : { product: productId };
  return apiCall<Order>(apiPath(ApiRoute.orderLineRefund, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
  });
}
