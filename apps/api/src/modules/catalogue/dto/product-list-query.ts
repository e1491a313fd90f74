import {
  OPTION_VALUE_MAX,
  PRODUCT_LIST_LIMIT_DEFAULT,
  PRODUCT_LIST_LIMIT_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_SEARCH_MAX_CHARS,
  PRODUCT_SEARCH_MAX_WORDS,
  PRODUCT_SEARCH_MIN_WORD_CHARS,
  PRODUCT_SORT_FIELDS,
  PRODUCT_SORT_ORDERS,
  type FieldError,
  type ProductListQuery,
  type ProductSortField,
  type ProductSortOrder,
} from '@store/contract';
import { ValidationFailedError } from '../../../common/errors.js';
import { type Cursor, PAGE_QUERY_KEYS, parsePageQuery } from '../../../common/pagination.js';
import { isCalendarDateTime, isInt4 } from '../../../common/sql-values.js';
import { hasControlCharacters, hasVisibleCharacter } from '../../../common/text-rules.js';
import { isUuid } from '../../../common/uuid-param.decorator.js';

/** A checked product listing query, every default filled in. `after` and a non-zero `offset` never come together. */
export interface ProductListParams {
  limit: number;
  offset: number;
  after: Cursor | undefined;
  sortBy: ProductSortField;
  order: ProductSortOrder;
  categoryId: string | undefined;
  /**
   * The search, normalised: NFC, lower case, words separated by one space; undefined for no search. Everything a
   * search's result depends on is in this string (the SQL is built from it alone), so it can key a cache.
   */
  q: string | undefined;
  /** Only products with an active variant in stock of this colour (the Colour option's value), in lower case. */
  colour?: string;
  /** Only products with an active variant in stock of this size (the Size option's value), in lower case. */
  size?: string;
}

const QUERY_KEYS: readonly string[] = [
  ...PAGE_QUERY_KEYS,
  'sortBy',
  'order',
  'category',
  'q',
  'colour',
  'size',
] satisfies readonly (keyof ProductListQuery)[];

/**
 * What a cursor's single sort value must look like for each sort: it is cast to that column's type in SQL, so a
 * value the type cannot hold is refused here rather than failing the statement.
 */
const CURSOR_KEY_OK: Record<ProductSortField, (value: string | number) => boolean> = {
  name: (value) => typeof value === 'string' && value.length <= 200 && !hasControlCharacters(value),
  price: (value) => isInt4(value, 0, PRODUCT_PRICE_MAX * 100),
  sold: (value) => isInt4(value, 0),
  // created_at to the microsecond, in UTC, as the repository writes it: `2026-11-22 19:30:01.123456+00`
  createdAt: (value) => typeof value === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+00$/.test(value) && isCalendarDateTime(value),
};

/**
 * Checks the query string of `GET /products` by hand: this is the store's hottest route, and a DTO would put
 * class-transformer and class-validator on every home page visit. Unknown parameters are refused, as in bodies.
 */
export function parseProductListQuery(query: Record<string, unknown>): ProductListParams {
  const errors: FieldError[] = [];
  for (const key of Object.keys(query)) {
    if (!QUERY_KEYS.includes(key)) errors.push({ field: key, message: `Unknown query parameter "${key}"` });
  }
  const page = parsePageQuery(query, { defaultLimit: PRODUCT_LIST_LIMIT_DEFAULT, maxLimit: PRODUCT_LIST_LIMIT_MAX }, errors);
  const oneOf = <T extends string>(key: 'sortBy' | 'order' | 'category', allowed: readonly T[] | undefined, fallback: T | undefined) => {
    const raw = query[key];
    if (raw === undefined) return fallback;
    if (typeof raw !== 'string') return (void errors.push({ field: key, message: `${key} must be given once` }), fallback);
    if (!allowed || (allowed as readonly string[]).includes(raw)) return raw as T;
    errors.push({ field: key, message: `${key} must be one of ${allowed.join(', ')}` });
    return fallback;
  };
  const sortBy = oneOf('sortBy', PRODUCT_SORT_FIELDS, 'createdAt') as ProductSortField;
  const order = oneOf('order', PRODUCT_SORT_ORDERS, 'asc') as ProductSortOrder;
  const categoryId = oneOf<string>('category', undefined, undefined);
  if (categoryId !== undefined && !isUuid(categoryId)) errors.push({ field: 'category', message: 'category must be a valid category id' });
  // A cursor from another sort (or a forged one) names a key this sort cannot compare with.
  if (page.after && (page.after.key.length !== 1 || !CURSOR_KEY_OK[sortBy](page.after.key[0]) || !isUuid(page.after.id))) {
    errors.push({ field: 'after', message: `after is not a cursor of a listing sorted by ${sortBy}; pass X-Next-Cursor back unchanged` });
  }
  const q = parseSearch(query.q, errors);
  const colour = parseValue(query, 'colour', errors);
  const size = parseValue(query, 'size', errors);
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return { ...page, sortBy, order, categoryId: categoryId?.toLowerCase(), q, ...(colour ? { colour } : {}), ...(size ? { size } : {}) };
}

/** `colour` or `size`: one option value (1 to OPTION_VALUE_MAX characters, no control characters), in lower case; blank is none. */
function parseValue(query: Record<string, unknown>, key: 'colour' | 'size', errors: FieldError[]): string | undefined {
  const raw = query[key];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') return void errors.push({ field: key, message: `${key} must be given once` });
  const value = raw.trim();
  if (value === '') return undefined;
  if ([...value].length > OPTION_VALUE_MAX || hasControlCharacters(value)) {
    return void errors.push({ field: key, message: `${key} must be an option value of at most ${OPTION_VALUE_MAX} characters` });
  }
  return value.toLowerCase();
}

/**
 * `q`: a blank one is no search; otherwise at most PRODUCT_SEARCH_MAX_CHARS characters on one line (no control
 * characters: the text rule of every field), up to PRODUCT_SEARCH_MAX_WORDS words, one of them long enough for the
 * trigram index to narrow the search. Composed and decomposed accents are made one form (NFC), so "Café" typed
 * either way is one cache entry; Postgres then lowers and unaccents it exactly as it does the stored text.
 */
function parseSearch(raw: unknown, errors: FieldError[]): string | undefined {
  if (raw === undefined) return undefined;
  const fail = (message: string) => void errors.push({ field: 'q', message });
  if (typeof raw !== 'string') return fail('q must be given once');
  if (raw.length > PRODUCT_SEARCH_MAX_CHARS) return fail(`q must be at most ${PRODUCT_SEARCH_MAX_CHARS} characters`);
  if (hasControlCharacters(raw)) return fail('q must not contain control or invalid characters');
  const words = raw.normalize('NFC').toLowerCase().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return undefined;
  if (!hasVisibleCharacter(words.join(''))) return fail('q must contain a visible character');
  if (words.length > PRODUCT_SEARCH_MAX_WORDS) return fail(`q must have at most ${PRODUCT_SEARCH_MAX_WORDS} words`);
  if (!words.some((word) => [...word].length >= PRODUCT_SEARCH_MIN_WORD_CHARS))
    return fail(`q must have a word of at least ${PRODUCT_SEARCH_MIN_WORD_CHARS} characters`);
  return words.join(' ');
}
