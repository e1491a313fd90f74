export interface Category {
  _id: string;
  name: string;
}

export interface CategoryInput {
  name: string;
}

/** A delete answers what it removed. */
export interface DeletedResponse {
  message: string;
  _id: string;
}

export const CATEGORY_NAME_MAX = 32;

/** The sizes a product may be sold in, smallest first: lists of sizes are always in this order. */
export const PRODUCT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

/** What is left of one size of a product. */
export interface SizeStock {
  size: ProductSize;
  stock: number;
}

/**
 * A product on the wire: `price` in dollars (cents inside the server), `category` the category id.
 * `sizes` (an optional extension) lists the sizes the product is sold in with what is left of each, in
 * {@link PRODUCT_SIZES} order; empty for a product without sizes. `stock` is always the total over the sizes, so a
 * client that knows only the spec keeps working.
 */
export interface Product {
  _id: string;
  name: string;
  description: string;
  price: number;
  stock: number;
  sold: number;
  category: string;
  createdAt: string;
  updatedAt: string;
  /**
   * Derived from the variants for clients that know only sizes: when the product's one option is "Size" and its
   * values are sizes, each active size with its stock; empty otherwise.
   */
  sizes?: SizeStock[];
  /** The price struck through beside `price` ("Sale"), in dollars; absent when there is none. Never charged. */
  compareAtPrice?: number;
  /** Its weight in grams, for shipping methods priced by weight (optional extension); absent when it carries none. */
  weight?: number;
  /** The product's options in order (Colour, Size...), at most {@link PRODUCT_OPTIONS_MAX}; empty without options. */
  options?: ProductOption[];
  /** Every variant (inactive ones too, marked), in the admin's order; a product without options has one, the default. */
  variants?: ProductVariant[];
  /**
   * The product's gallery, first photo first (an extension: a product read, created or updated carries it; lists
   * don't, their cards show the first photo at the photo route without an id). Empty for a product without photos.
   */
  photos?: ProductPhoto[];
}

/** One value of an option; a colour's `swatch` is its hex colour (`#1e3a8a`). */
export interface ProductOptionValue {
  _id: number;
  value: string;
  swatch?: string;
}

export interface ProductOption {
  _id: number;
  name: string;
  values: ProductOptionValue[];
}

/**
 * A combination on sale. `options` holds its value of each of the product's options, in the options' order (`[]`
 * for a default variant). `price` and `compareAtPrice` are the variant's own, when it has one: the buyer pays
 * `variant.price ?? product.price` (see {@link variantPrice}).
 */
export interface ProductVariant {
  _id: number;
  sku: string;
  options: string[];
  stock: number;
  sold: number;
  price?: number;
  compareAtPrice?: number;
  /**
   * The variant's own weight in grams (an XL hoodie weighs more than an S), when it has one: shipping by weight
   * counts `variant.weight ?? product.weight` (docs/pricing.md, "Shipping").
   */
  weight?: number;
  active: boolean;
}

export const PRODUCT_OPTIONS_MAX = 3;
export const PRODUCT_OPTION_VALUES_MAX = 30;
export const PRODUCT_VARIANTS_MAX = 100;
export const OPTION_NAME_MAX = 32;
export const OPTION_VALUE_MAX = 32;
export const SKU_MAX = 64;
/** Letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A swatch: `#` and six hex digits. */
export const SWATCH_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** The option name a `size` of the older clients is matched against (case ignored). */
export const SIZE_OPTION_NAME = 'Size';

/** A variant as people read it: its values joined (`Blue / M`); '' for a default variant. */
export function variantLabel(variant: Pick<ProductVariant, 'options'>): string {
  return variant.options.join(' / ');
}

/** An option as the admin form sends it (JSON in the form field `options`): values in order. */
export interface ProductOptionInput {
  name: string;
  values: Array<{ value: string; swatch?: string | null }>;
}

/**
 * A variant as the admin form sends it (JSON in the form field `variants`): `options` names one value of each
 * option, in the options' order. Without `sku` one is made from the product id and the values. `price` and
 * `compareAtPrice` in dollars, `weight` in whole grams (1 to {@link PRODUCT_WEIGHT_MAX}); null: the product's;
 * absent: a variant that stays keeps its own (a new one has none).
 */
export interface ProductVariantInput {
  options: string[];
  sku?: string;
  stock: number;
  price?: number | null;
  compareAtPrice?: number | null;
  weight?: number | null;
  active?: boolean;
}

/**
 * One photo of a product's gallery: served at `GET /product/photo/:productId/:photoId` (`size` and `v` as for the
 * first photo). A photo's bytes never change: replacing one is a new photo with a new id.
 */
export interface ProductPhoto {
  _id: string;
  /** What the photo shows, for screen readers; a photo from before galleries says "Photo of <product name>". */
  alt: string;
  /**
   * The option value (a colour) the photo shows, by its id; null for a photo of the product as a whole. The
   * product page shows the chosen value's photos, and the untied ones when that value has none.
   */
  optionValue: number | null;
}

/**
 * The photos to show for a chosen option value (or none chosen): the photos tied to it, in gallery order; when it
 * has none (or nothing is chosen), the product's untied photos; when there are none of those either, the whole
 * gallery.
 */
export function photosFor<T extends Pick<ProductPhoto, 'optionValue'>>(photos: readonly T[], optionValue: number | null | undefined): T[] {
  const tied = optionValue == null ? [] : photos.filter((photo) => photo.optionValue === optionValue);
  if (tied.length > 0) return tied;
  const untied = photos.filter((photo) => photo.optionValue === null);
  return untied.length > 0 ? untied : [...photos];
}

