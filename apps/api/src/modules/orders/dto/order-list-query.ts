import {
  type FieldError,
  ORDER_LIST_QUERY_KEYS,
  ORDER_PAGE_DEFAULT,
  ORDER_PAGE_MAX,
  ORDER_SEARCH_MAX,
  ORDER_STATUSES,
  type OrderStatus,
} from '@store/contract';
import { ValidationFailedError } from '../../../common/errors.js';
import { type Cursor, parsePageQuery } from '../../../common/pagination.js';
import { isCalendarDateTime } from '../../../common/sql-values.js';
import { hasControlCharacters } from '../../../common/text-rules.js';
import { isUuid } from '../../../common/uuid-param.decorator.js';
import { isOrderCursorKey, type OrderFilter } from '../orders.repository.js';

export interface OrderListParams {
  limit: number;
  after: Cursor | undefined;
  filter: OrderFilter;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ORDER_NUMBER = /^#?(\d{1,15})$/;

/**
 * Checks an order list's query: paging (`limit`, `after`), and for admins the filters `status`, `from`, `to`
 * (UTC dates, inclusive) and `q` (an order number such as 1042 or #1042, an order id, or the start of a buyer's
 * e-mail). `allowFilters` is false for a buyer's own list, which takes paging only. Unknown parameters are refused.
 */
export function parseOrderListQuery(
  query: Record<string, unknown>,
  allowFilters: boolean,
  limits = { defaultLimit: ORDER_PAGE_DEFAULT, maxLimit: ORDER_PAGE_MAX },
): OrderListParams {
  const errors: FieldError[] = [];
  const known: readonly string[] = allowFilters ? ORDER_LIST_QUERY_KEYS : ['limit', 'after'];
  for (const key of Object.keys(query)) {
    if (!known.includes(key)) errors.push({ field: key, message: `Unknown query parameter "${key}"` });
  }
  const { offset: _offset, ...page } = parsePageQuery(query, limits, errors);
  if (page.after && (!isOrderCursorKey(page.after.key) || !isUuid(page.after.id))) {
    errors.push({ field: 'after', message: 'after is not a cursor of an order list; pass X-Next-Cursor back unchanged' });
  }
  const text = (key: string): string | undefined => {
    const value = query[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return void errors.push({ field: key, message: `${key} must be given once` });
    return value;
  };
  const filter: OrderFilter = {};
  const status = text('status');
  if (status !== undefined) {
    if ((ORDER_STATUSES as readonly string[]).includes(status)) filter.status = status as OrderStatus;
    else errors.push({ field: 'status', message: `status must be one of ${ORDER_STATUSES.join(', ')}` });
  }
  for (const key of ['from', 'to'] as const) {
    const value = text(key);
    if (value === undefined) continue;
    if (DATE.test(value) && isCalendarDateTime(value)) filter[key] = value;
    else errors.push({ field: key, message: `${key} must be a date, YYYY-MM-DD` });
  }
  if (filter.from && filter.to && filter.from > filter.to) errors.push({ field: 'to', message: 'to must not be before from' });
  const q = text('q')?.trim();
  if (q) {
    if (q.length > ORDER_SEARCH_MAX || hasControlCharacters(q)) {
      errors.push({
        field: 'q',
        message: `q must be an order number, an order id or the start of an e-mail (at most ${ORDER_SEARCH_MAX} characters)`,
      });
    } else if (ORDER_NUMBER.test(q)) {
      filter.number = Number(ORDER_NUMBER.exec(q)![1]);
    } else if (isUuid(q)) {
      filter.orderId = q.toLowerCase();
    } else {
      filter.emailPrefix = q;
    }
  }
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return { ...page, filter };
}
