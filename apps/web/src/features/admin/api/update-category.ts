import { ApiRoute, apiPath, type Category, type CategoryInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '@/api/categories/categories-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';
import { categoryQueryOptions } from './get-category';

export function updateCategory(categoryId: string, input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryUpdate, { categoryId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: input,
  });
}

/** Renames a category: its form shows the answer at once, and everything that shows categories reads again. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, input }: { categoryId: string; input: CategoryInput }) => updateCategory(categoryId, input),
    onSuccess: (saved, { categoryId }) => {
      queryClient.setQueryData(categoryQueryOptions(categoryId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    },
  });
}
