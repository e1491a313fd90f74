import { type FieldError, ORDER_LIST_QUERY_KEYS, ORDER_PAGE_DEFAULT, ORDER_PAGE_QUERY_KEYS } from '@store/contract';
import { ORDER_CURSOR_MESSAGE, OrderListQueryDto, OrderPageQueryDto } from '@store/contract/dto/order-list-query.dto';
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

/**
 * An order list's query, checked with the contract's DTO (`OrderListQueryDto` for the admin's list and export,
 * `OrderPageQueryDto` for a buyer's own list: paging only) and read into the repository's terms: the cursor
 * decoded, and `q` as an order number (1042 or #1042), an order id, or the start of a buyer's e-mail. The DTO runs
 * through `validateDto` rather than the global pipe so that an unknown parameter is refused by name
 * ("Unknown query parameter") and every problem of the request is reported in one answer.
 */
export function parseOrderListQuery(query: Record<string, unknown>, allowFilters: boolean): OrderListParams {
  const known: readonly string[] = allowFilters ? ORDER_LIST_QUERY_KEYS : ORDER_PAGE_QUERY_KEYS;
  const errors: FieldError[] = Object.keys(query)
    .filter((key) => !known.includes(key))
    .map((key) => ({ field: key, message: `Unknown query parameter "${key}"` }));
  const { value, errors: invalid } = allowFilters ? validateDto(OrderListQueryDto, query) : validateDto(OrderPageQueryDto, query);
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
  if (value instanceof OrderListQueryDto) {
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
