import { type Product, type ProductOption, type ProductVariant, variantLabel, variantPrice } from '@store/contract';

/** schema.org's availability values the store's stock maps to. */
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const NEW_CONDITION = 'https://schema.org/NewCondition';
/** The store prices in US dollars (libs/contract formatDollars). */
export const PRICE_CURRENCY = 'USD';

/** One schema.org Offer of a product page's JSON-LD: one variant on sale, at its price, with its stock. */
export interface ProductOffer {
  '@type': 'Offer';
  url: string;
  sku: string;
  price: string;
  priceCurrency: string;
  availability: string;
  itemCondition: string;
}

/** One variant of a ProductGroup: its SKU, its values as schema.org properties (colour, size...) and its Offer. */
export interface VariantProduct {
  '@type': 'Product';
  sku: string;
  name: string;
  image: string[];
  color?: string;
  size?: string;
  material?: string;
  pattern?: string;
  additionalProperty?: Array<{ '@type': 'PropertyValue'; name: string; value: string }>;
  offers: ProductOffer;
}

/** The schema.org properties an option's name maps to (case ignored; "Colour" and "Color" alike). */
const SCHEMA_PROPERTIES: Array<{ pattern: RegExp; property: 'color' | 'size' | 'material' | 'pattern' }> = [
  { pattern: /^colou?r$/i, property: 'color' },
  { pattern: /^size$/i, property: 'size' },
  { pattern: /^material$/i, property: 'material' },
  { pattern: /^pattern$/i, property: 'pattern' },
];

const schemaProperty = (option: Pick<ProductOption, 'name'>) =>
  SCHEMA_PROPERTIES.find(({ pattern }) => pattern.test(option.name.trim()))?.property;

/** The variants on sale: the active ones (a product read always has at least its default variant). */
function onSale(product: Product): ProductVariant[] {
  return (product.variants ?? []).filter((variant) => variant.active);
}

/** The product page's URL with the variant chosen (`?colour=Blue&size=M`, as the page reads its choice). */
export function variantUrl(url: string, options: readonly ProductOption[], variant: Pick<ProductVariant, 'options'>): string {
  if (variant.options.length === 0) return url;
  const query = new URLSearchParams(
    options.map((option, index): [string, string] => [option.name.toLowerCase(), variant.options[index] ?? '']),
  );
  return `${url}?${query.toString()}`;
}

function offer(product: Product, url: string, sku: string, variant: ProductVariant | undefined): ProductOffer {
  const stock = variant ? variant.stock : product.stock;
  return {
    '@type': 'Offer',
    url,
    sku,
    price: variantPrice(product, variant).toFixed(2),
    priceCurrency: PRICE_CURRENCY,
    availability: stock > 0 ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: NEW_CONDITION,
  };
}

/**
 * The offers of a product without options: one Offer for its default variant (its SKU, price and stock), or for
 * the product itself when a read carries no variants. A product whose variants are all inactive is offered as out
 * of stock (it cannot be bought).
 */
export function productOffers(product: Product, url: string): ProductOffer[] {
  const variants = product.variants;
  if (!variants) return [offer(product, url, product._id, undefined)];
  const [variant] = onSale(product);
  if (!variant) return [{ ...offer(product, url, product._id, undefined), availability: OUT_OF_STOCK }];
  return [offer(product, url, variant.sku, variant)];
}

/**
 * The variants of a product with options, each a schema.org Product with one Offer (Google's product variants:
 * a ProductGroup's `hasVariant`): its SKU, its values as `color`/`size`/`material`/`pattern` (any other option
 * as an `additionalProperty`), its own price, and availability from its live stock. Inactive variants are not on
 * sale and are left out.
 */
export function variantProducts(product: Product, url: string, image: string): VariantProduct[] {
  const options = product.options ?? [];
  return onSale(product).map((variant) => {
    const item: VariantProduct = {
      '@type': 'Product',
      sku: variant.sku,
      name: `${product.name}, ${variantLabel(variant)}`,
      image: [image],
      offers: offer(product, variantUrl(url, options, variant), variant.sku, variant),
    };
    options.forEach((option, index) => {
      const value = variant.options[index];
      if (value === undefined) return;
      const property = schemaProperty(option);
      if (property) item[property] = value;
      else (item.additionalProperty ??= []).push({ '@type': 'PropertyValue', name: option.name, value });
    });
    return item;
  });
}

/** The schema.org properties a ProductGroup's variants differ by (`https://schema.org/color`...), in the options' order. */
export function variesBy(product: Product): string[] {
  return (product.options ?? []).flatMap((option) => {
    const property = schemaProperty(option);
    return property ? [`https://schema.org/${property}`] : [];
  });
}
