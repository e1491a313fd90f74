/**
 * The routes of a product's photo gallery: in a module apart from ApiRoute's (routes.ts) so that the home
 * page, whose code takes routes.ts whole, does not carry them (only the product page and the admin screens use them).
 */
export const GalleryRoute = {
  /** One photo of a product's gallery. */
  productGalleryPhoto: '/product/photo/:productId/:photoId',
  /** POST adds a photo to the gallery (multipart); PUT sets the gallery's order, alt texts and colours (JSON). */
  productPhotos: '/product/:productId/photos/:userId',
  /** DELETE removes one photo of the gallery. */
  productPhotoDelete: '/product/:productId/photos/:photoId/:userId',
} as const;
