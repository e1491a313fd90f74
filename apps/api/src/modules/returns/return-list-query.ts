import { type FieldError, RETURN_LIST_QUERY_KEYS, RETURN_PAGE_DEFAULT, type ReturnStatus } from '@store/contract';
import { ORDER_CURSOR_MESSAGE } from '@store/contract/dto/order-list-query.dto';
import { ReturnListQueryDto } from '@store/contract/dto/return-list-query.dto';
import { validateDto } from '@store/contract/dto/validate';
import { ValidationFailedError } from '../../common/errors.js';
import { type Cursor, decodeCursor } from '../../common/pagination.js';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { isReturnCursorKey } from './returns.repository.js';

/**
 * The admin's returns list query, checked as the admin's order list's is (docs/api.md, "Returns and exchanges"):
 * the contract's DTO through `validateDto`, an unknown parameter refused by name, every problem reported in one 400,
 * and the cursor decoded and checked to be one this list wrote.
 */
export function parseReturnListQuery(query: Record<string, unknown>): {
  limit: number;
  after: Cursor | undefined;
  status: ReturnStatus | undefined;
} {
  const known: readonly string[] = RETURN_LIST_QUERY_KEYS;
  const errors: FieldError[] = Object.keys(query)
    .filter((key) => !known.includes(key))
    .map((key) => ({ field: key, message: `Unknown query parameter "${key}"` }));
  const { value, errors: invalid } = validateDto(ReturnListQueryDto, query);
  errors.push(...invalid);
  let after: Cursor | undefined;
  if (value.after !== undefined && !invalid.some((error) => error.field === 'after')) {
    after = decodeCursor(value.after);
    if (!after) errors.push({ field: 'after', message: ORDER_CURSOR_MESSAGE });
    else if (!isReturnCursorKey(after.key) || !isUuid(after.id)) {
      errors.push({ field: 'after', message: 'after is not a cursor of the returns list; pass X-Next-Cursor back unchanged' });
    }
  }
  if (errors.length > 0) throw new ValidationFailedError(errors.map((e) => e.message).join('; '), errors);
  return { limit: value.limit === undefined ? RETURN_PAGE_DEFAULT : Number(value.limit), after, status: value.status };
}
