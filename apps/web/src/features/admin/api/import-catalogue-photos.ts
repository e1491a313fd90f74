import { ApiRoute, apiPath } from '@store/contract';
import { type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productQueryOptions } from '@/api/products/get-product';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { type CataloguePhotoZip, cataloguePhotoZipForm } from './check-catalogue-photos';

/** Adds a zip's photos to the galleries (the API checks it again first; all or nothing): what was added. */
export function importCataloguePhotos(zip: CataloguePhotoZip): Promise<CataloguePhotosReport> {
  return apiCall<CataloguePhotosReport>(apiPath(ApiRoute.cataloguePhotosImport, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form: cataloguePhotoZipForm(zip),
  });
}

/** The products that got photos read again, and everything that lists products. */
export function useImportCataloguePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCataloguePhotos,
    onSuccess: (report) => {
      for (const product of new Set(report.entries.map((entry) => entry.product))) {
        void queryClient.invalidateQueries({ queryKey: productQueryOptions(product).queryKey });
      }
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}
