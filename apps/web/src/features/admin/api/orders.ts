import { ApiRoute, apiPath, type LineRefundRequest, type Order, type OrderStatus, type OrderStatusUpdate } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Every order in the shop (admins only). */
export function listAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiCall<Order[]>(apiPath(ApiRoute.ordersAll, { userId: currentAuth().userId }), { signedIn: true, signal });
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
export function refundOrderLine(orderId: string, productId: string): Promise<Order> {
  const body: LineRefundRequest = { product: productId };
  return apiCall<Order>(apiPath(ApiRoute.orderLineRefund, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: body,
  });
}
