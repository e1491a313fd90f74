import { Injectable } from '@nestjs/common';
import type { DeletedResponse, Product } from '@store/contract';
import { DataSource, type EntityManager } from 'typeorm';
import { NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { queryRows } from '../../database/query-rows.js';
import { changedFields } from '../audit/audit-changes.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { CategoriesService } from '../categories/categories.service.js';
import { preparePhoto } from './photo-upload.js';
import type { ProductChanges, ProductDraft } from './product-form.js';
import { type ProductListParams, productCountSql, productListSql } from './product-list-query.js';
import { PRODUCT_COLUMNS, type ProductRow, toProduct } from './product.mapper.js';
import { ProductPhotosService } from './product-photos.service.js';
import { pgPool } from './pg-pool.js';

/** The stored column of each changeable field. */
const COLUMN: Record<keyof ProductDraft, string> = {
  name: 'name',
  description: 'description',
  priceCents: 'price_cents',
  stock: 'stock',
  categoryId: 'category_id',
};

/** The product fields an audit entry compares (wire names: `price` in dollars). `sold` moves with checkouts, not admins. */
const AUDITED = ['name', 'description', 'price', 'stock', 'category'] as const;
/** A new photo is recorded as such; the image itself is not copied into the trail. */
const PHOTO_CHANGE = { photo: { before: null, after: 'replaced' } };

/**
 * The catalogue: listing, reading, creating, updating and deleting products. Reads are hand-written SQL on the
 * pg pool (see {@link pgPool}) mapped straight to the wire shape, with no entity hydration; a write checks
 * everything, the photo included, before it opens its transaction, so a failed request leaves nothing half-saved.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
    private readonly photos: ProductPhotosService,
    private readonly audit: AuditService,
  ) {}

  /** One page of products and the total count of the listing. */
  async list(params: ProductListParams): Promise<{ products: Product[]; total: number }> {
    const { text, values } = productListSql(params);
    const { rows } = await pgPool(this.dataSource).query<ProductRow & { total: number }>(text, values);
    if (rows.length > 0) return { products: rows.map(toProduct), total: rows[0].total };
    return { products: [], total: params.offset === 0 ? 0 : await this.count(params.categoryId) };
  }

  /** How many products there are, in one category or in all. */
  async count(categoryId?: string): Promise<number> {
    const { text, values } = productCountSql(categoryId);
    const { rows } = await pgPool(this.dataSource).query<{ total: number }>(text, values);
    return rows[0].total;
  }

  async get(id: string): Promise<Product> {
    const { rows } = await pgPool(this.dataSource).query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]);
    if (!rows[0]) throw new NotFoundError('Product not found');
    return toProduct(rows[0]);
  }

  /** Creates a product (and its photo); the audit entry commits with it. */
  async create(draft: ProductDraft, photo: Buffer | undefined, actor: AuditActor): Promise<Product> {
    await this.assertCategoryExists(draft.categoryId);
    const prepared = photo && (await preparePhoto(photo));
    return this.write(async (manager) => {
      const [row] = await queryRows<ProductRow>(
        manager,
        `INSERT INTO products (name, description, price_cents, stock, category_id) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${PRODUCT_COLUMNS}`,
        [draft.name, draft.description, draft.priceCents, draft.stock, draft.categoryId],
      );
      if (prepared) await this.photos.save(manager, row.id, prepared);
      const product = toProduct(row);
      await this.audit.record(manager, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: product._id,
        changes: { ...changedFields(null, product, AUDITED), ...(prepared ? PHOTO_CHANGE : {}) },
      });
      return product;
    });
  }

  /** Changes only the fields given, and replaces the photo when one is given. */
  async update(id: string, changes: ProductChanges, photo: Buffer | undefined, actor: AuditActor): Promise<Product> {
    const fields = Object.keys(changes) as (keyof ProductDraft)[];
    if (fields.length === 0 && !photo) throw new ValidationFailedError('Nothing to update: send at least one field or a photo');
    if (changes.categoryId !== undefined) await this.assertCategoryExists(changes.categoryId);
    const prepared = photo && (await preparePhoto(photo));
    return this.write(async (manager) => {
      // Locked, so the audit's "before" is exactly what this update replaced (a checkout may change stock meanwhile).
      const [old] = await queryRows<ProductRow>(manager, `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1 FOR UPDATE`, [id]);
      if (!old) throw new NotFoundError('Product not found');
      const assignments = fields.map((field, index) => `${COLUMN[field]} = $${index + 2}`);
      const [row] = await queryRows<ProductRow>(
        manager,
        `UPDATE products SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
        [id, ...fields.map((field) => changes[field])],
      );
      if (!row) throw new NotFoundError('Product not found');
      if (prepared) await this.photos.save(manager, id, prepared);
      const product = toProduct(row);
      await this.audit.record(manager, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        changes: { ...changedFields(toProduct(old), product, AUDITED), ...(prepared ? PHOTO_CHANGE : {}) },
      });
      return product;
    });
  }

  async remove(id: string, actor: AuditActor): Promise<DeletedResponse> {
    // The photo goes with the product (ON DELETE CASCADE).
    const [row] = await this.write(async (manager) => {
      const deleted = await queryRows<ProductRow>(manager, `DELETE FROM products WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`, [id]);
      if (deleted[0]) {
        await this.audit.record(manager, actor, {
          action: 'product.delete',
          entityType: 'product',
          entityId: id,
          changes: changedFields(toProduct(deleted[0]), null, AUDITED),
        });
      }
      return deleted;
    });
    if (!row) throw new NotFoundError('Product not found');
    return { message: `Product "${row.name}" deleted`, _id: id };
  }

  private async assertCategoryExists(categoryId: string): Promise<void> {
    if (!(await this.categories.exists(categoryId))) throw categoryMissing();
  }

  /** A transaction; a category deleted since it was checked still ends as a 400, not a 500. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isPgError(error, PgError.ForeignKeyViolation, 'products_category_id_fkey')) throw categoryMissing();
      throw error;
    }
  }
}

function categoryMissing(): ValidationFailedError {
  return new ValidationFailedError('Category does not exist', [{ field: 'category', message: 'no category has this id' }]);
}
