import {
  decimalToCents,
  PRODUCT_COMPARE_AT_FIELD,
  PRODUCT_WEIGHT_FIELD,
  PRODUCT_WEIGHT_MAX,
  PRODUCT_FIELDS,
  PRODUCT_OPTIONS_FIELD,
  PRODUCT_PRICE_MAX,
  PRODUCT_VARIANTS_FIELD,
  type ProductOptionInput,
  SIZE_OPTION_NAME,
  toCents,
  PRODUCT_PHOTO_ALT_FIELD,
  PRODUCT_PHOTO_FIELD,
  PRODUCT_PHOTO_OPTION_VALUE_FIELD,
  PRODUCT_SIZES,
  PRODUCT_SIZES_FIELD,
  PRODUCT_STOCK_MAX,
  type FieldError,
  type ProductSize,
  type SizeStock,
} from '@store/contract';
import { ProductFieldsDto } from '@store/contract/dto/product.dto';
import { checkVariants } from '@store/contract/dto/product-variants';
import { NewProductPhotoDto } from '@store/contract/dto/new-product-photo.dto';
import { validateDto } from '@store/contract/dto/validate';
import { ValidationFailedError } from '../../common/errors.js';

/**
 * A product's options and variants as the server writes them: values spelled as their option spells them, prices
 * in cents and weights in grams (undefined: not sent, so a variant that stays keeps its own; null: the product's).
 */
export interface VariantsDraft {
  options: ProductOptionInput[];
  variants: Array<{
    options: string[];
    sku?: string;
    stock: number;
    priceCents?: number | null;
    compareAtCents?: number | null;
    weightGrams?: number | null;
    active: boolean;
  }>;
}

/**
 * A product's fields as the server keeps them: trimmed text, the price in integer cents, the compare-at price in
 * cents (null: none); `variants` when options or variants (or the older `sizes`) were sent, and then `stock` the
 * sum of the active variants' stock.
 */
export interface ProductDraft {
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  categoryId: string;
  compareAtCents?: number | null;
  /** Grams; null: none. */
  weightGrams?: number | null;
  variants?: VariantsDraft;
}

export type ProductChanges = Partial<ProductDraft>;

type FormField = (typeof PRODUCT_FIELDS)[number];
const EXTRA_FIELDS = [
  PRODUCT_SIZES_FIELD,
  PRODUCT_OPTIONS_FIELD,
  PRODUCT_VARIANTS_FIELD,
  PRODUCT_COMPARE_AT_FIELD,
  PRODUCT_WEIGHT_FIELD,
] as const;
/** Every text field the form takes: the spec's, the sizes, options and variants (JSON text each), the compare-at price, the weight. */
const FORM_FIELDS: readonly string[] = [...PRODUCT_FIELDS, ...EXTRA_FIELDS];
type FormValues = Partial<Record<FormField | (typeof EXTRA_FIELDS)[number], string>>;

/**
 * Each text field as the server keeps it, once ProductFieldsDto (the contract's, which the web form checks with
 * too) has passed it: trimmed text, the price in cents, the stock a number, the category id in lower case.
 */
const STORED: Record<FormField, (value: string) => unknown> = {
  name: (value) => value,
  description: (value) => value,
  price: (value) => decimalToCents(value),
  stock: (value) => Number(value.trim()),
  category: (value) => value.toLowerCase(),
};

const STORED_AS: Record<FormField, keyof ProductDraft> = {
  name: 'name',
  description: 'description',
  price: 'priceCents',
  stock: 'stock',
  category: 'categoryId',
};

