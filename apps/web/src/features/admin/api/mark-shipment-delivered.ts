import { ApiRoute, apiPath, type Order } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { showChangedOrder } from './list-orders';

/** Marks one parcel of an order delivered (owners and staff); the order is Delivered once every parcel arrived. */
export function markShipmentDelivered(orderId: string, shipmentId: string): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.shipmentDelivered, { orderId, shipmentId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
  });
}

/** Marks a parcel delivered: the admin's list shows the answer as it is; the buyers' views read again when next shown. */
export function useMarkShipmentDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, shipmentId }: { orderId: string; shipmentId: string }) => markShipmentDelivered(orderId, shipmentId),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
