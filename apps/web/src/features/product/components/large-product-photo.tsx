import {
  type Product,
  PRODUCT_PHOTO_CARD_SIZE,
  PRODUCT_PHOTO_LARGE_MAX_PX,
  PRODUCT_PHOTO_LARGE_SIZE,
  type ProductPhoto,
} from '@store/contract';
import { useState } from 'react';
import defaultPicture from '@/assets/default-tshirt.svg?no-inline';
import { galleryPhotoUrl } from '@/api/products/gallery-photo-url';
import { productPhotoUrl } from '@/api/products/product-photo';

/** The card WebP's width (the API's `?size=card`): enough for a phone's column at 1x. */
const CARD_PHOTO_WIDTH = 600;
/** Half the container from 768 px (the page's two columns), the whole width below. */
const PAGE_SIZES = '(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw';

/**
 * The product page's photo: the large WebP (or the card one where the slot is small), in a square box reserved
 * before any byte arrives, so nothing below it moves when it loads. It is the page's largest paint: fetched first.
 * `photo` is one of the product's gallery (its first when left out). The first photo is asked for at the URL of the
 * product's photo (no photo id), the one the grid's card and every page before galleries used, so a shopper
 * coming from the grid has it in cache, and so does a CDN.
 */
export function LargeProductPhoto({ product, photo }: { product: Product; photo?: ProductPhoto }) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const version = product.updatedAt;
  const first = !photo || photo._id === product.photos?.[0]?._id;
  const url = (size: typeof PRODUCT_PHOTO_CARD_SIZE | typeof PRODUCT_PHOTO_LARGE_SIZE) =>
    first ? productPhotoUrl(product._id, { size, version }) : galleryPhotoUrl(product._id, photo._id, { size, version });
  const large = url(PRODUCT_PHOTO_LARGE_SIZE);
  const failed = failedFor === large;
  return (
    <img
      src={failed ? defaultPicture : large}
      srcSet={failed ? undefined : `${url(PRODUCT_PHOTO_CARD_SIZE)} ${CARD_PHOTO_WIDTH}w, ${large} ${PRODUCT_PHOTO_LARGE_MAX_PX}w`}
      sizes={failed ? undefined : PAGE_SIZES}
      alt={photo?.alt ?? `Photo of ${product.name}`}
      className="product-page-photo rounded shadow-sm"
      width={PRODUCT_PHOTO_LARGE_MAX_PX}
      height={PRODUCT_PHOTO_LARGE_MAX_PX}
      fetchPriority="high"
      onError={() => setFailedFor(large)}
    />
  );
}