function between(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The text fields of a product create form. Every field is required ("Please include all fields", listing the
 * missing ones); each is then checked as {@link parseProductChanges} does.
 */
export function parseNewProduct(body: unknown): ProductDraft {
  const fields = textFields(body);
  // A product with sizes has its stock counted for it: the field may be left out (and sizes that cannot be read
  // are reported as such by the checks, rather than as a missing stock).
  const sizes = fields[PRODUCT_SIZES_FIELD];
  const sized = (sizes !== undefined && (parseSizes(sizes)?.length ?? 1) > 0) || fields[PRODUCT_VARIANTS_FIELD] !== undefined;
  const missing = PRODUCT_FIELDS.filter(
    (field) => (fields[field] === undefined || fields[field].trim() === '') && !(sized && field === 'stock'),
  );
  if (missing.length > 0) {
    throw new ValidationFailedError(
      'Please include all fields',
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
  return checkFields(fields) as ProductDraft;
}

/**
 * The text fields of a product update form: only the fields sent, each checked. `sizes: []` makes the product
 * unsized again, so its plain stock must come with it. (A `stock` sent alone for a product sold in sizes is
 * checked against its sizes by the service, which knows them.)
 */
export function parseProductChanges(body: unknown): ProductChanges {
  const fields = textFields(body);
  const changes = checkFields(fields);
  if (fields[PRODUCT_SIZES_FIELD] !== undefined && parseSizes(fields[PRODUCT_SIZES_FIELD])?.length === 0 && fields.stock === undefined) {
    throw new ValidationFailedError('Send the stock with sizes [] (a product without sizes has a stock of its own)', [
      { field: 'stock', message: 'is required when sizes is []' },
    ]);
  }
  return changes;
}

/** The form's fields as strings, refusing unknown names and values that are not one plain text value. */
function textFields(body: unknown): FormValues {
  const entries = body && typeof body === 'object' ? Object.entries(body) : [];
  const unknown = entries.filter(([name]) => !FORM_FIELDS.includes(name)).map(([name]) => name);
  if (unknown.length > 0) {
    throw new ValidationFailedError(
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}: the form takes ${FORM_FIELDS.join(', ')} and photo`,
      unknown.map((field) => ({ field, message: 'is not a product field' })),
    );
  }
  // multer turns a repeated field into an array and `name[x]` into an object.
  const notText = entries.filter(([, value]) => typeof value !== 'string').map(([name]) => name);
  if (notText.length > 0) {
    throw new ValidationFailedError(
      `Send each field once, as text (${notText.join(', ')})`,
      notText.map((field) => ({ field, message: 'must be sent once, as text' })),
    );
  }
  return Object.fromEntries(entries) as FormValues;
}

function checkFields(fields: FormValues): ProductChanges {
  const result: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const checked = validateDto(ProductFieldsDto, Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, fields[field]])));
  for (const field of PRODUCT_FIELDS) {
    const value = checked.value[field];
    if (value === undefined) continue;
    const failure = checked.errors.find((error) => error.field === field);
    if (failure) errors.push(failure);
    else result[STORED_AS[field]] = STORED[field](value);
  }
  const sizes = checkSizes(fields[PRODUCT_SIZES_FIELD], errors);
  if (sizes && sizes.length > 0) {
    const total = sizes.reduce((sum, size) => sum + size.stock, 0);
    if (total > PRODUCT_STOCK_MAX) {
      errors.push({ field: PRODUCT_SIZES_FIELD, message: `The sizes' stock must add up to at most ${PRODUCT_STOCK_MAX}` });
    } else if (result.stock !== undefined && result.stock !== total) {
      errors.push({ field: 'stock', message: `Stock must be the sum of the sizes' stock (${total}), or be left out` });
    }
    result.stock = total;
  }
  if (sizes) result.variants = sizesAsVariants(sizes, result.stock as number | undefined);
  const variants = checkOptionsAndVariants(fields, errors);
  if (variants) {
    if (sizes) errors.push({ field: PRODUCT_SIZES_FIELD, message: 'Send sizes or options and variants, not both' });
    const total = variants.variants.reduce((sum, variant) => sum + (variant.active ? variant.stock : 0), 0);
    if (result.stock !== undefined && result.stock !== total) {
      errors.push({ field: 'stock', message: `Stock must be the sum of the active variants' stock (${total}), or be left out` });
    }
    result.stock = total;
    result.variants = variants;
  }
  const compareAt = fields[PRODUCT_COMPARE_AT_FIELD];
  if (compareAt !== undefined) {
    const cents = compareAt.trim() === '' ? null : decimalToCents(compareAt);
    if (cents === undefined || (cents !== null && cents > toCents(PRODUCT_PRICE_MAX))) {
      errors.push({
        field: PRODUCT_COMPARE_AT_FIELD,
        message: `Compare-at price must be a number of dollars from 0 to ${PRODUCT_PRICE_MAX}, at most 2 decimals, or empty for none`,
      });
    } else result.compareAtCents = cents;
  }
  const weight = fields[PRODUCT_WEIGHT_FIELD];
  if (weight !== undefined) {
    const grams = weight.trim() === '' ? null : /^\d{1,7}$/.test(weight.trim()) ? Number(weight.trim()) : undefined;
    if (grams === undefined || (grams !== null && (grams < 1 || grams > PRODUCT_WEIGHT_MAX))) {
      errors.push({
        field: PRODUCT_WEIGHT_FIELD,
        message: `Weight must be whole grams from 1 to ${PRODUCT_WEIGHT_MAX}, or empty for none`,
      });
    } else result.weightGrams = grams;
  }
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return result as ProductChanges;
}

/** The sizes field's JSON, read without judging it (for what is required); undefined when absent or not JSON. */
function parseSizes(text: string | undefined): unknown[] | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sizes field: JSON text of `[{size, stock}]`, each size one of PRODUCT_SIZES at most once, each stock a whole
 * number from 0 to PRODUCT_STOCK_MAX. The sizes in PRODUCT_SIZES order; undefined when absent or refused (its
 * errors are added to `errors`, each naming the entry, e.g. `sizes[1].stock`).
 */
function checkSizes(text: string | undefined, errors: FieldError[]): SizeStock[] | undefined {
  if (text === undefined) return undefined;
  const shape = `a JSON list of {"size", "stock"}, sizes from ${PRODUCT_SIZES.join(', ')}`;
  const list = parseSizes(text);
  if (!list) {
    errors.push({ field: PRODUCT_SIZES_FIELD, message: `Sizes must be ${shape}` });
    return undefined;
  }
  if (list.length > PRODUCT_SIZES.length) {
    errors.push({ field: PRODUCT_SIZES_FIELD, message: `Sizes must list each of ${PRODUCT_SIZES.join(', ')} at most once` });
    return undefined;
  }
  const found = errors.length;
  const seen = new Map<ProductSize, number>();
  list.forEach((entry, index) => {
    const at = `${PRODUCT_SIZES_FIELD}[${index}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      errors.push({ field: at, message: `Each size must be {"size", "stock"} (${at})` });
      return;
    }
    const { size, stock, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0) errors.push({ field: at, message: `A size has only "size" and "stock", not "${extra[0]}" (${at})` });
    if (typeof size !== 'string' || !(PRODUCT_SIZES as readonly string[]).includes(size)) {
      errors.push({ field: `${at}.size`, message: `Size must be one of ${PRODUCT_SIZES.join(', ')} (${at}.size)` });
    } else if (seen.has(size as ProductSize)) {
      errors.push({ field: `${at}.size`, message: `Size ${size} is listed twice (${at}.size)` });
    } else {
      seen.set(size as ProductSize, index);
    }
    if (typeof stock !== 'number' || !between(stock, 0, PRODUCT_STOCK_MAX)) {
      errors.push({ field: `${at}.stock`, message: `Stock of a size must be a whole number from 0 to ${PRODUCT_STOCK_MAX} (${at}.stock)` });
    }
  });
  if (errors.length > found) return undefined;
  const stockOf = (size: ProductSize) => (list[seen.get(size)!] as SizeStock).stock;
  return PRODUCT_SIZES.filter((size) => seen.has(size)).map((size) => ({ size, stock: stockOf(size) }));
}

/** The older `sizes` as variants: a Size option with the sizes as values, a variant each; `[]`: one default variant. */
export function sizesAsVariants(sizes: SizeStock[], stock: number | undefined): VariantsDraft {
  if (sizes.length === 0) return { options: [], variants: [{ options: [], stock: stock ?? 0, active: true }] };
  return {
    options: [{ name: SIZE_OPTION_NAME, values: sizes.map(({ size }) => ({ value: size })) }],
    variants: sizes.map(({ size, stock: left }) => ({ options: [size], stock: left, active: true })),
  };
}

/** The `options` and `variants` fields (JSON text each), checked by the contract's rules; undefined when neither is sent. */
function checkOptionsAndVariants(fields: FormValues, errors: FieldError[]): VariantsDraft | undefined {
  const optionsText = fields[PRODUCT_OPTIONS_FIELD];
  const variantsText = fields[PRODUCT_VARIANTS_FIELD];
  if (optionsText === undefined && variantsText === undefined) return undefined;
  if (variantsText === undefined) {
    errors.push({ field: PRODUCT_VARIANTS_FIELD, message: 'Send the variants with the options' });
    return undefined;
  }
  const json = (text: string, field: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      errors.push({ field, message: `${field} must be JSON` });
      return undefined;
    }
  };
  const options = optionsText === undefined ? [] : json(optionsText, PRODUCT_OPTIONS_FIELD);
  const variants = json(variantsText, PRODUCT_VARIANTS_FIELD);
  if (options === undefined || variants === undefined) return undefined;
  const checked = checkVariants(options, variants);
  errors.push(...checked.errors);
  if (!checked.value) return undefined;
  const cents = (dollars: number | null | undefined) => (dollars === undefined || dollars === null ? dollars : toCents(dollars));
  return {
    options: checked.value.options,
    variants: checked.value.variants.map((variant) => ({
      options: variant.options,
      ...(variant.sku ? { sku: variant.sku } : {}),
      stock: variant.stock,
      priceCents: cents(variant.price),
      compareAtCents: cents(variant.compareAtPrice),
      weightGrams: variant.weight,
      active: variant.active,
    })),
  };
}

const NEW_PHOTO_FIELDS: readonly string[] = [PRODUCT_PHOTO_ALT_FIELD, PRODUCT_PHOTO_OPTION_VALUE_FIELD];

/**
 * The form adding a photo to a gallery (multipart): the `photo` file and its `alt` text, both required, and
 * optionally the `optionValue` it shows; nothing else. Answers the upload, its alt text (trimmed) and its value.
 */
export function parseNewPhoto(body: unknown, photo: Buffer | undefined): { photo: Buffer; alt: string; optionValue: number | null } {
  const entries = body && typeof body === 'object' ? Object.entries(body) : [];
  const unknown = entries.filter(([name]) => !NEW_PHOTO_FIELDS.includes(name)).map(([name]) => name);
  if (unknown.length > 0) {
    throw new ValidationFailedError(
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}: the form takes ${NEW_PHOTO_FIELDS.join(', ')} and ${PRODUCT_PHOTO_FIELD}`,
      unknown.map((field) => ({ field, message: 'is not a field of a new photo' })),
    );
  }
  const checked = validateDto(NewProductPhotoDto, Object.fromEntries(entries));
  const errors: FieldError[] = [...checked.errors];
  if (!photo) errors.push({ field: PRODUCT_PHOTO_FIELD, message: 'Send the photo as a file in the "photo" field' });
  if (errors.length > 0 || !photo) throw new ValidationFailedError(errors.map((error) => error.message).join('; '), errors);
  return { photo, alt: checked.value.alt, optionValue: checked.value.optionValue ?? null };
}