/** One photo's place and text in `PUT /product/:productId/photos/:userId` (the whole gallery, in its new order). */
export interface ProductPhotoInput {
  _id: string;
  alt: string;
  /** The option value of this product the photo shows; null or left out for a photo of the product as a whole. */
  optionValue?: number | null;
}

/** The body of `PUT /product/:productId/photos/:userId`: every photo of the gallery once, in the order to show them. */
export interface ProductGalleryInput {
  photos: ProductPhotoInput[];
}

/** A product's gallery holds at most this many photos. */
export const PRODUCT_PHOTOS_MAX = 12;
/** A photo's alt text: 1 to this many characters. */
export const PRODUCT_PHOTO_ALT_MAX = 200;
/** The text field of `POST /product/:productId/photos/:userId` that carries the new photo's alt text (required). */
export const PRODUCT_PHOTO_ALT_FIELD = 'alt';
/** The optional text field of the same form that ties the new photo to an option value of the product (its id). */
export const PRODUCT_PHOTO_OPTION_VALUE_FIELD = 'optionValue';

/** The alt text of a photo stored without one (the spec's form has no field for it): made from the product's name. */
export function defaultPhotoAlt(productName: string): string {
  return `Photo of ${productName}`;
}

/**
 * The text fields of the multipart create/update form; the file goes in the `photo` field.
 * `sizes` (optional extension) is a JSON array of {@link SizeStock} sent as the text of the form field `sizes`:
 * when it is non-empty `stock` may be left out and is the sum of the sizes (a `stock` sent beside it must equal
 * that sum, else 400); `[]` makes a sized product unsized again (then `stock` is required on update too).
 */
export interface ProductFields {
  name: string;
  description: string;
  price: number;
  category: string;
  stock: number;
  sizes?: SizeStock[];
  compareAtPrice?: number | null;
  /** Grams, 1 to {@link PRODUCT_WEIGHT_MAX}; null or '' in the form for none. */
  weight?: number | null;
  options?: ProductOptionInput[];
  variants?: ProductVariantInput[];
}

/** The form field that carries a product's sizes (JSON text). */
export const PRODUCT_SIZES_FIELD = 'sizes';
/** The form fields of options and variants (JSON text each) and of the compare-at price (dollars; '' for none). */
export const PRODUCT_OPTIONS_FIELD = 'options';
export const PRODUCT_VARIANTS_FIELD = 'variants';
export const PRODUCT_COMPARE_AT_FIELD = 'compareAtPrice';
/** The form field of the product's weight (whole grams; '' for none), for shipping by weight. */
export const PRODUCT_WEIGHT_FIELD = 'weight';
export const PRODUCT_WEIGHT_MAX = 1_000_000;

/** The text fields of the product form, in the order a form shows them. */
export const PRODUCT_FIELDS = ['name', 'description', 'price', 'category', 'stock'] as const satisfies readonly (keyof ProductFields)[];

export const PRODUCT_PHOTO_FIELD = 'photo';
export const PRODUCT_NAME_MAX = 32;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_PRICE_MAX = 100000;
export const PRODUCT_STOCK_MAX = 1000000;
export const PRODUCT_PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PRODUCT_PHOTO_LARGE_MAX_PX = 1200;

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'createdAt', 'sold'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const PRODUCT_SORT_ORDERS = ['asc', 'desc'] as const;
export type ProductSortOrder = (typeof PRODUCT_SORT_ORDERS)[number];
export const PRODUCT_LIST_LIMIT_DEFAULT = 100;
/** The largest page of `GET /products`: an uncached page of 500 cost tens of milliseconds of the server's event loop. */
export const PRODUCT_LIST_LIMIT_MAX = 100;
/**
 * A search's X-Total-Count counts this many matches at most; past it the total is this number and the answer
 * carries X-Total-Count-Capped: true (TOTAL_COUNT_CAPPED_HEADER), to be shown as "100+". Counting stops early
 * because a search's count is most of its cost: up to 1,000 it was four times the page's (docs/api.md, Search).
 */
export const PRODUCT_SEARCH_COUNT_CAP = 100;
/** `q` of `GET /products`: at most this many characters... */
export const PRODUCT_SEARCH_MAX_CHARS = 100;
/** ...and this many words (each must appear in the name or description)... */
export const PRODUCT_SEARCH_MAX_WORDS = 8;
/**
 * ...at least one of them this long: the search index is of 3-letter pieces (trigrams), so a search made only of
 * shorter words would read the whole catalogue. Shorter words may come along with a longer one.
 */
export const PRODUCT_SEARCH_MIN_WORD_CHARS = 3;

/**
 * The query of `GET /products`. Defaults: `limit` 100 (1-100), `offset` 0, `sortBy` `createdAt`, `order` `asc`;
 * ties are broken by id so pages never overlap. `category` filters by category id. `after` (instead of `offset`)
 * starts the page after the row an earlier response's X-Next-Cursor named, at the same cost however deep.
 * `q` keeps the products whose name or description contains every word of it, ignoring case and accents
 * ("cafe" finds "Café"); words are separated by spaces and matched as written (`%` and `_` are not wildcards).
 * A blank `q` searches nothing (the whole listing); see {@link PRODUCT_SEARCH_MAX_CHARS} and the limits after it.
 * It combines with every other parameter; the total in X-Total-Count is that of the matches.
 */
export interface ProductListQuery {
  limit?: number;
  offset?: number;
  sortBy?: ProductSortField;
  order?: ProductSortOrder;
  category?: string;
  after?: string;
  q?: string;
  /** Only products with an active variant in stock in this colour (the value of an option named Colour), case ignored. */
  colour?: string;
  /** Only products with an active variant in stock in this size (the value of an option named Size), case ignored. */
  size?: string;
}
