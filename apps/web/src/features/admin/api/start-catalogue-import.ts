import { ApiRoute, apiPath } from '@store/contract';
import { type CatalogueImportJob } from '@store/contract/dto/catalogue-transfer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, currentAuth } from '@/lib/api-client';
import { type CatalogueCsvFile, catalogueCsvForm } from './check-catalogue-import';
import { catalogueImportQueryKey } from './get-catalogue-import';

/** Starts importing a file (the API checks it again first): the job, which goes on in the background. */
export function startCatalogueImport(file: CatalogueCsvFile): Promise<CatalogueImportJob> {
  return apiCall<CatalogueImportJob>(apiPath(ApiRoute.catalogueImportStart, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    form: catalogueCsvForm(file),
  });
}

/** The started job is the first answer of its progress query. */
export function useStartCatalogueImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCatalogueImport,
    onSuccess: (job) => queryClient.setQueryData([...catalogueImportQueryKey, job._id], job),
  });
}
