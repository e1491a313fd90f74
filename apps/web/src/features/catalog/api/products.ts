import { ApiRoute, apiPath, TOTAL_COUNT_HEADER, type Product } from '@store/contract';
import { apiRequest } from '../../../lib/api-client';

export interface ProductPage {
  products: Product[];
  /** How many products the catalogue holds in all (the `X-Total-Count` header). */
  total: number;
}

/** One page of the catalogue, newest first, with the total so the grid knows whether more remain. */
export async function listProducts(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<ProductPage> {
  const { data, headers } = await apiRequest<Product[]>(apiPath(ApiRoute.products, {}), {
    query: { limit: page.limit, offset: page.offset, sortBy: 'createdAt', order: 'desc' },
    signal,
  });
  const products = Array.isArray(data) ? data : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { products, total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : page.offset + products.length };
}
