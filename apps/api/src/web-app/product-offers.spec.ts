import type { Product } from '@store/contract';
import { productJsonLd, scriptJson } from './page-head.js';
import { productOffers } from './product-offers.js';

const URL = 'https://shop.example.com/product/p1';
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
  ...changes,
});

describe('product offers (JSON-LD)', () => {
  it('offers a product without sizes once, in stock, at its price in dollars', () => {
    expect(productOffers(product(), URL)).toEqual([
      {
        '@type': 'Offer',
        url: URL,
        sku: 'p1',
        price: '19.90',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    ]);
  });

  it('says out of stock when nothing is left', () => {
    expect(productOffers(product({ stock: 0 }), URL).map((offer) => offer.availability)).toEqual(['https://schema.org/OutOfStock']);
  });

  it('offers each size in stock apart, and the product as out of stock when no size is left', () => {
    const sized = product({
      stock: 3,
      sizes: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 1 },
        { size: 'XL', stock: 2 },
      ],
    });
    expect(productOffers(sized, URL).map((offer) => [offer.sku, offer.name, offer.availability])).toEqual([
      ['p1-M', 'Classic Tee, size M', 'https://schema.org/InStock'],
      ['p1-XL', 'Classic Tee, size XL', 'https://schema.org/InStock'],
    ]);
    const soldOut = product({ stock: 0, sizes: [{ size: 'S', stock: 0 }] });
    expect(productOffers(soldOut, URL).map((offer) => [offer.sku, offer.availability])).toEqual([['p1', 'https://schema.org/OutOfStock']]);
  });

  it('is a Product with the fields of Google’s Product rich result, safe inside a script element', () => {
    const ld = productJsonLd(product({ name: 'Tee </script><b>' }), URL, 'https://shop.example.com/api/product/photo/p1?size=large');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Tee </script><b>',
      image: [expect.any(String)],
    });
    const text = scriptJson(ld);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual(ld);
  });
});
