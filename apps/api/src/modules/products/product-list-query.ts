import {
  PRODUCT_LIST_LIMIT_DEFAULT,
  PRODUCT_LIST_LIMIT_MAX,
  PRODUCT_SORT_FIELDS,
  PRODUCT_SORT_ORDERS,
  type FieldError,
  type ProductListQuery,
  type ProductSortField,
  type ProductSortOrder,
} from '@store/contract';
import { ValidationFailedError } from '../../common/errors.js';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { PRODUCT_COLUMNS } from './product.mapper.js';

/** A checked product listing query, every default filled in. */
export interface ProductListParams {
  limit: number;
  offset: number;
  sortBy: ProductSortField;
  order: ProductSortOrder;
  categoryId: string | undefined;
}

/** Each sort's expression, as its index in the products migration has it. */
const SORT_COLUMN: Record<ProductSortField, string> = {
  name: 'lower(name)',
  price: 'price_cents',
  createdAt: 'created_at',
  sold: 'sold',
};

const QUERY_KEYS: readonly (keyof ProductListQuery)[] = ['limit', 'offset', 'sortBy', 'order', 'category'];
const WHOLE = /^\d{1,9}$/;

/**
 * Checks the query string of `GET /products` by hand: this is the store's hottest route, and a DTO would put
 * class-transformer and class-validator on every home page visit. Unknown parameters are refused, as in bodies.
 */
export function parseProductListQuery(query: Record<string, unknown>): ProductListParams {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string): undefined => void errors.push({ field, message });
  for (const key of Object.keys(query)) {
    if (!(QUERY_KEYS as readonly string[]).includes(key)) fail(key, `Unknown query parameter "${key}"`);
  }
  const text = (key: keyof ProductListQuery): string | undefined => {
    const value = query[key];
    if (value === undefined || typeof value === 'string') return value;
    return fail(key, `${key} must be given once`);
  };

  const whole = (key: 'limit' | 'offset', min: number, max: number, fallback: number): number => {
    const raw = text(key);
    if (raw === undefined) return fallback;
    const value = WHOLE.test(raw) ? Number(raw) : NaN;
    if (value >= min && value <= max) return value;
    fail(key, `${key} must be a whole number from ${min} to ${max}`);
    return fallback;
  };
  const oneOf = <T extends string>(key: 'sortBy' | 'order', allowed: readonly T[], fallback: T): T => {
    const raw = text(key);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    fail(key, `${key} must be one of ${allowed.join(', ')}`);
    return fallback;
  };

  const params: ProductListParams = {
    limit: whole('limit', 1, PRODUCT_LIST_LIMIT_MAX, PRODUCT_LIST_LIMIT_DEFAULT),
    offset: whole('offset', 0, 999_999_999, 0),
    sortBy: oneOf('sortBy', PRODUCT_SORT_FIELDS, 'createdAt'),
    order: oneOf('order', PRODUCT_SORT_ORDERS, 'asc'),
    categoryId: text('category'),
  };
  if (params.categoryId !== undefined && !isUuid(params.categoryId)) fail('category', 'category must be a valid category id');
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return params;
}

/**
 * One round trip for a page and the total: the count is a sub-query Postgres runs once, while the page itself
 * can stop at the limit along the sort order's index. A page past the end has no row to carry the total, so
 * the caller then asks {@link productCountSql}.
 */
export function productListSql(params: ProductListParams): { text: string; values: unknown[] } {
  const direction = params.order === 'desc' ? 'DESC' : 'ASC';
  const where = params.categoryId === undefined ? '' : 'WHERE category_id = $3';
  const values: unknown[] = [params.limit, params.offset];
  if (params.categoryId !== undefined) values.push(params.categoryId);
  const text = `SELECT ${PRODUCT_COLUMNS}, (SELECT count(*)::int FROM products ${where}) AS total
    FROM products ${where}
    ORDER BY ${SORT_COLUMN[params.sortBy]} ${direction}, id ${direction}
    LIMIT $1 OFFSET $2`;
  return { text, values };
}

export function productCountSql(categoryId: string | undefined): { text: string; values: unknown[] } {
  return categoryId === undefined
    ? { text: 'SELECT count(*)::int AS total FROM products', values: [] }
    : { text: 'SELECT count(*)::int AS total FROM products WHERE category_id = $1', values: [categoryId] };
}
