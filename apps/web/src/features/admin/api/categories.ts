import { ApiRoute, apiPath, type Category, type CategoryInput, type DeletedResponse } from '@store/contract';
import { apiCall, type Auth } from '../../../lib/api-client';

export function listCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiCall<Category[]>(apiPath(ApiRoute.categories, {}), { signal });
}

export function getCategory(categoryId: string, signal?: AbortSignal): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.category, { categoryId }), { signal });
}

export function createCategory(auth: Auth, input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryCreate, { userId: auth.userId }), { method: 'POST', token: auth.token, json: input });
}

export function updateCategory(auth: Auth, categoryId: string, input: CategoryInput): Promise<Category> {
  return apiCall<Category>(apiPath(ApiRoute.categoryUpdate, { categoryId, userId: auth.userId }), {
    method: 'PUT',
    token: auth.token,
    json: input,
  });
}

/** Refused (409) while products still use the category. */
export function deleteCategory(auth: Auth, categoryId: string): Promise<DeletedResponse> {
  return apiCall<DeletedResponse>(apiPath(ApiRoute.categoryDelete, { categoryId, userId: auth.userId }), {
    method: 'DELETE',
    token: auth.token,
  });
}
