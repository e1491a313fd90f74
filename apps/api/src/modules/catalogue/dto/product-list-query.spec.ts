import { ValidationFailedError } from '../../../common/errors.js';
import { encodeCursor } from '../../../common/pagination.js';
import { parseProductListQuery } from './product-list-query.js';

function failure(query: Record<string, unknown>): ValidationFailedError {
  try {
    parseProductListQuery(query);
  } catch (error) {
    if (error instanceof ValidationFailedError) return error;
    throw error;
  }
  throw new Error('expected a ValidationFailedError');
}

const ID = '5f0c1c52-8d0b-4c57-9d5e-3f1a2b3c4d5e';

describe('parseProductListQuery', () => {
  it('fills in the defaults', () => {
    expect(parseProductListQuery({})).toEqual({
      limit: 100,
      offset: 0,
      after: undefined,
      sortBy: 'createdAt',
      order: 'asc',
      categoryId: undefined,
      q: undefined,
    });
  });

  it('normalises a search: NFC, lower case, one space between words; a blank one is no search', () => {
    expect(parseProductListQuery({ q: '  Cafe\u0301   NOIR\u3000tee ' }).q).toBe('café noir tee');
    expect(parseProductListQuery({ q: '   ' }).q).toBeUndefined();
    expect(parseProductListQuery({ q: '' }).q).toBeUndefined();
  });

  it.each([
    ['q must not contain control or invalid characters', 'caf\u0007e'],
    ['q must not contain control or invalid characters', 'cafe\nnoir'],
    ['q must not contain control or invalid characters', 'caf\ud800e'],
    ['q must be at most 100 characters', 'a'.repeat(101)],
    ['q must have a word of at least 3 characters', 'ab c'],
    ['q must have at most 8 words', 'aaa b c d e f g h i'],
    ['q must contain a visible character', '\u200b\u200b\u200b'],
    ['q must be given once', ['cafe', 'noir']],
  ])('refuses a search: %s (%j)', (message, q) => {
    expect(failure({ q }).details).toEqual([{ field: 'q', message }]);
  });

  it('reports every bad parameter at once', () => {
    expect(failure({ limit: '0', order: 'sideways', extra: '1' }).details?.map((d) => d.field)).toEqual(['extra', 'limit', 'order']);
  });

  it('reads a cursor of the same sort', () => {
    const after = encodeCursor({ id: ID, key: [1250] });
    expect(parseProductListQuery({ sortBy: 'price', after }).after).toEqual({ id: ID, key: [1250] });
  });

  it.each([
    '%%%',
    'bm90IGpzb24',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["x"]').toString('base64url'),
    'a'.repeat(600),
  ])('refuses the garbage cursor %j with a clear message', (after) => {
    const error = failure({ after });
    expect(error.details).toEqual([{ field: 'after', message: 'after must be a cursor this API returned in X-Next-Cursor, unchanged' }]);
  });

  it('refuses a cursor of another sort, and offset with after', () => {
    expect(failure({ sortBy: 'createdAt', after: encodeCursor({ id: ID, key: [12] }) }).details?.[0].field).toBe('after');
    expect(failure({ sortBy: 'price', offset: '5', after: encodeCursor({ id: ID, key: [12] }) }).details?.[0].field).toBe('offset');
  });
});
