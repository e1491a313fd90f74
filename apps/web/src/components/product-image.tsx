import { PRODUCT_PHOTO_CARD_SIZE } from '@store/contract';
import { useState } from 'react';
// A file of its own, not a data URL inlined into the home page's JS (about 240 bytes of its budget, brotli):
// it shows only for a product without a photo.
import defaultPicture from '@/assets/default-tshirt.svg?no-inline';
import { productPhotoUrl } from '@/api/products/product-photo';

interface Props {
  productId?: string;
  /** The product's updatedAt: a new value means a new photo URL, so an edited photo never shows stale. */
  version?: string;
  name?: string;
  className?: string;
  size?: number;
  /** The page's largest paint (the grid's first photo): fetched eagerly and first (fetchpriority high). */
  priority?: boolean;
  /**
   * In the first screenful but not the largest paint (the rest of the grid's first row): fetched eagerly, at the
   * browser's own priority, so that on a phone, whose screen shows one card, it does not share the bandwidth of
   * the photo that is the page's LCP.
   */
  eager?: boolean;
  /** How wide the photo shows, for the browser to pick from srcset (defaults to the home grid's columns). */
  sizes?: string;
}

/** The card photo's width: the API's `?size=card` WebP is at most this many pixels wide. */
const CARD_PHOTO_WIDTH = 600;
/** The home grid: one column on phones, two from 576 px, three from 768 px inside a container of at most 1320 px. */
const GRID_SIZES = '(min-width: 1400px) 416px, (min-width: 768px) 33vw, (min-width: 576px) 50vw, 100vw';

/** A product's card-size photo, or the stock t-shirt picture when there is no product or it has no photo. */
export function ProductImage({
  productId,
  version,
  name,
  className = '',
  size = 400,
  priority = false,
  eager = priority,
  sizes = GRID_SIZES,
}: Props) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const src =
    productId && failedFor !== productId ? productPhotoUrl(productId, { size: PRODUCT_PHOTO_CARD_SIZE, version }) : defaultPicture;
  const isPhoto = src !== defaultPicture;
  return (
    <img
      src={src}
      // One candidate for now (the card WebP, <= 600 px); its width lets the browser skip it for a larger one
      // once the API offers more sizes, and never pick more pixels than the slot shows.
      srcSet={isPhoto ? `${src} ${CARD_PHOTO_WIDTH}w` : undefined}
      sizes={isPhoto ? sizes : undefined}
      alt={name ? `Photo of ${name}` : 'T-shirt'}
      className={className}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={eager || priority ? 'auto' : 'async'}
      width={size}
      height={size}
      onError={() => setFailedFor(productId ?? null)}
    />
  );
}
