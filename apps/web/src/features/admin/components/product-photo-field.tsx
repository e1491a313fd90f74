import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES, type Product } from '@store/contract';
import { useEffect, useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { controlClass, Field, invalidProps } from '@/components/field';
import { ProductImage } from '@/components/product-image';
import type { ProductFormValues } from './product-form-values';

const MB = 1024 * 1024;

/**
 * The photo column: the chosen file's preview (else the product's current photo when editing) above the file input,
 * which takes images only and is optional on an edit.
 */
export function ProductPhotoField({ form, product }: { form: UseFormReturn<ProductFormValues>; product?: Product }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const chosenFiles = useWatch({ control, name: 'photo' });
  const chosenPhoto = chosenFiles?.[0]?.type.startsWith('image/') ? chosenFiles[0] : undefined;
  return (
    <>
      {chosenPhoto ? (
        <PhotoPreview file={chosenPhoto} />
      ) : product ? (
        <figure className="mb-3">
          <ProductImage
            productId={product._id}
            version={product.updatedAt}
            name={product.name}
            className="img-thumbnail w-100 product-form-photo"
          />
          <figcaption className="form-text">Current photo</figcaption>
        </figure>
      ) : null}
      <Field
        id="product-photo"
        label="Photo"
        error={errors.photo}
        hint={`JPEG, PNG, WebP or GIF, up to ${PRODUCT_PHOTO_MAX_BYTES / MB} MB${product ? '. Leave empty to keep the current photo.' : '.'}`}
      >
        <input
          id="product-photo"
          type="file"
          accept={PRODUCT_PHOTO_TYPES.join(',')}
          className={controlClass('form-control', errors.photo)}
          {...invalidProps('product-photo', errors.photo, true)}
          {...register('photo', {
            validate: (files) => {
              const file = files?.[0];
              if (!file) return true;
              if (!file.type.startsWith('image/')) return 'Choose an image file';
              if (file.size > PRODUCT_PHOTO_MAX_BYTES) return `The photo must be at most ${PRODUCT_PHOTO_MAX_BYTES / MB} MB`;
              return true;
            },
          })}
        />
      </Field>
    </>
  );
}

/** The chosen file as the shopper will see it, before it is uploaded. */
function PhotoPreview({ file }: { file: File }) {
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return (
    <figure className="mb-3">
      <img src={url} alt="Preview of the chosen photo" className="img-thumbnail w-100 product-form-photo" />
      <figcaption className="form-text">New photo</figcaption>
    </figure>
  );
}
