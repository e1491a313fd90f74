import { ApiRoute, apiPath } from '@store/contract';
import { type CatalogueImportJob } from '@store/contract/dto/catalogue-transfer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productsQueryKey } from '@/api/products/products-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** How often a running import's progress is read again. */
const PROGRESS_POLL_MS = 1000;

/** An import's progress (staff). */
export function getCatalogueImport(importId: string, signal?: AbortSignal): Promise<CatalogueImportJob> {
  return apiCall<CatalogueImportJob>(apiPath(ApiRoute.catalogueImport, { importId, userId: currentAuth().userId }), {
    signedIn: true,
    signal,
  });
}

export const catalogueImportQueryKey = ['catalogue', 'import'] as const;

/** Follows an import while it runs (read again every second); once it ends, everything showing products reads again. */
export function useCatalogueImport(importId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...catalogueImportQueryKey, importId],
    queryFn: ({ signal }) => getCatalogueImport(importId!, signal),
    enabled: importId !== undefined,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
  });
  const ended = query.data !== undefined && query.data.status !== 'running';
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: productsQueryKey });
  }, [ended, queryClient]);
  return query;
}
