import { ApiRoute, apiPath, type Category } from '@store/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoriesQueryKey } from '@/api/categories/categories-query-key';
import { apiCall } from '@/lib/api-client';

/** One category (public): the rename form fills itself from it. */
export function getCategory(categoryId: string, signal?: AbortSignal): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.category, { categoryId }), { signal });
}

export function categoryQueryOptions(categoryId: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'detail', categoryId],
    queryFn: ({ signal }) => getCategory(categoryId, signal),
  });
}

export function useCategory(categoryId: string) {
  return useQuery(categoryQueryOptions(categoryId));
}
