import { ApiRoute, apiPath } from '@store/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, currentAuth } from '@/lib/api-client';

/** The whole catalogue as a CSV file, one row per variant (staff). */
export function exportCatalogue(): Promise<Blob> {
  return apiDownload(apiPath(ApiRoute.catalogueExport, { userId: currentAuth().userId }), {
    signedIn: true,
    headers: { Accept: 'text/csv' },
  });
}

/** Asks for the CSV file on demand (a file to save, not data to keep: nothing is cached). */
export function useExportCatalogue() {
  return useMutation({ mutationFn: exportCatalogue });
}
