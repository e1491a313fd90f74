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
      'Unknown fields "sold", "photoUrl": the form takes name, description, price, category, stock, sizes, options, variants, compareAtPrice, weight and photo',
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
    // As a Size option, its values in size order, a variant each.
    expect(parseNewProduct({ ...withoutStock, sizes })).toMatchObject({
      stock: 5,
      variants: {
        options: [{ name: 'Size', values: [{ value: 'S' }, { value: 'XL' }] }],
        variants: [
          { options: ['S'], stock: 3, active: true },
          { options: ['XL'], stock: 2, active: true },
        ],
      },
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
    const unsized = { options: [], variants: [{ options: [], stock: 3, active: true }] };
    expect(parseNewProduct({ ...valid, sizes: '[]' })).toMatchObject({ stock: 3, variants: unsized });
    expect(failure(() => parseNewProduct({ ...withoutStock, sizes: '[]' })).message).toBe('Please include all fields');
    expect(failure(() => parseProductChanges({ sizes: '[]' })).details).toEqual([
      { field: 'stock', message: 'is required when sizes is []' },
    ]);
    expect(parseProductChanges({ sizes: '[]', stock: '2' })).toEqual({
      stock: 2,
      variants: { options: [], variants: [{ options: [], stock: 2, active: true }] },
    });
  });
});

describe('options and variants', () => {
  const { stock: _stock, ...withoutStock } = valid;
  const options = JSON.stringify([
    {
      name: 'Colour',
      values: [
        { value: 'Blue', swatch: '#1E3A8A' },
        { value: 'Red', swatch: '#b91c1c' },
      ],
    },
    { name: 'Size', values: [{ value: 'M' }, { value: 'L' }] },
  ]);

  it("reads options and variants: values as the option spells them, prices in cents, stock the active variants' sum", () => {
    const variants = JSON.stringify([
      { options: ['blue', 'm'], stock: 2, sku: 'TEE-BLUE-M', price: 21.5 },
      { options: ['Red', 'L'], stock: 3, compareAtPrice: null },
      { options: ['Blue', 'L'], stock: 4, active: false },
    ]);
    expect(parseNewProduct({ ...withoutStock, options, variants, compareAtPrice: '30' })).toMatchObject({
      stock: 5,
      compareAtCents: 3000,
      variants: {
        options: [
          {
            name: 'Colour',
            values: [
              { value: 'Blue', swatch: '#1e3a8a' },
              { value: 'Red', swatch: '#b91c1c' },
            ],
          },
          { name: 'Size', values: [{ value: 'M' }, { value: 'L' }] },
        ],
        variants: [
          { options: ['Blue', 'M'], sku: 'TEE-BLUE-M', stock: 2, priceCents: 2150, active: true },
          { options: ['Red', 'L'], stock: 3, compareAtCents: null, active: true },
          { options: ['Blue', 'L'], stock: 4, active: false },
        ],
      },
    });
  });

  it("reads a variant's own weight: whole grams, null for the product's, left out to keep what it has", () => {
    const variants = JSON.stringify([
      { options: ['Blue', 'M'], stock: 1, weight: 900 },
      { options: ['Red', 'L'], stock: 1, weight: null },
      { options: ['Blue', 'L'], stock: 1 },
    ]);
    expect(parseProductChanges({ options, variants }).variants?.variants.map((v) => v.weightGrams)).toEqual([900, null, undefined]);
    for (const bad of [0, 2.5, '300', 1_000_001]) {
      const one = JSON.stringify([{ options: ['Blue', 'M'], stock: 1, weight: bad }]);
      expect(failure(() => parseProductChanges({ options, variants: one })).details).toEqual([
        {
          field: 'variants[0].weight',
          message: "A weight must be whole grams from 1 to 1000000, or null for the product's (variants[0].weight)",
        },
      ]);
    }
  });

  it('names each problem by its entry: a value not of its option, a combination twice, a bad swatch, SKU or stock', () => {
    const bad = JSON.stringify([
      { name: 'Colour', values: [{ value: 'Blue', swatch: 'blue' }] },
      { name: 'Size', values: [{ value: 'M' }] },
    ]);
    expect(failure(() => parseProductChanges({ options: bad, variants: '[{"options":["Blue","M"],"stock":1}]' })).details).toEqual([
      { field: 'options[0].values[0].swatch', message: 'A swatch must be a hex colour such as #1e3a8a (options[0].values[0].swatch)' },
    ]);
    const variants = JSON.stringify([
      { options: ['Green', 'M'], stock: 1 },
      { options: ['Blue', 'M'], stock: 1, sku: 'has space' },
      { options: ['Blue', 'M'], stock: -1 },
    ]);
    expect(failure(() => parseProductChanges({ options, variants })).details?.map((d) => d.field)).toEqual([
      'variants[0].options[0]',
      'variants[1].sku',
      'variants[2].options',
      'variants[2].stock',
    ]);
    expect(failure(() => parseProductChanges({ options })).details).toEqual([
      { field: 'variants', message: 'Send the variants with the options' },
    ]);
    expect(failure(() => parseProductChanges({ compareAtPrice: 'x' })).details?.[0].field).toBe('compareAtPrice');
    expect(parseProductChanges({ compareAtPrice: '' })).toEqual({ compareAtCents: null });
    // The weight, for shipping by weight: whole grams, or '' for none.
    expect(parseProductChanges({ weight: ' 250 ' })).toEqual({ weightGrams: 250 });
    expect(parseProductChanges({ weight: '' })).toEqual({ weightGrams: null });
    for (const bad of ['0', '2.5', '-3', 'heavy', '1000001'])
      expect(failure(() => parseProductChanges({ weight: bad })).details).toEqual([
        { field: 'weight', message: 'Weight must be whole grams from 1 to 1000000, or empty for none' },
      ]);
  });
});
