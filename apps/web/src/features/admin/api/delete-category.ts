import { ApiRoute, apiPath, type DeletedResponse } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '@/api/categories/categories-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

/** Refused (409) while products still use the category. */
export function deleteCategory(categoryId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.categoryDelete, { categoryId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}

/** Deletes a category; it settles once the lists of categories have been read again (the deleted one gone). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
