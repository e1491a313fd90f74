import type { Product, ProductFields } from '@store/contract';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { useSaveProduct } from '../api/save-product';
import {
  EMPTY_PRODUCT_FORM,
  optionInputs,
  productFormValues,
  type ProductFormValues,
  sizesTotal,
  stockEdited,
  variantInputs,
} from './product-form-values';

/** The messages the store has always shown, with the name the server answered. */
export const productMessages = {
  created: (name: string) => `${name} created successfully`,
  updated: (name: string) => `${name} updated successfully`,
};

/**
 * What the product form sends and what it shows afterwards: the fields (the stock and sizes of an edit only when the
 * admin changed them), then the success message and the saved values (a cleared form after a create), or the
 * server's refusal.
 */
export function useProductFormSubmit(form: UseFormReturn<ProductFormValues>, product?: Product) {
  const { mutateAsync: save } = useSaveProduct();
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    handleSubmit,
    reset,
    formState: { defaultValues },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setSuccess(null);
    setFailure(null);
    const sized = values.sizes.length > 0;
    const sizes = values.sizes.map(({ size, stock }) => ({ size, stock }));
    const fields: Partial<ProductFields> = {
      name: values.name.trim(),
      description: values.description.trim(),
      price: values.price,
      category: values.category,
    };
    // On an edit the stock goes only when the admin changed it: the form's copy is as old as the page, and sales
    // since then moved the real one (sending it back would put sold t-shirts back on the shelf).
    if (!product || stockEdited(values, defaultValues)) {
      // A product sold in sizes has their total as its stock (the server checks it is exactly that).
      fields.stock = sized ? sizesTotal(values.sizes) : values.stock;
      // Sizes go only with a product that has (or had) them: an unsized product's form is the spec's, field for field.
      if (sized || product?.sizes?.length) fields.sizes = sizes;
    }
    const withOptions = values.options.length > 0;
    if (withOptions) {
      // Options and variants replace the product's whole grid; the stock is the active variants' total.
      fields.options = optionInputs(values.options);
      fields.variants = variantInputs(values.variants);
      fields.stock = values.variants.reduce((sum, row) => sum + (row.active ? row.stock : 0), 0);
      delete fields.sizes;
    } else if (product?.options?.length && !product.sizes?.length) {
      // Every option removed: a product without options again, with the plain stock.
      fields.options = [];
      fields.variants = [{ options: [], stock: values.stock, active: true }];
      fields.stock = values.stock;
    }
    if (Number.isFinite(values.compareAtPrice)) fields.compareAtPrice = values.compareAtPrice;
    else if (product?.compareAtPrice !== undefined) fields.compareAtPrice = null;
    if (Number.isFinite(values.weight)) fields.weight = values.weight;
    else if (product?.weight !== undefined) fields.weight = null;
    const photo = values.photo?.[0];
    try {
      const saved = await save(product ? { productId: product._id, fields, photo } : { fields: fields as ProductFields, photo });
      setSuccess(product ? productMessages.updated(saved.name) : productMessages.created(saved.name));
      reset(product ? productFormValues(saved) : EMPTY_PRODUCT_FORM);
    } catch (error) {
      console.error(error);
      setFailure(errorMessage(error));
    }
  });

  return { onSubmit, success, failure };
}
