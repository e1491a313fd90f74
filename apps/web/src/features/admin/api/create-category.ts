import { ApiRoute, apiPath, type Category, type CategoryInput } from '@store/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '@/api/categories/categories-query-key';
import { apiCall, currentAuth } from '@/lib/api-client';

export function createCategory(input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

/** Creates a category; every list of categories (the admin's, the forms' selects, the home page's chips) reads again. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
