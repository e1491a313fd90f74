import type { Product } from '@store/contract';

/** schema.org's availability values the store's stock maps to. */
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
/** The store prices in US dollars (libs/contract formatDollars). */
export const PRICE_CURRENCY = 'USD';

/** One schema.org Offer of a product page's JSON-LD. */
export interface ProductOffer {
  '@type': 'Offer';
  url: string;
  sku: string;
  name?: string;
  price: string;
  priceCurrency: string;
  availability: string;
  itemCondition: string;
}

/**
 * The offers of a product as the shop sells it now: one Offer per size in stock for a product sold in sizes, one
 * for the product otherwise; a product with nothing left gets one Offer marked out of stock. The one place that
 * knows how a product's shape becomes offers, so a new shape (variants) changes only this.
 */
export function productOffers(product: Product, url: string): ProductOffer[] {
  const offer = (sku: string, inStock: boolean, name?: string): ProductOffer => ({
    '@type': 'Offer',
    url,
    sku,
    ...(name ? { name } : {}),
    price: product.price.toFixed(2),
    priceCurrency: PRICE_CURRENCY,
    availability: inStock ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
  });
  const sizes = (product.sizes ?? []).filter((size) => size.stock > 0);
  if (sizes.length > 0) return sizes.map((size) => offer(`${product._id}-${size.size}`, true, `${product.name}, size ${size.size}`));
  return [offer(product._id, product.stock > 0)];
}
