import {
  decimalToCents,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FIELDS,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_SIZES,
  PRODUCT_SIZES_FIELD,
  PRODUCT_STOCK_MAX,
  type FieldError,
  type ProductSize,
  type SizeStock,
} from '@store/contract';
import { ValidationFailedError } from '../../common/errors.js';
import { hasControlCharacters, hasVisibleCharacter } from '../../common/text-rules.js';
import { isUuid } from '../../common/uuid-param.decorator.js';

/**
 * A product's fields as the server keeps them: trimmed text, the price in integer cents; `sizes` in PRODUCT_SIZES
 * order (empty or absent: no sizes), and then `stock` their sum.
 */
export interface ProductDraft {
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  categoryId: string;
  sizes?: SizeStock[];
}

export type ProductChanges = Partial<ProductDraft>;

type FormField = (typeof PRODUCT_FIELDS)[number];
/** Every text field the form takes: the spec's, and the sizes (JSON text). */
const FORM_FIELDS: readonly string[] = [...PRODUCT_FIELDS, PRODUCT_SIZES_FIELD];
type FormValues = Partial<Record<FormField | typeof PRODUCT_SIZES_FIELD, string>>;

/** Digits, then at most two decimals: "12", "12.5", "12.50". No sign, exponent or hex, which Number() would take. */
const WHOLE = /^\d{1,9}$/;

/** Each field's check: the stored value, or the message a person reads. Values arrive as strings (multipart). */
const checks: Record<FormField, (value: string) => { ok: unknown } | { error: string }> = {
  name: (value) => {
    const name = value.trim();
    if (hasControlCharacters(name)) return { error: 'Name must not contain control or invalid characters' };
    if (!hasVisibleCharacter(name)) return { error: 'Name must contain a visible character' };
    return between([...name].length, 1, PRODUCT_NAME_MAX) ? { ok: name } : { error: `Name must be 1 to ${PRODUCT_NAME_MAX} characters` };
  },
  description: (value) => {
    const description = value.trim();
    // Descriptions may span lines: \n, \r and \t are kept, every other control character is refused.
    if (hasControlCharacters(description, true)) return { error: 'Description must not contain control or invalid characters' };
    if (!hasVisibleCharacter(description)) return { error: 'Description must contain a visible character' };
    return between([...description].length, 1, PRODUCT_DESCRIPTION_MAX)
      ? { ok: description }
      : { error: `Description must be 1 to ${PRODUCT_DESCRIPTION_MAX} characters` };
  },
  price: (value) => {
    // Cents from the digits themselves: 0.29 * 100 is 28.999999999999996 in floating point.
    const cents = decimalToCents(value) ?? NaN;
    return between(cents, 0, PRODUCT_PRICE_MAX * 100)
      ? { ok: cents }
      : { error: `Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals` };
  },
  stock: (value) => {
    const stock = WHOLE.test(value.trim()) ? Number(value.trim()) : NaN;
    return between(stock, 0, PRODUCT_STOCK_MAX) ? { ok: stock } : { error: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}` };
  },
  category: (value) => (isUuid(value.trim()) ? { ok: value.trim().toLowerCase() } : { error: 'Category must be a valid category id' }),
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
  const sized = sizes !== undefined && (parseSizes(sizes)?.length ?? 1) > 0;
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
  if (changes.sizes?.length === 0 && changes.stock === undefined) {
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
  for (const field of PRODUCT_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    const checked = checks[field](value);
    if ('error' in checked) errors.push({ field, message: checked.error });
    else result[STORED_AS[field]] = checked.ok;
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
  if (sizes) result.sizes = sizes;
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
