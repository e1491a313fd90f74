import { photosFor, type Product, PRODUCT_PHOTO_CARD_SIZE } from '@store/contract';
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { galleryPhotoUrl } from '@/api/products/gallery-photo-url';
import { productPhotoUrl } from '@/api/products/product-photo';
import { LargeProductPhoto } from './large-product-photo';

/** How far a finger must travel sideways (px) for a swipe, and more sideways than down (else it is a scroll). */
const SWIPE_MIN_PX = 40;
/** A thumbnail's side: the card WebP scaled down by the browser. */
const THUMB_PX = 64;

/**
 * The product page's photos: the gallery's photos for the chosen option value (a colour; the product's untied
 * photos when it has none, see photosFor), one large at a time. With more than one: Previous and Next buttons, the
 * arrow keys while the gallery has focus, a sideways swipe on a touch screen (plain touch events, no library),
 * and a row of thumbnails, each a button naming the photo it shows. A new choice of colour starts at its first photo.
 */
export function ProductGallery({ product, optionValue }: { product: Product; optionValue?: number | null }) {
  const shown = photosFor(product.photos ?? [], optionValue);
  const showing = shown.map((photo) => photo._id).join(' ');
  const [state, setState] = useState({ showing, index: 0 });
  // A new set of photos (another colour chosen, or the gallery edited) starts at its first (state set while
  // rendering, as React advises for state that follows a prop).
  if (state.showing !== showing) setState({ showing, index: 0 });
  const index = state.showing === showing ? Math.min(state.index, Math.max(shown.length - 1, 0)) : 0;
  const show = (next: number) => setState({ showing, index: (next + shown.length) % shown.length });
  const touch = useRef<{ x: number; y: number } | null>(null);

  if (shown.length <= 1) return <LargeProductPhoto product={product} photo={shown[0]} />;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(shown.length - 1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (!start || !point) return;
    const dx = point.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(point.clientY - start.y)) show(dx < 0 ? index + 1 : index - 1);
  };
  const first = product.photos?.[0]?._id;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${product.name}`}
      className="product-gallery"
      // Focusable, so the arrow keys move through the photos (the buttons inside take Tab as usual).
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="position-relative" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <LargeProductPhoto product={product} photo={shown[index]} />
        <button
          type="button"
          className="btn btn-light shadow-sm position-absolute top-50 start-0 translate-middle-y ms-2"
          aria-label="Previous photo"
          onClick={() => show(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="btn btn-light shadow-sm position-absolute top-50 end-0 translate-middle-y me-2"
          aria-label="Next photo"
          onClick={() => show(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        Photo {index + 1} of {shown.length}: {shown[index].alt}
      </p>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {shown.map((photo, i) => (
          <button
            key={photo._id}
            type="button"
            className={`btn p-0 border ${i === index ? 'border-primary border-2' : ''}`}
            aria-label={`Show photo ${i + 1} of ${shown.length}: ${photo.alt}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => show(i)}
          >
            <img
              src={
                photo._id === first
                  ? productPhotoUrl(product._id, { size: PRODUCT_PHOTO_CARD_SIZE, version: product.updatedAt })
                  : galleryPhotoUrl(product._id, photo._id, { size: PRODUCT_PHOTO_CARD_SIZE, version: product.updatedAt })
              }
              alt=""
              width={THUMB_PX}
              height={THUMB_PX}
              loading="lazy"
              decoding="async"
              className="rounded d-block object-fit-cover"
            />
          </button>
        ))}
      </div>
    </section>
  );
}
