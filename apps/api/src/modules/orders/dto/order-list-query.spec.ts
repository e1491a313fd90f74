import { OrderListQueryDto, OrderPageQueryDto } from '@store/contract/dto/order-list-query.dto';
import { validateDto } from '@store/contract/dto/validate';
import { ValidationFailedError } from '../../../common/errors.js';
import { encodeCursor } from '../../../common/pagination.js';
import { parseOrderListQuery } from './order-list-query.js';

const CURSOR = encodeCursor({ key: ['2026-06-01T00:00:00.000000'], id: '5f0c1c52-8d0b-4c57-9d5e-3f1a2b3c4d5e' });

function refusal(query: Record<string, unknown>, allowFilters: boolean): ValidationFailedError {
  try {
    parseOrderListQuery(query, allowFilters);
  } catch (error) {
    if (error instanceof ValidationFailedError) return error;
    throw error;
  }
  throw new Error('expected a ValidationFailedError');
}

describe('parseOrderListQuery', () => {
  // A plain page is read without the DTO: what it reads must be what the DTO accepts and answers.
  it.each([
    [{}, true],
    [{ limit: '50' }, true],
    [{ limit: '1', after: CURSOR }, true],
    [{ limit: '100', after: CURSOR, status: 'Shipped' }, true],
    [{ status: 'Cancelled' }, true],
    [{ limit: '50' }, false],
    [{ after: CURSOR, limit: '7' }, false],
    [{ limit: '50', q: 'buyer42' }, true],
    [{ q: '  Ann@Example.com ', status: 'Shipped' }, true],
    [{ q: '#1042' }, true],
    [{ q: '5F0C1C52-8D0B-4C57-9D5E-3F1A2B3C4D5E', after: CURSOR }, true],
    [{ q: 'x'.repeat(254) }, true],
  ])('reads the plain page %j (admin: %s) as the DTO does', (query, allowFilters) => {
    const checked = validateDto(allowFilters ? OrderListQueryDto : OrderPageQueryDto, query);
    expect(checked.errors).toEqual([]);
    const { limit, after, filter } = parseOrderListQuery(query, allowFilters);
    expect(limit).toBe(checked.value.limit === undefined ? 50 : Number(checked.value.limit));
    expect(after === undefined).toBe(checked.value.after === undefined);
    if (after) expect(encodeCursor(after)).toBe(checked.value.after);
    // The filter the DTO's path reads from the same values: a blank `from` (no filter) sends a query there.
    const { status, q } = checked.value as OrderListQueryDto;
    const viaDto = parseOrderListQuery({ ...(status ? { status } : {}), ...(q ? { q } : {}), from: '' }, true).filter;
    expect(filter).toEqual(allowFilters ? viaDto : {});
  });

  it('reads the filters the DTO trims and blanks out', () => {
    expect(parseOrderListQuery({ status: '', q: '  #1042 ', from: '2026-01-01', to: '' }, true)).toEqual({
      limit: 50,
      after: undefined,
      filter: { number: 1042, from: '2026-01-01' },
    });
    expect(parseOrderListQuery({ q: 'Ann@Example' }, true).filter).toEqual({ emailPrefix: 'Ann@Example' });
  });

  // Whatever a plain page is not goes through the DTO: its refusals, word for word.
  it.each([
    [{ limit: '0' }, true, ['limit must be a whole number from 1 to 100']],
    [{ limit: '101' }, false, ['limit must be a whole number from 1 to 100']],
    [{ limit: ['50', '50'] }, true, ['limit must be given once']],
    [{ status: 'Lost' }, true, ['status must be one of Received, Processing, Shipped, Delivered, Cancelled']],
    [{ status: 'Shipped' }, false, ['Unknown query parameter "status"']],
    [{ after: 'not a cursor!' }, true, ['after must be a cursor this API returned in X-Next-Cursor, unchanged']],
    [{ after: 'WyJhIiwiYiJd' }, true, ['after is not a cursor of an order list; pass X-Next-Cursor back unchanged']],
    [{ limit: '50', page: '2' }, true, ['Unknown query parameter "page"']],
    [{ q: 'x'.repeat(255) }, true, ['q must be an order number, an order id or the start of an e-mail (at most 254 characters)']],
    [{ q: 'ann\u0000' }, true, ['q must be an order number, an order id or the start of an e-mail (at most 254 characters)']],
    [{ q: ['ann', 'bob'] }, true, ['q must be given once']],
    [{ q: 'ann' }, false, ['Unknown query parameter "q"']],
  ])('refuses %j (admin: %s): %j', (query, allowFilters, messages) => {
    expect((refusal(query, allowFilters).details ?? []).map((detail) => detail.message)).toEqual(messages);
  });
});
