import type { Product, ProductVariant } from '@store/contract';
import { productJsonLd, scriptJson } from './page-head.js';
import { productOffers, variantProducts, variantUrl, variesBy } from './product-offers.js';

const URL = 'https://shop.example.com/product/p1';
const IMAGE = 'https://shop.example.com/api/product/photo/p1?size=large';
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

const variant = (changes: Partial<ProductVariant> & Pick<ProductVariant, 'sku'>): ProductVariant => ({
  _id: 1,
  options: [],
  stock: 4,
  sold: 0,
  active: true,
  ...changes,
});

const product = (changes: Partial<Product> = {}): Product => ({
  _id: 'p1',
  name: 'Classic Tee',
  description: 'Soft.',
  price: 19.9,
  stock: 4,
  sold: 0,
  category: 'c1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  options: [],
  variants: [variant({ sku: 'P1' })],
  ...changes,
});

/** A tee in Blue and Red, S and M: Red/S sold out, Blue/M at its own price, Red/M no longer sold. */
const colourAndSize = (): Product =>
  product({
    stock: 6,
    options: [
      {
        _id: 1,
        name: 'Colour',
        values: [
          { _id: 11, value: 'Blue', swatch: '#1e3a8a' },
          { _id: 12, value: 'Red', swatch: '#b91c1c' },
        ],
      },
      {
        _id: 2,
        name: 'Size',
        values: [
          { _id: 21, value: 'S' },
          { _id: 22, value: 'M' },
        ],
      },
    ],
    variants: [
      variant({ _id: 1, sku: 'TEE-BLUE-S', options: ['Blue', 'S'], stock: 3 }),
      variant({ _id: 2, sku: 'TEE-BLUE-M', options: ['Blue', 'M'], stock: 3, price: 24.5 }),
      variant({ _id: 3, sku: 'TEE-RED-S', options: ['Red', 'S'], stock: 0 }),
      variant({ _id: 4, sku: 'TEE-RED-M', options: ['Red', 'M'], stock: 9, active: false }),
    ],
  });

describe('product offers (JSON-LD)', () => {
  it('offers a product without options once: its default variant’s SKU, its price in dollars, in stock', () => {
    expect(productOffers(product(), URL)).toEqual([
      {
        '@type': 'Offer',
        url: URL,
        sku: 'P1',
        price: '19.90',
        priceCurrency: 'USD',
        availability: IN_STOCK,
        itemCondition: 'https://schema.org/NewCondition',
      },
    ]);
  });

  it('reads price and stock from the default variant, and says out of stock when nothing is left or nothing is on sale', () => {
    expect(productOffers(product({ variants: [variant({ sku: 'P1', price: 12, stock: 2 })] }), URL)[0]).toMatchObject({ price: '12.00' });
    expect(productOffers(product({ variants: [variant({ sku: 'P1', stock: 0 })] }), URL).map((o) => o.availability)).toEqual([
      OUT_OF_STOCK,
    ]);
    expect(productOffers(product({ variants: [variant({ sku: 'P1', active: false })] }), URL).map((o) => o.availability)).toEqual([
      OUT_OF_STOCK,
    ]);
  });

  it('makes one Offer per variant on sale, with its SKU, colour and size, own price, live availability and URL', () => {
    const items = variantProducts(colourAndSize(), URL, IMAGE);
    expect(
      items.map((item) => [item.sku, item.name, item.color, item.size, item.offers.sku, item.offers.price, item.offers.availability]),
    ).toEqual([
      ['TEE-BLUE-S', 'Classic Tee, Blue / S', 'Blue', 'S', 'TEE-BLUE-S', '19.90', IN_STOCK],
      ['TEE-BLUE-M', 'Classic Tee, Blue / M', 'Blue', 'M', 'TEE-BLUE-M', '24.50', IN_STOCK],
      ['TEE-RED-S', 'Classic Tee, Red / S', 'Red', 'S', 'TEE-RED-S', '19.90', OUT_OF_STOCK],
    ]);
    expect(items[1].offers.url).toBe(`${URL}?colour=Blue&size=M`);
    expect(items[1].image).toEqual([IMAGE]);
  });

  it('names an option schema.org has no property for as an additionalProperty, and leaves it out of variesBy', () => {
    const tee = product({
      options: [
        { _id: 1, name: 'Fit', values: [{ _id: 11, value: 'Slim' }] },
        { _id: 2, name: 'Color', values: [{ _id: 21, value: 'Black' }] },
      ],
      variants: [variant({ sku: 'FIT-SLIM-BLACK', options: ['Slim', 'Black'] })],
    });
    const [item] = variantProducts(tee, URL, IMAGE);
    expect(item.color).toBe('Black');
    expect(item.additionalProperty).toEqual([{ '@type': 'PropertyValue', name: 'Fit', value: 'Slim' }]);
    expect(variesBy(tee)).toEqual(['https://schema.org/color']);
    expect(item.offers.url).toBe(`${URL}?fit=Slim&color=Black`);
    expect(variantUrl(URL, [], { options: [] })).toBe(URL);
  });

  it('is a ProductGroup for a product with options (Google’s product variants), a Product otherwise', () => {
    const group = productJsonLd(colourAndSize(), URL, IMAGE);
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      productGroupID: 'p1',
      name: 'Classic Tee',
      image: [IMAGE],
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
    });
    expect((group.hasVariant as unknown[]).length).toBe(3);
    expect(productJsonLd(product(), URL, IMAGE)).toMatchObject({ '@type': 'Product', sku: 'p1', offers: [{ sku: 'P1' }] });
    // A product with options and none of them on sale is one Product, out of stock.
    const gone = colourAndSize();
    gone.variants = gone.variants!.map((v) => ({ ...v, active: false }));
    expect(productJsonLd(gone, URL, IMAGE)).toMatchObject({ '@type': 'Product', offers: [{ availability: OUT_OF_STOCK }] });
  });

  it('is safe inside a script element', () => {
    const ld = productJsonLd(product({ name: 'Tee </script><b>' }), URL, IMAGE);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Tee </script><b>', image: [expect.any(String)] });
    const text = scriptJson(ld);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual(ld);
  });
});
