import { ApiRoute, apiPath, type Category } from '@store/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { categoriesQueryKey } from './categories-query-key';

/** Every category, by name (public): the admin's lists and forms, the product page and the home page's chips read it. */
export function listCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiCall<Category[]>(apiPath(ApiRoute.categories, {}), { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'list'],
    queryFn: ({ signal }) => listCategories(signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** Puts the categories a server-rendered page was drawn from where the hook finds them (app/page-data.ts). */
export function seedCategories(queryClient: QueryClient, categories: Category[]): void {
  queryClient.setQueryData(categoriesQueryOptions().queryKey, categories);
}
