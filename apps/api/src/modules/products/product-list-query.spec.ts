import { ValidationFailedError } from '../../common/errors.js';
import { parseProductListQuery, productListSql } from './product-list-query.js';

describe('parseProductListQuery', () => {
  it('fills in the defaults', () => {
    expect(parseProductListQuery({})).toEqual({ limit: 100, offset: 0, sortBy: 'createdAt', order: 'asc', categoryId: undefined });
  });

  it('reports every bad parameter at once', () => {
    try {
      parseProductListQuery({ limit: '0', order: 'sideways', extra: '1' });
      throw new Error('expected a ValidationFailedError');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailedError);
      expect((error as ValidationFailedError).details?.map((d) => d.field)).toEqual(['extra', 'limit', 'order']);
    }
  });
});

describe('productListSql', () => {
  it('sorts by the indexed expression with the id as tie-breaker, limit and offset as parameters', () => {
    const { text, values } = productListSql({ limit: 5, offset: 10, sortBy: 'name', order: 'desc', categoryId: undefined });
    expect(text).toMatch(/ORDER BY lower\(name\) DESC, id DESC\s+LIMIT \$1 OFFSET \$2$/);
    expect(text).not.toMatch(/WHERE/);
    expect(values).toEqual([5, 10]);
  });

  it('filters the page and the count by category, as a parameter', () => {
    const categoryId = '5f0c1c52-8d0b-4c57-9d5e-3f1a2b3c4d5e';
    const { text, values } = productListSql({ limit: 5, offset: 0, sortBy: 'price', order: 'asc', categoryId });
    expect(text.match(/WHERE category_id = \$3/g)).toHaveLength(2);
    expect(values).toEqual([5, 0, categoryId]);
  });

  it('never selects from the photo table', () => {
    expect(productListSql({ limit: 1, offset: 0, sortBy: 'sold', order: 'asc', categoryId: undefined }).text).not.toMatch(/photo/i);
  });
});
