import type { Product } from '@store/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASE_URL, installFakeApi } from '@/testing/fake-api';
import { product } from '@/testing/fixtures';
import { renderWithProviders as render } from '@/testing/render-app';
import { ProductGallery } from './product-gallery';

const NAVY = 7;
const RED = 9;
const tee: Product = product({
  name: 'Harbour Tee',
  photos: [
    { _id: 'a0000000-0000-4000-8000-000000000001', alt: 'Photo of Harbour Tee', optionValue: null },
    { _id: 'a0000000-0000-4000-8000-000000000002', alt: 'Navy, front', optionValue: NAVY },
    { _id: 'a0000000-0000-4000-8000-000000000003', alt: 'Navy, back', optionValue: NAVY },
    { _id: 'a0000000-0000-4000-8000-000000000004', alt: 'Red, front', optionValue: RED },
    { _id: 'a0000000-0000-4000-8000-000000000005', alt: 'Folded', optionValue: null },
  ],
});
const shownAlt = () =>
  screen.getByRole('region', { name: 'Photos of Harbour Tee' }).querySelector('img.product-page-photo')?.getAttribute('alt');
const version = encodeURIComponent(tee.updatedAt);

// Photo URLs are built on the API's base URL, which the fake API sets.
beforeEach(() => installFakeApi());

describe('product gallery', () => {
  it("shows the product's untied photos when no colour is chosen, the first at the product's photo URL", () => {
    render(<ProductGallery product={tee} />);
    expect(shownAlt()).toBe('Photo of Harbour Tee');
    expect(screen.getByRole('img', { name: 'Photo of Harbour Tee' })).toHaveAttribute(
      'src',
      `${BASE_URL}/product/photo/${tee._id}?size=large&v=${version}`,
    );
    expect(screen.getAllByRole('button', { name: /^Show photo/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show photo 1 of 2: Photo of Harbour Tee',
      'Show photo 2 of 2: Folded',
    ]);
  });

  it('moves with Previous and Next (wrapping), the thumbnails, and the arrow, Home and End keys', async () => {
    render(<ProductGallery product={tee} optionValue={NAVY} />);
    expect(shownAlt()).toBe('Navy, front');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownAlt()).toBe('Navy, back');
    expect(screen.getByRole('img', { name: 'Navy, back' })).toHaveAttribute(
      'src',
      `${BASE_URL}/product/photo/${tee._id}/${tee.photos![2]._id}?size=large&v=${version}`,
    );
    expect(screen.getByText('Photo 2 of 2: Navy, back')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownAlt()).toBe('Navy, front');
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownAlt()).toBe('Navy, back');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 1 of 2: Navy, front' }));
    expect(shownAlt()).toBe('Navy, front');
    expect(screen.getByRole('button', { name: 'Show photo 1 of 2: Navy, front' })).toHaveAttribute('aria-current', 'true');

    const region = screen.getByRole('region', { name: 'Photos of Harbour Tee' });
    region.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(shownAlt()).toBe('Navy, back');
    await userEvent.keyboard('{ArrowLeft}');
    expect(shownAlt()).toBe('Navy, front');
    await userEvent.keyboard('{End}');
    expect(shownAlt()).toBe('Navy, back');
    await userEvent.keyboard('{Home}');
    expect(shownAlt()).toBe('Navy, front');
  });

  it('follows a sideways swipe, not a scroll', () => {
    render(<ProductGallery product={tee} />);
    const photo = screen.getByRole('img', { name: 'Photo of Harbour Tee' });
    fireEvent.touchStart(photo, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    expect(shownAlt()).toBe('Folded');
    // Mostly downwards: a scroll of the page, which leaves the photo.
    fireEvent.touchStart(photo, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 250, clientY: 300 }] });
    expect(shownAlt()).toBe('Folded');
    fireEvent.touchStart(photo, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(photo, { changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(shownAlt()).toBe('Photo of Harbour Tee');
  });

  it('follows the chosen colour, starting at its first photo; a colour without photos shows the untied ones', async () => {
    const { rerender } = render(<ProductGallery product={tee} optionValue={NAVY} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    rerender(<ProductGallery product={tee} optionValue={RED} />);
    // One photo: no controls.
    expect(screen.getByRole('img', { name: 'Red, front' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    rerender(<ProductGallery product={tee} optionValue={NAVY} />);
    expect(shownAlt()).toBe('Navy, front');
    rerender(<ProductGallery product={tee} optionValue={42} />);
    expect(shownAlt()).toBe('Photo of Harbour Tee');
  });

  it('shows the stock picture slot for a product without photos', () => {
    render(<ProductGallery product={product({ name: 'Bare Tee', photos: [] })} />);
    expect(screen.getByRole('img', { name: 'Photo of Bare Tee' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
