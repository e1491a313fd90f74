import { ApiRoute, apiPath, type PRODUCT_PHOTO_CARD_SIZE } from '@store/contract';
import { apiUrl } from './api-client';

/**
 * Where a product's photo is served; `card` is the small WebP the server makes for grids and lists.
 * The server marks photos `no-cache` with an ETag, so a replaced photo shows on the next load of the page.
 */
export function productPhotoUrl(productId: string, options: { size?: typeof PRODUCT_PHOTO_CARD_SIZE } = {}): string {
  return apiUrl(apiPath(ApiRoute.productPhoto, { productId }), { size: options.size });
}
