import { ValidationFailedError } from '../../common/errors.js';
import { parseNewProduct, parseProductChanges } from './product-form.js';

const CATEGORY = '5f0c1c52-8d0b-4c57-9d5e-3f1a2b3c4d5e';
const valid = { name: 'Tee', description: 'Soft', price: '24.99', stock: '3', category: CATEGORY };

function failure(run: () => unknown): ValidationFailedError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailedError) return error;
    throw error;
  }
  throw new Error('expected a ValidationFailedError');
}

describe('parseNewProduct', () => {
  it('turns the form strings into stored values', () => {
    expect(parseNewProduct(valid)).toEqual({ name: 'Tee', description: 'Soft', priceCents: 2499, stock: 3, categoryId: CATEGORY });
  });

  it('converts every cent exactly, where floating point would not (0.29 * 100 is 28.999...)', () => {
    for (let cents = 0; cents < 1000; cents += 1) {
      const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(parseNewProduct({ ...valid, price }).priceCents).toBe(cents);
    }
    expect(parseNewProduct({ ...valid, price: '100000.00' }).priceCents).toBe(10_000_000);
    expect(parseNewProduct({ ...valid, price: '3.5' }).priceCents).toBe(350);
  });

  it('counts characters, not UTF-16 units, against the name limit', () => {
    expect(parseNewProduct({ ...valid, name: '👕'.repeat(32) }).name).toBe('👕'.repeat(32));
    expect(failure(() => parseNewProduct({ ...valid, name: '👕'.repeat(33) })).details).toEqual([
      { field: 'name', message: 'Name must be 1 to 32 characters' },
    ]);
  });

  it('refuses control characters in the name, keeps line breaks in the description, and wants something visible', () => {
    expect(failure(() => parseNewProduct({ ...valid, name: 'red\u001b[31m' })).details).toEqual([
      { field: 'name', message: 'Name must not contain control or invalid characters' },
    ]);
    expect(failure(() => parseNewProduct({ ...valid, description: 'ding\u0007' })).details).toEqual([
      { field: 'description', message: 'Description must not contain control or invalid characters' },
    ]);
    expect(failure(() => parseNewProduct({ ...valid, name: '\u200b\u200b' })).details).toEqual([
      { field: 'name', message: 'Name must contain a visible character' },
    ]);
    expect(parseNewProduct({ ...valid, description: 'Line one\nLine two\r\n\tindented' }).description).toBe(
      'Line one\nLine two\r\n\tindented',
    );
  });

  it('lists every missing or blank field under "Please include all fields"', () => {
    const error = failure(() => parseNewProduct({ name: 'Tee', stock: ' ' }));
    expect(error.message).toBe('Please include all fields');
    expect(error.details?.map((d) => d.field)).toEqual(['description', 'price', 'category', 'stock']);
    expect(failure(() => parseNewProduct(undefined)).message).toBe('Please include all fields');
  });

  it.each(['+1', '1.', '.5', '0x10', 'Infinity', 'NaN', '1,5', '1 000', '12.345', '100000.01'])('refuses the price %j', (price) => {
    expect(failure(() => parseNewProduct({ ...valid, price })).details?.[0].field).toBe('price');
  });
});

describe('parseProductChanges', () => {
  it('keeps only the fields sent', () => {
    expect(parseProductChanges({ stock: '0' })).toEqual({ stock: 0 });
    expect(parseProductChanges({})).toEqual({});
  });

  it('refuses unknown fields by name, before anything else', () => {
    const error = failure(() => parseProductChanges({ sold: '3', photoUrl: 'x', price: 'bad' }));
    expect(error.message).toBe(
      'Unknown fields "sold", "photoUrl": the form takes name, description, price, category, stock, sizes and photo',
    );
  });

  it('refuses a field that is not one text value (multer makes repeats arrays and a[b] objects)', () => {
    expect(failure(() => parseProductChanges({ name: ['a', 'b'] })).message).toBe('Send each field once, as text (name)');
    expect(failure(() => parseProductChanges({ name: { first: 'a' } })).message).toBe('Send each field once, as text (name)');
  });
});

describe('sizes', () => {
  const { stock: _stock, ...withoutStock } = valid;

  it('reads the JSON list in size order, and makes the stock their sum (the stock may be left out)', () => {
    const sizes = JSON.stringify([
      { size: 'XL', stock: 2 },
      { size: 'S', stock: 3 },
    ]);
    expect(parseNewProduct({ ...withoutStock, sizes })).toMatchObject({
      stock: 5,
      sizes: [
        { size: 'S', stock: 3 },
        { size: 'XL', stock: 2 },
      ],
    });
    expect(parseNewProduct({ ...valid, stock: '5', sizes }).stock).toBe(5);
    expect(failure(() => parseNewProduct({ ...valid, stock: '4', sizes })).details).toEqual([
      { field: 'stock', message: "Stock must be the sum of the sizes' stock (5), or be left out" },
    ]);
  });

  it('reports every problem of the list at once, naming each entry', () => {
    const sizes = JSON.stringify([
      { size: 'M', stock: -1 },
      { size: 'm', stock: 1 },
      { size: 'M', stock: 1, extra: true },
    ]);
    expect(failure(() => parseProductChanges({ sizes })).details?.map((detail) => detail.field)).toEqual([
      'sizes[0].stock',
      'sizes[1].size',
      'sizes[2]',
      'sizes[2].size',
    ]);
  });

  it('takes [] as "no sizes": stock is then required, on create as on update', () => {
    expect(parseNewProduct({ ...valid, sizes: '[]' })).toMatchObject({ stock: 3, sizes: [] });
    expect(failure(() => parseNewProduct({ ...withoutStock, sizes: '[]' })).message).toBe('Please include all fields');
    expect(failure(() => parseProductChanges({ sizes: '[]' })).details).toEqual([
      { field: 'stock', message: 'is required when sizes is []' },
    ]);
    expect(parseProductChanges({ sizes: '[]', stock: '2' })).toEqual({ stock: 2, sizes: [] });
  });
});
