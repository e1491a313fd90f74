import { ApiRoute, apiPath, type ExchangeShipment, type OrderReturn } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsQueryKey } from '@/api/returns/returns-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Records an exchange's new variant as shipped, with its carrier and tracking number (staff). */
export function shipExchange(returnId: string, shipment: ExchangeShipment): Promise<OrderReturn> {
  return apiCall<OrderReturn>(apiPath(ApiRoute.returnShip, { returnId, userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: shipment,
  });
}

export function useShipExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, shipment }: { returnId: string; shipment: ExchangeShipment }) => shipExchange(returnId, shipment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsQueryKey }),
  });
}
