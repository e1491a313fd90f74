import { ApiRoute, apiPath, type Category, type CategoryInput, type DeletedResponse } from '@store/contract';
import { apiCall, currentAuth } from '@/lib/api-client';

// The list is public and the home page's chips read it too, so it lives in lib; the admin's calls keep it here.
export { listCategories } from '@/lib/list-categories';

export function getCategory(categoryId: string, signal?: AbortSignal): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.category, { categoryId }), { signal });
}

export function createCategory(input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryCreate, { userId: currentAuth().userId }), {
    method: 'POST',
    signedIn: true,
    json: input,
  });
}

export function updateCategory(categoryId: string, input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryUpdate, { categoryId, userId: currentAuth().userId }), {
    method: 'PUT',
    signedIn: true,
    json: input,
  });
}

/** Refused (409) while products still use the category. */
export function deleteCategory(categoryId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.categoryDelete, { categoryId, userId: currentAuth().userId }), {
    method: 'DELETE',
    signedIn: true,
  });
}
