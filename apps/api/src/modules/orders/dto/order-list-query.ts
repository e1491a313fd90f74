import { type FieldError, ORDER_LIST_QUERY_KEYS, ORDER_PAGE_DEFAULT, ORDER_PAGE_QUERY_KEYS } from '@store/contract';
import {
  isOrderCursorText,
  isOrderPageLimit,
  isOrderSearch,
  isOrderStatus,
  ORDER_CURSOR_MESSAGE,
  OrderListQueryDto,
  OrderPageQueryDto,
} from '@store/contract/dto/order-list-query.dto';
import { validateDto } from '@store/contract/dto/validate';
import { ValidationFailedError } from '../../../common/errors.js';
import { type Cursor, decodeCursor } from '../../../common/pagination.js';
import { isUuid } from '../../../common/uuid-param.decorator.js';
import { isOrderCursorKey, type OrderFilter } from '../orders.repository.js';

export interface OrderListParams {
  limit: number;
  after: Cursor | undefined;
  filter: OrderFilter;
}

const ORDER_NUMBER = /^#?(\d{1,15})$/;

/** What the DTO answers for a query it accepts: its fields as text, blank filters dropped and `q` trimmed. */
type CheckedQuery = Partial<Pick<OrderListQueryDto, 'limit' | 'after' | 'status' | 'from' | 'to' | 'q'>>;

/**
 * An order list's query, checked with the contract's DTO (`OrderListQueryDto` for the admin's list and export,
 * `OrderPageQueryDto` for a buyer's own list: paging only) and read into the repository's terms: the cursor
 * decoded, and `q` as an order number (1042 or #1042), an order id, or the start of a buyer's e-mail. The DTO runs
 * through `validateDto` rather than the global pipe so that an unknown parameter is refused by name
 * ("Unknown query parameter") and every problem of the request is reported in one answer. A plain page (`limit`,
 * `after`, `status`: the admin's and the buyer's lists as the web app asks for them) is read by the DTO's own rules
 * without it ({@link plainPage}).
 */
export function parseOrderListQuery(query: Record<string, unknown>, allowFilters: boolean): OrderListParams {
  const known: readonly string[] = allowFilters ? ORDER_LIST_QUERY_KEYS : ORDER_PAGE_QUERY_KEYS;
  const errors: FieldError[] = Object.keys(query)
    .filter((key) => !known.includes(key))
    .map((key) => ({ field: key, message: `Unknown query parameter "${key}"` }));
  const plain = plainPage(query, allowFilters);
  const { value, errors: invalid }: { value: CheckedQuery; errors: FieldError[] } = plain
    ? { value: plain, errors: [] }
    : allowFilters
      ? validateDto(OrderListQueryDto, query)
      : validateDto(OrderPageQueryDto, query);
  errors.push(...invalid);
  let after: Cursor | undefined;
  if (value.after !== undefined && !invalid.some((error) => error.field === 'after')) {
    after = decodeCursor(value.after);
    if (!after) errors.push({ field: 'after', message: ORDER_CURSOR_MESSAGE });
    else if (!isOrderCursorKey(after.key) || !isUuid(after.id))
      errors.push({ field: 'after', message: 'after is not a cursor of an order list; pass X-Next-Cursor back unchanged' });
  }
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  const filter: OrderFilter = {};
  if (allowFilters) {
    if (value.status) filter.status = value.status;
    if (value.from) filter.from = value.from;
    if (value.to) filter.to = value.to;
    const q = value.q;
    if (q && ORDER_NUMBER.test(q)) filter.number = Number(ORDER_NUMBER.exec(q)![1]);
    else if (q && isUuid(q)) filter.orderId = q.toLowerCase();
    else if (q) filter.emailPrefix = q;
  }
  return { limit: value.limit === undefined ? ORDER_PAGE_DEFAULT : Number(value.limit), after, filter };
}

/**
 * The query of a plain page, read without the DTO: only `limit`, `after` and (on the admin's lists) `status` and `q`,
 * each given once as text that passes the DTO's own rule for it (the contract's isOrderPageLimit, isOrderCursorText,
 * isOrderStatus, and isOrderSearch on `q` trimmed, as the DTO trims it), which the DTO would answer the same.
 * Undefined for anything else (another parameter, a blank or repeated one, a value a rule refuses), which goes
 * through the DTO, so every refusal is still the DTO's. The DTO (class-transformer, then class-validator) cost about
 * a twentieth of the CPU of the admin's page of 50 orders, and about 150 µs of a search's (docs/performance.md,
 * "Mixed workload" and "The e-mail prefix search at volume").
 */
function plainPage(query: Record<string, unknown>, allowFilters: boolean): CheckedQuery | undefined {
  const page: CheckedQuery = {};
  for (const key of Object.keys(query)) {
    const text = query[key];
    if (typeof text !== 'string') return undefined;
    if (key === 'limit' && isOrderPageLimit(text)) page.limit = text;
    else if (key === 'after' && isOrderCursorText(text)) page.after = text;
    else if (key === 'status' && allowFilters && isOrderStatus(text)) page.status = text;
    else if (key === 'q' && allowFilters && text.trim() !== '' && isOrderSearch(text.trim())) page.q = text.trim();
    else return undefined;
  }
  return page;
}
