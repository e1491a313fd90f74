import { ApiRoute, apiPath, type Category } from '@store/contract';
import { apiCall } from './api-client';

/** Every category, by name (public): the admin's lists and forms and the home page's category chips read it. */
export function listCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiCall<Category[]>(apiPath(ApiRoute.categories, {}), { signal });
}
