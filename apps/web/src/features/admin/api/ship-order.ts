import { ApiRoute, apiPath, type Order } from '@store/contract';
import { type ShipmentRequest } from '@store/contract/dto/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { showChangedOrder } from './list-orders';

/** Ships some or all of a paid order's lines in one parcel (owners and staff); answers the order with its shipments. */
export function shipOrder(orderId: string, shipment: ShipmentRequest): Promise<Order> {
  return apiCall<Order>(apiPath(ApiRoute.orderShipments, { orderId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: shipment,
  });
}

/** Ships a parcel: the admin's list shows the answer as it is; the buyers' own views read again when next shown. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, shipment }: { orderId: string; shipment: ShipmentRequest }) => shipOrder(orderId, shipment),
    onSuccess: (order) => showChangedOrder(queryClient, order),
  });
}
