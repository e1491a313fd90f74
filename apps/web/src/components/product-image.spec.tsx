import { render, screen } from '@testing-library/react';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it("asks for the card photo under the product's version, so an edited photo gets a new URL", () => {
    const { rerender } = render(<ProductImage productId="p1" version="2026-11-21T09:00:00.000Z" name="Goal Net Tee" />);
    const before = screen.getByRole('img', { name: 'Photo of Goal Net Tee' }).getAttribute('src');
    expect(before).toBe('/api/product/photo/p1?size=card&v=2026-11-21T09%3A00%3A00.000Z');

    rerender(<ProductImage productId="p1" version="2026-11-21T09:05:00.000Z" name="Goal Net Tee" />);
    const after = screen.getByRole('img', { name: 'Photo of Goal Net Tee' }).getAttribute('src');
    expect(after).not.toBe(before);
  });

  it('shows the stock t-shirt picture when there is no product', () => {
    render(<ProductImage />);
    expect(screen.getByRole('img', { name: 'T-shirt' }).getAttribute('src')).not.toContain('/api/');
  });

  it('reserves its box and loads lazily unless it is in the first screenful, which loads eagerly and first', () => {
    render(
      <>
        <ProductImage productId="p1" name="First Tee" priority />
        <ProductImage productId="p3" name="Second Tee" eager />
        <ProductImage productId="p2" name="Later Tee" />
      </>,
    );
    const first = screen.getByRole('img', { name: 'Photo of First Tee' });
    const second = screen.getByRole('img', { name: 'Photo of Second Tee' });
    const later = screen.getByRole('img', { name: 'Photo of Later Tee' });
    // The rest of the first row: eager, but not competing with the page's largest paint.
    expect(second).toHaveAttribute('loading', 'eager');
    expect(second).not.toHaveAttribute('fetchpriority', 'high');
    for (const img of [first, second, later]) {
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '400');
      expect(img.getAttribute('srcset')).toMatch(/\?size=card.* 600w$/);
      expect(img.getAttribute('sizes')).toContain('100vw');
    }
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority', 'high');
  });
});
