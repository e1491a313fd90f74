import { API_PREFIX, ApiRoute, apiPath, PRODUCT_PHOTO_LARGE_SIZE, type Product } from '@store/contract';
import { productOffers, variantProducts, variesBy } from './product-offers.js';

/** The shop's name as the pages show it (apps/web/src/components/page.tsx). */
const SITE_NAME = 'T-Shirt Store';

/** What a rendered page's head says about it: for crawlers and for the previews chat apps unfurl. */
export interface PageHeadInput {
  /** The tab title, the shop's name included. */
  title: string;
  description: string;
  /** The page's absolute canonical URL (from PUBLIC_URL, never from the request); none for an unknown address. */
  canonical?: string;
  /** The absolute URL of the preview image, if the page has one of its own. */
  image?: string;
  /** A product page's product: its JSON-LD. */
  product?: Product;
  /** Not for search results (a product that is not there, a search). */
  noindex?: boolean;
}

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON that is safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return safeScriptJson(JSON.stringify(value));
}

/** JSON text made safe inside a `<script>` element (`<`, `>` and `&` as escapes JSON.parse reads back the same). */
export function safeScriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The absolute URL of a product's large photo (the preview image and the JSON-LD's image). */
export function largePhotoUrl(publicUrl: string, product: Product): string {
  const query = new URLSearchParams({ size: PRODUCT_PHOTO_LARGE_SIZE, v: product.updatedAt });
  return `${publicUrl}${API_PREFIX}${apiPath(ApiRoute.productPhoto, { productId: product._id })}?${query.toString()}`;
}

/**
 * A product as schema.org JSON-LD (Google's Product rich result: name, image, offers with price). A product
 * without options is a Product with one Offer; a product with options (colour, size...) is a ProductGroup whose
 * `hasVariant` lists each variant on sale as a Product with its SKU, values and one Offer (Google's product variants).
 */
export function productJsonLd(product: Product, url: string, image: string): Record<string, unknown> {
  const common = {
    '@context': 'https://schema.org',
    '@id': url,
    name: product.name,
    description: product.description,
    image: [image],
    url,
    brand: { '@type': 'Brand', name: SITE_NAME },
  };
  const variants = (product.options ?? []).length > 0 ? variantProducts(product, url, image) : [];
  // Without options, or with none of its variants on sale: one Product and its one Offer (out of stock if so).
  if (variants.length === 0) return { ...common, '@type': 'Product', sku: product._id, offers: productOffers(product, url) };
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: product._id,
    variesBy: variesBy(product),
    hasVariant: variants,
  };
}

/** The head's tags of a rendered page: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function pageHead(input: PageHeadInput): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(input.title)}</title>`,
    meta('name', 'description', input.description),
    ...(input.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(input.canonical ? [`<link rel="canonical" href="${escapeHtml(input.canonical)}" />`] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', input.product ? 'product' : 'website'),
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', input.description),
    ...(input.canonical ? [meta('property', 'og:url', input.canonical)] : []),
  ];
  if (input.image) {
    tags.push(
      meta('property', 'og:image', input.image),
      meta('property', 'og:image:alt', input.product ? `Photo of ${input.product.name}` : SITE_NAME),
    );
  }
  tags.push(
    meta('name', 'twitter:card', input.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', input.title),
    meta('name', 'twitter:description', input.description),
    ...(input.image ? [meta('name', 'twitter:image', input.image)] : []),
  );
  if (input.product && input.image && input.canonical) {
    tags.push(`<script type="application/ld+json">${scriptJson(productJsonLd(input.product, input.canonical, input.image))}</script>`);
  }
  return tags.join('\n    ');
}
