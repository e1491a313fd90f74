import { ApiRoute, apiPath } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, currentAuth } from '@/lib/api-client';
import type { OrderFilters } from './list-orders';

/** The orders matching `filters` as a CSV file (admins only). */
export function exportOrders(filters: OrderFilters): Promise<Blob> {
  return apiDownload(apiPath(ApiRoute.ordersExport, { userId: currentAuth().userId }), {
    signedIn: true,
    query: { ...filters },
    headers: { Accept: 'text/csv' },
  });
}

/** Asks for the CSV file on demand (a file to save, not data to keep: nothing is cached). */
export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
