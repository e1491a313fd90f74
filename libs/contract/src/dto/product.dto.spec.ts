import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX, PRODUCT_STOCK_MAX } from '../catalogue.js';
import { ProductFieldsDto } from './product.dto.js';
import { validateDto } from './validate.js';

/** The first message for each field, as the API's form parser and the web's product form read them. */
const check = (fields: Record<string, string>) => {
  const { value, errors } = validateDto(ProductFieldsDto, fields);
  return { value: { ...value }, errors: Object.fromEntries(errors.map((error) => [error.field, error.message])) };
};

describe('ProductFieldsDto', () => {
  it('takes good fields, trimmed, and leaves out what was not sent', () => {
    const id = '0B9D2F8A-3C1E-4B8E-9A6F-2D4C5E6F7A8B';
    expect(check({ name: '  Sunset Tee ', description: 'Soft\ncotton', price: '24.99', stock: ' 12 ', category: ` ${id} ` })).toEqual({
      value: { name: 'Sunset Tee', description: 'Soft\ncotton', price: '24.99', stock: ' 12 ', category: id },
      errors: {},
    });
    expect(check({ price: '0' })).toEqual({ value: { price: '0' }, errors: {} });
  });

  it('counts characters as a person does: an emoji is one, not two UTF-16 units', () => {
    expect(check({ name: '👕'.repeat(PRODUCT_NAME_MAX) }).errors).toEqual({});
    expect(check({ name: '👕'.repeat(PRODUCT_NAME_MAX + 1) }).errors).toEqual({ name: `Name must be 1 to ${PRODUCT_NAME_MAX} characters` });
    expect(check({ description: 'x'.repeat(PRODUCT_DESCRIPTION_MAX + 1) }).errors).toEqual({
      description: `Description must be 1 to ${PRODUCT_DESCRIPTION_MAX} characters`,
    });
  });

  it("names each field's first failure: control characters, then a visible character, then the length", () => {
    expect(check({ name: 'a\u0007', description: 'a\tb\u0000', price: '1.234', stock: '2.5', category: 'tees' }).errors).toEqual({
      name: 'Name must not contain control or invalid characters',
      description: 'Description must not contain control or invalid characters',
      price: `Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals`,
      stock: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`,
      category: 'Category must be a valid category id',
    });
    expect(check({ name: ' \u200b ', description: '' }).errors).toEqual({
      name: 'Name must contain a visible character',
      description: 'Description must contain a visible character',
    });
    expect(check({ price: '-1', stock: '1e3' }).errors).toEqual({
      price: `Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals`,
      stock: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`,
    });
    expect(check({ price: String(PRODUCT_PRICE_MAX + 0.01), stock: String(PRODUCT_STOCK_MAX + 1) }).errors).toEqual({
      price: `Price must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals`,
      stock: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`,
    });
  });
});
