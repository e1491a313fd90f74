import { Injectable } from '@nestjs/common';
import type { Category, DeletedResponse } from '@store/contract';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { CategoriesRepository } from './categories.repository.js';
import type { CategoryEntity } from './category.entity.js';
import { toCategory } from './category.mapper.js';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async list(): Promise<Category[]> {
    return (await this.categories.list()).map(toCategory);
  }

  async get(id: string): Promise<Category> {
    return toCategory(await this.find(id));
  }

  /** True when a category with this id exists (for other modules validating a reference). */
  exists(id: string): Promise<boolean> {
    return this.categories.exists(id);
  }

  /** Creates a category; the audit entry commits with it. */
  async create(name: string, actor: AuditActor): Promise<Category> {
    try {
      return await this.transactions.run(async () => {
        const created = await this.categories.insert(name);
        await this.audit.record(actor, {
          action: 'category.create',
          entityType: 'category',
          entityId: created.id,
          changes: this.audit.changedFields(null, { name }, ['name']),
        });
        return toCategory(created);
      });
    } catch (error) {
      throw this.translate(error, name);
    }
  }

  /** Renames a category; the audit entry (old and new name) commits with it. */
  async rename(id: string, name: string, actor: AuditActor): Promise<Category> {
    try {
      return await this.transactions.run(async () => {
        // Locked, so the audit's "before" is the name this rename replaced, even with two admins at once.
        const category = await this.categories.findForUpdate(id);
        if (!category) throw new NotFoundError('Category not found');
        const before = { name: category.name };
        category.name = name;
        const saved = await this.categories.save(category);
        await this.audit.record(actor, {
          action: 'category.update',
          entityType: 'category',
          entityId: id,
          changes: this.audit.changedFields(before, { name }, ['name']),
        });
        return toCategory(saved);
      });
    } catch (error) {
      throw this.translate(error, name);
    }
  }

  /** Deletes a category that has no products; the audit entry (its name) commits with it. */
  async remove(id: string, actor: AuditActor): Promise<DeletedResponse> {
    const category = await this.find(id);
    try {
      await this.transactions.run(async () => {
        if (!(await this.categories.delete(id))) throw new NotFoundError('Category not found');
        await this.audit.record(actor, {
          action: 'category.delete',
          entityType: 'category',
          entityId: id,
          changes: this.audit.changedFields({ name: category.name }, null, ['name']),
        });
      });
    } catch (error) {
      if (isPgError(error, PgError.ForeignKeyViolation) || isPgError(error, PgError.RestrictViolation)) {
        throw new ConflictError(`Category "${category.name}" still has products; move or delete them first`);
      }
      throw error;
    }
    return { message: `Category "${category.name}" deleted`, _id: id };
  }

  private async find(id: string): Promise<CategoryEntity> {
    const category = await this.categories.find(id);
    if (!category) throw new NotFoundError('Category not found');
    return category;
  }

  private translate(error: unknown, name: string): unknown {
    if (isPgError(error, PgError.UniqueViolation, 'categories_name_lower_key')) {
      return new ConflictError(`A category named "${name}" already exists`);
    }
    return error;
  }
}
