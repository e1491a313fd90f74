import {
  PRODUCT_PHOTO_ALT_MAX,
  PRODUCT_PHOTO_CARD_SIZE,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_TYPES,
  PRODUCT_PHOTOS_MAX,
  type Product,
} from '@store/contract';
import { NewProductPhotoDto } from '@store/contract/dto/new-product-photo.dto';
import { type DragEvent, useState } from 'react';
import { useFieldArray, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { galleryPhotoUrl } from '@/api/products/gallery-photo-url';
import { Alert } from '@/components/alert';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { dtoFieldRule } from '@/lib/dto-resolver';
import { useAddProductPhoto } from '../api/add-product-photo';
import { useArrangeProductPhotos } from '../api/arrange-product-photos';
import { useRemoveProductPhoto } from '../api/remove-product-photo';

const MB = 1024 * 1024;
const altRule = dtoFieldRule(NewProductPhotoDto, 'alt');

/** An option value a photo may be tied to (a colour), as the editor offers it. */
export interface PhotoColour {
  id: number;
  label: string;
}

interface GalleryValues {
  /** Each photo in the order shown; the colour as the select holds it ('' for none). */
  photos: Array<{ _id: string; alt: string; optionValue: string }>;
}

/** The colour select's value as the wire's: '' is none. */
const colourValue = (optionValue: string): number | null => (optionValue ? Number(optionValue) : null);

/** The select of a photo's colour ("Any colour", or one of `colours`). */
function ColourSelect({
  id,
  label,
  colours,
  registration,
}: {
  id: string;
  label: string;
  colours: PhotoColour[];
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} className="form-select" {...registration}>
        <option value="">Any colour</option>
        {colours.map((colour) => (
          <option key={colour.id} value={String(colour.id)}>
            {colour.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const toValues = (product: Product): GalleryValues => ({
  photos: (product.photos ?? []).map((photo) => ({ _id: photo._id, alt: photo.alt, optionValue: photo.optionValue?.toString() ?? '' })),
});

/**
 * A product's gallery for the admin: each photo with its alt text and colour, in order. The order changes by drag
 * and drop, or by keyboard with each photo's Move earlier / Move later buttons; Save gallery sends the order, the
 * texts and the colours at once. Remove takes a photo out at once. Below, a form adds a photo (file and alt text
 * required, a colour optional). `colours` are the product's option values a photo may show (none: no colour select).
 */
export function ProductGalleryEditor({ product, colours = [] }: { product: Product; colours?: PhotoColour[] }) {
  const arrange = useArrangeProductPhotos(product._id);
  const removal = useRemoveProductPhoto(product._id);
  const form = useForm<GalleryValues>({ values: toValues(product) });
  const { fields, move } = useFieldArray({ control: form.control, name: 'photos', keyName: 'key' });
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saved, setSaved] = useState(false);
  const errors = form.formState.errors.photos;

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setSaved(false);
    setAnnouncement(`Image moved to place ${to + 1} of ${fields.length}`);
  };
  const onSubmit = form.handleSubmit(async ({ photos }) => {
    setSaved(false);
    await arrange.mutateAsync({
      photos: photos.map((photo) => ({
        _id: photo._id,
        alt: photo.alt,
        optionValue: colourValue(photo.optionValue),
      })),
    });
    setSaved(true);
  });
  const failure = arrange.error ?? removal.error;

  return (
    <section aria-labelledby="gallery-heading" className="card shadow-sm mt-4">
      <div className="card-body">
        <h2 id="gallery-heading" className="h5">
          Photos ({fields.length} of {PRODUCT_PHOTOS_MAX})
        </h2>
        <p className="form-text mt-0">
          The first photo is the one the shop's grid shows. Drag a photo to move it, or use its Earlier and Later buttons.
        </p>
        {saved ? <Alert variant="success">Gallery saved</Alert> : null}
        {failure ? <Alert variant="danger">{errorMessage(failure)}</Alert> : null}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {fields.length > 0 ? (
          <form onSubmit={onSubmit} noValidate aria-label="Gallery">
            <ol className="list-group mb-3">
              {fields.map((field, index) => (
                <li
                  key={field.key}
                  className={`list-group-item d-flex flex-wrap align-items-center gap-3 ${dragged === index ? 'opacity-50' : ''}`}
                  draggable
                  onDragStart={(event: DragEvent) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                    setDragged(index);
                  }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
                    setDragged(null);
                    if (Number.isInteger(from)) moveTo(from, index);
                  }}
                  onDragEnd={() => setDragged(null)}
                  data-photo-id={field._id}
                >
                  <img
                    src={galleryPhotoUrl(product._id, field._id, { size: PRODUCT_PHOTO_CARD_SIZE, version: product.updatedAt })}
                    alt=""
                    width={72}
                    height={72}
                    className="rounded border"
                    style={{ objectFit: 'cover' }}
                  />
                  <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
                    <TextField
                      id={`photo-alt-${index}`}
                      label={`Alt text of image ${index + 1}`}
                      error={errors?.[index]?.alt}
                      type="text"
                      maxLength={PRODUCT_PHOTO_ALT_MAX}
                      registration={form.register(`photos.${index}.alt`, { validate: altRule })}
                    />
                    {colours.length > 0 ? (
                      <ColourSelect
                        id={`photo-colour-${index}`}
                        label={`Colour of image ${index + 1}`}
                        colours={colours}
                        registration={form.register(`photos.${index}.optionValue`)}
                      />
                    ) : null}
                  </div>
                  <div className="btn-group-vertical" role="group" aria-label={`Image ${index + 1}`}>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      aria-label={`Move image ${index + 1} earlier`}
                      disabled={index === 0}
                      onClick={() => moveTo(index, index - 1)}
                    >
                      Earlier
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      aria-label={`Move image ${index + 1} later`}
                      disabled={index === fields.length - 1}
                      onClick={() => moveTo(index, index + 1)}
                    >
                      Later
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Remove image ${index + 1}`}
                      disabled={removal.isPending}
                      onClick={() => removal.mutate(field._id)}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving...' : 'Save gallery'}
            </button>
          </form>
        ) : (
          <p>No photos yet.</p>
        )}
        {fields.length < PRODUCT_PHOTOS_MAX ? <AddPhotoForm product={product} colours={colours} /> : null}
      </div>
    </section>
  );
}

interface AddPhotoValues {
  photo: FileList | null;
  alt: string;
  optionValue: string;
}

/** Adds one photo at the end of the gallery: the file and its alt text are required, its colour is optional. */
function AddPhotoForm({ product, colours }: { product: Product; colours: PhotoColour[] }) {
  const add = useAddProductPhoto(product._id);
  const form = useForm<AddPhotoValues>({ defaultValues: { photo: null, alt: '', optionValue: '' } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = form.handleSubmit(async ({ photo, alt, optionValue }) => {
    const file = photo?.[0];
    if (!file) return;
    await add.mutateAsync({ photo: file, alt: alt.trim(), optionValue: colourValue(optionValue) });
    form.reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a photo" className="border-top pt-3 mt-3">
      <h3 className="h6">Add a photo</h3>
      {add.error ? <Alert variant="danger">{errorMessage(add.error)}</Alert> : null}
      <Field
        id="gallery-photo"
        label="Image to add"
        error={errors.photo}
        hint={`JPEG, PNG, WebP or GIF, up to ${PRODUCT_PHOTO_MAX_BYTES / MB} MB.`}
      >
        <input
          id="gallery-photo"
          type="file"
          accept={PRODUCT_PHOTO_TYPES.join(',')}
          className={controlClass('form-control', errors.photo)}
          {...invalidProps('gallery-photo', errors.photo, true)}
          {...register('photo', {
            validate: (files) => {
              const file = files?.[0];
              if (!file) return 'Choose an image to add';
              if (!file.type.startsWith('image/')) return 'Choose an image file';
              if (file.size > PRODUCT_PHOTO_MAX_BYTES) return `The photo must be at most ${PRODUCT_PHOTO_MAX_BYTES / MB} MB`;
              return true;
            },
          })}
        />
      </Field>
      <TextField
        id="gallery-alt"
        label="Alt text"
        hint="What the image shows, for people who cannot see it: e.g. “Navy tee, back”."
        error={errors.alt}
        type="text"
        maxLength={PRODUCT_PHOTO_ALT_MAX}
        registration={register('alt', { validate: altRule })}
      />
      {colours.length > 0 ? (
        <ColourSelect id="gallery-colour" label="Colour" colours={colours} registration={register('optionValue')} />
      ) : null}
      <button type="submit" className="btn btn-success" disabled={isSubmitting}>
        {isSubmitting ? 'Uploading...' : 'Add photo'}
      </button>
    </form>
  );
}
