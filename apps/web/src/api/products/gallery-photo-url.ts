import { apiPath, GalleryRoute, type PRODUCT_PHOTO_CARD_SIZE, type PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import { apiUrl } from '@/lib/api-client';

// A file apart from product-photo.ts, which the home page's cards import: only the product page and the admin
// screens show gallery photos, so their route stays out of the home page's code.
/** Where one photo of a product's gallery is served (the same sizes and versioning as {@link productPhotoUrl}). */
export function galleryPhotoUrl(
  productId: string,
  photoId: string,
  options: { size?: typeof PRODUCT_PHOTO_CARD_SIZE | typeof PRODUCT_PHOTO_LARGE_SIZE; version?: string } = {},
): string {
  return apiUrl(apiPath(GalleryRoute.productGalleryPhoto, { productId, photoId }), { size: options.size, v: options.version });
}
