import {
  decimalToCents,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FIELDS,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  type FieldError,
} from '@store/contract';
import { ValidationFailedError } from '../../common/errors.js';
import { hasControlCharacters, hasVisibleCharacter } from '../../common/text-rules.js';
import { isUuid } from '../../common/uuid-param.decorator.js';

/** A product's fields as the server keeps them: trimmed text, the price in integer cents. */
export interface ProductDraft {
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  categoryId: string;
}

export type ProductChanges = Partial<ProductDraft>;

type FormField = (typeof PRODUCT_FIELDS)[number];

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
  const missing = PRODUCT_FIELDS.filter((field) => fields[field] === undefined || fields[field].trim() === '');
  if (missing.length > 0) {
    throw new ValidationFailedError(
      'Please include all fields',
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
  return checkFields(fields) as ProductDraft;
}

/** The text fields of a product update form: only the fields sent, each checked. */
export function parseProductChanges(body: unknown): ProductChanges {
  return checkFields(textFields(body));
}

/** The form's fields as strings, refusing unknown names and values that are not one plain text value. */
function textFields(body: unknown): Partial<Record<FormField, string>> {
  const entries = body && typeof body === 'object' ? Object.entries(body) : [];
  const unknown = entries.filter(([name]) => !(PRODUCT_FIELDS as readonly string[]).includes(name)).map(([name]) => name);
  if (unknown.length > 0) {
    throw new ValidationFailedError(
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}: the form takes ${PRODUCT_FIELDS.join(', ')} and photo`,
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
  return Object.fromEntries(entries) as Partial<Record<FormField, string>>;
}

function checkFields(fields: Partial<Record<FormField, string>>): ProductChanges {
  const result: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const field of PRODUCT_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    const checked = checks[field](value);
    if ('error' in checked) errors.push({ field, message: checked.error });
    else result[STORED_AS[field]] = checked.ok;
  }
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return result as ProductChanges;
}
