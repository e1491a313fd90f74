import { apiPath, ApiRoute, type PRODUCT_PHOTO_CARD_SIZE, type PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import { apiUrl } from '@/lib/api-client';

/**
 * Where a product's photo is served; `card` is the small WebP the server makes for grids and lists, `large` the
 * WebP (at most 1,200 px) of the product page.
 * `version` (the product's updatedAt) makes a replaced photo a new URL: the browser keeps images it already
 * showed for as long as the page lives, whatever their cache headers say.
 */
export function productPhotoUrl(
  productId: string,
  options: { size?: typeof PRODUCT_PHOTO_CARD_SIZE | typeof PRODUCT_PHOTO_LARGE_SIZE; version?: string } = {},
): string {
  return apiUrl(apiPath(ApiRoute.productPhoto, { productId }), { size: options.size, v: options.version });
}
