import { Injectable } from '@nestjs/common';
import {
  defaultPhotoAlt,
  PRODUCT_PHOTO_OPTION_VALUE_FIELD,
  PRODUCT_PHOTOS_MAX,
  type Product,
  type ProductGalleryInput,
  type ProductPhoto,
} from '@store/contract';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { type PhotoRecord, type PreparedPhoto, ProductPhotosService } from '../photos/index.js';
import { CatalogueCache } from './catalogue-cache.js';
import { ProductsRepository } from './products.repository.js';
import { galleryOf } from './products.service.js';

/**
 * A product's gallery, the admin's side: adding a photo, ordering the photos and their alt texts, removing one.
 * Each write holds the product's row lock (so two admins' edits of one gallery take turns and the 12-photo cap
 * holds) and moves the product's updatedAt, which is the `v` of every photo URL: a reordered gallery shows its new
 * first photo on the grid at once, and the lists (which carry updatedAt) are dropped by the products trigger.
 * An upload is checked and re-encoded before the transaction opens, as the product form's is.
 */
@Injectable()
export class ProductGalleryService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly photos: ProductPhotosService,
    private readonly cache: CatalogueCache,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  /** Adds a photo at the end of the gallery; the product as GET /product/:productId answers it. */
  async add(productId: string, upload: { photo: Buffer; alt: string; optionValue: number | null }, actor: AuditActor): Promise<Product> {
    const prepared = await this.photos.prepare(upload.photo);
    return this.write(productId, actor, async (before) => {
      if (before.length >= PRODUCT_PHOTOS_MAX) {
        throw new ConflictError(`A product has at most ${PRODUCT_PHOTOS_MAX} photos; remove one first`);
      }
      await this.assertValuesOf(productId, [upload.optionValue], PRODUCT_PHOTO_OPTION_VALUE_FIELD);
      await this.photos.add(productId, prepared, upload.alt, upload.optionValue);
    });
  }

  /**
   * Adds photos already checked and re-encoded (a zip's, see CataloguePhotosService) at the end of the gallery, in
   * one transaction: all of them or none when the 12-photo cap would be passed meanwhile.
   */
  addPrepared(
    productId: string,
    photos: Array<{ photo: PreparedPhoto; alt: string; optionValue: number | null }>,
    actor: AuditActor,
  ): Promise<Product> {
    return this.write(productId, actor, async (before) => {
      if (before.length + photos.length > PRODUCT_PHOTOS_MAX) {
        throw new ConflictError(`A product has at most ${PRODUCT_PHOTOS_MAX} photos; it has ${before.length}`);
      }
      await this.assertValuesOf(
        productId,
        photos.map((p) => p.optionValue),
        PRODUCT_PHOTO_OPTION_VALUE_FIELD,
      );
      for (const { photo, alt, optionValue } of photos) await this.photos.add(productId, photo, alt, optionValue);
    });
  }

  /** Puts the gallery in the order given, with the alt texts given; every photo of the product must be named once. */
  arrange(productId: string, input: ProductGalleryInput, actor: AuditActor): Promise<Product> {
    return this.write(productId, actor, async (before, product) => {
      const ids = input.photos.map((photo) => photo._id.toLowerCase());
      const known = new Set(before.map((photo) => photo._id));
      const unknown = ids.filter((id) => !known.has(id));
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      if (unknown.length > 0 || repeated.length > 0 || ids.length !== before.length) {
        throw new ValidationFailedError('Send every photo of the product once, in the new order', [
          ...unknown.map((id) => ({ field: 'photos', message: `${id} is not a photo of this product` })),
          ...repeated.map((id) => ({ field: 'photos', message: `${id} is named more than once` })),
          ...before.filter((photo) => !ids.includes(photo._id)).map((photo) => ({ field: 'photos', message: `${photo._id} is missing` })),
        ]);
      }
      await this.assertValuesOf(
        productId,
        input.photos.map((photo) => photo.optionValue ?? null),
        'photos',
      );
      await this.photos.arrange(
        productId,
        input.photos.map((photo, index) => ({
          id: ids[index],
          // The name's own description is kept as "none given", so it follows a renamed product.
          alt: photo.alt === defaultPhotoAlt(product.name) ? null : photo.alt,
          optionValue: photo.optionValue ?? null,
        })),
      );
    });
  }

  /** Removes one photo; the gallery closes the gap. */
  async remove(productId: string, photoId: string, actor: AuditActor): Promise<Product> {
    let removed: PhotoRecord | undefined;
    const product = await this.write(productId, actor, async () => {
      removed = await this.photos.remove(productId, photoId);
      if (!removed) throw new NotFoundError('This product has no such photo');
    });
    this.photos.discard([removed]);
    return product;
  }

  /** Every value named (nulls aside) must be an option value of this product: else a 400 naming `field`. */
  private async assertValuesOf(productId: string, values: Array<number | null>, field: string): Promise<void> {
    const named = values.filter((value): value is number => value !== null);
    if (named.length === 0) return;
    const own = new Set(await this.photos.optionValuesOf(productId));
    const foreign = [...new Set(named.filter((value) => !own.has(value)))];
    if (foreign.length > 0) {
      throw new ValidationFailedError(
        `optionValue must be an option value of this product (${foreign.join(', ')} is not)`,
        foreign.map((value) => ({ field, message: `${value} is not an option value of this product` })),
      );
    }
  }

  /**
   * One gallery write in a transaction under the product's row lock: `change` gets the gallery as it was; then
   * updatedAt moves and the audit trail records the gallery before and after (ids and alt texts, in order). After the commit,
   * this process drops its cached lists and the product's photos at once (the NOTIFY reaches every replica).
   */
  private async write(
    productId: string,
    actor: AuditActor,
    change: (before: ProductPhoto[], product: Product) => Promise<void>,
  ): Promise<Product> {
    const product = await this.transactions.run(async () => {
      const current = await this.products.findForUpdate(productId);
      if (!current) throw new NotFoundError('Product not found');
      const before = galleryOf(current, await this.photos.gallery(productId));
      await change(before, current);
      await this.products.update(productId, {});
      const touched = await this.products.reread(productId);
      if (!touched) throw new NotFoundError('Product not found');
      const after = galleryOf(touched, await this.photos.gallery(productId));
      await this.audit.record(actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: productId,
        changes: { photos: { before, after } },
      });
      return { ...touched, photos: after };
    });
    this.cache.invalidate();
    this.photos.invalidate(productId);
    return product;
  }
}
