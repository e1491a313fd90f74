import { PRODUCT_PHOTO_CARD_SIZE } from '@store/contract';
import { useState } from 'react';
import defaultPicture from '@/assets/default-tshirt.svg';
import { productPhotoUrl } from '@/lib/product-photo';

interface Props {
  productId?: string;
  /** The product's updatedAt: a new value means a new photo URL, so an edited photo never shows stale. */
  version?: string;
  name?: string;
  className?: string;
  size?: number;
}

/** A product's card-size photo, or the stock t-shirt picture when there is no product or it has no photo. */
export function ProductImage({ productId, version, name, className = '', size = 400 }: Props) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const src =
    productId && failedFor !== productId ? productPhotoUrl(productId, { size: PRODUCT_PHOTO_CARD_SIZE, version }) : defaultPicture;
  return (
    <img
      src={src}
      alt={name ? `Photo of ${name}` : 'T-shirt'}
      className={className}
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
      onError={() => setFailedFor(productId ?? null)}
    />
  );
}
