import { isCalendarDate, OrderListQueryDto, OrderPageQueryDto } from './order-list-query.dto.js';
import { validateDto } from './validate.js';

const messages = (query: Record<string, unknown>, dto: typeof OrderPageQueryDto = OrderListQueryDto) =>
  validateDto(dto, query).errors.map((error) => `${error.field}: ${error.message}`);

describe('the order list query (OrderListQueryDto, OrderPageQueryDto)', () => {
  it('takes a page and every filter as the query string has them, blank filters as none and q trimmed', () => {
    const { value, errors } = validateDto(OrderListQueryDto, {
      limit: '100',
      after: 'WyJhIiwiYiJd',
      status: 'Shipped',
      from: '2024-02-29',
      to: '2024-03-01',
      q: '  #1042 ',
    });
    expect(errors).toEqual([]);
    expect({ ...value }).toEqual({
      limit: '100',
      after: 'WyJhIiwiYiJd',
      status: 'Shipped',
      from: '2024-02-29',
      to: '2024-03-01',
      q: '#1042',
    });
    const blank = validateDto(OrderListQueryDto, { status: '', from: '', to: '', q: '   ' });
    expect(blank.errors).toEqual([]);
    expect([blank.value.status, blank.value.from, blank.value.to, blank.value.q]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each([
    [{ limit: '0' }, 'limit: limit must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit: limit must be a whole number from 1 to 100'],
    [{ limit: '1e2' }, 'limit: limit must be a whole number from 1 to 100'],
    [{ limit: '' }, 'limit: limit must be a whole number from 1 to 100'],
    [{ after: 'not a cursor!' }, 'after: after must be a cursor this API returned in X-Next-Cursor, unchanged'],
    [{ after: 'a'.repeat(513) }, 'after: after must be a cursor this API returned in X-Next-Cursor, unchanged'],
    [{ status: 'Lost' }, 'status: status must be one of Received, Processing, Shipped, Delivered, Cancelled'],
    [{ from: '2026-13-01' }, 'from: from must be a date, YYYY-MM-DD'],
    [{ to: '2025-02-29' }, 'to: to must be a date, YYYY-MM-DD'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'to: to must not be before from'],
    [{ q: 'a'.repeat(255) }, 'q: q must be an order number, an order id or the start of an e-mail (at most 254 characters)'],
    [{ q: 'ab\u0007c' }, 'q: q must be an order number, an order id or the start of an e-mail (at most 254 characters)'],
  ])('refuses %j: %s', (query, message) => {
    expect(messages(query)).toEqual([message]);
  });

  it('refuses a parameter given twice before any other rule, and says every bad field at once', () => {
    expect(messages({ limit: ['1', '2'], status: ['Lost', 'Shipped'], q: ['a', 'b'] }).sort()).toEqual([
      'limit: limit must be given once',
      'q: q must be given once',
      'status: status must be given once',
    ]);
    expect(messages({ limit: '0', status: 'Lost' })).toHaveLength(2);
  });

  it('leaves a bad from to its own message rather than comparing it', () => {
    expect(messages({ from: 'soon', to: '2026-01-01' })).toEqual(['from: from must be a date, YYYY-MM-DD']);
  });

  it("has a buyer's own list take paging only", () => {
    expect(messages({ limit: '5' }, OrderPageQueryDto)).toEqual([]);
    expect(messages({ limit: '500' }, OrderPageQueryDto)).toEqual(['limit: limit must be a whole number from 1 to 100']);
  });

  it('knows a calendar day', () => {
    expect(['2024-02-29', '0001-01-01', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2023-02-29', '0000-01-01', '2026-04-31', '2026-1-01', '2026-01-01T00:00'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
