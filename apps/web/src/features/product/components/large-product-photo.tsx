import { type Product, PRODUCT_PHOTO_CARD_SIZE, PRODUCT_PHOTO_LARGE_MAX_PX, PRODUCT_PHOTO_LARGE_SIZE } from '@store/contract';
import { useState } from 'react';
import defaultPicture from '@/assets/default-tshirt.svg?no-inline';
import { productPhotoUrl } from '@/api/products/product-photo';

/** The card WebP's width (the API's `?size=card`): enough for a phone's column at 1x. */
const CARD_PHOTO_WIDTH = 600;
/** Half the container from 768 px (the page's two columns), the whole width below. */
const PAGE_SIZES = '(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw';

/**
 * The product page's photo: the large WebP (or the card one where the slot is small), in a square box reserved
 * before any byte arrives, so nothing below it moves when it loads. It is the page's largest paint: fetched first.
 */
export function LargeProductPhoto({ product }: { product: Product }) {
  const [failed, setFailed] = useState(false);
  const version = product.updatedAt;
  const large = productPhotoUrl(product._id, { size: PRODUCT_PHOTO_LARGE_SIZE, version });
  const card = productPhotoUrl(product._id, { size: PRODUCT_PHOTO_CARD_SIZE, version });
  return (
    <img
      src={failed ? defaultPicture : large}
      srcSet={failed ? undefined : `${card} ${CARD_PHOTO_WIDTH}w, ${large} ${PRODUCT_PHOTO_LARGE_MAX_PX}w`}
      sizes={failed ? undefined : PAGE_SIZES}
      alt={`Photo of ${product.name}`}
      className="product-page-photo rounded shadow-sm"
      width={PRODUCT_PHOTO_LARGE_MAX_PX}
      height={PRODUCT_PHOTO_LARGE_MAX_PX}
      fetchPriority="high"
      onError={() => setFailed(true)}
    />
  );
}
