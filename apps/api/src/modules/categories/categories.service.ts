import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Category, DeletedResponse } from '@store/contract';
import type { Repository } from 'typeorm';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isPgError, PgError } from '../../common/postgres-errors.js';
import { CategoryEntity } from './category.entity.js';
import { toCategory } from './category.mapper.js';

@Injectable()
export class CategoriesService {
  constructor(@InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>) {}

  async list(): Promise<Category[]> {
    const rows = await this.categories
      .createQueryBuilder('c')
      .select(['c.id', 'c.name'])
      .orderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
    return rows.map(toCategory);
  }

  async get(id: string): Promise<Category> {
    return toCategory(await this.find(id));
  }

  /** True when a category with this id exists (for other modules validating a reference). */
  exists(id: string): Promise<boolean> {
    return this.categories.existsBy({ id });
  }

  async create(name: string): Promise<Category> {
    try {
      return toCategory(await this.categories.save(this.categories.create({ name })));
    } catch (error) {
      throw this.translate(error, name);
    }
  }

  async rename(id: string, name: string): Promise<Category> {
    const category = await this.find(id);
    category.name = name;
    try {
      return toCategory(await this.categories.save(category));
    } catch (error) {
      throw this.translate(error, name);
    }
  }

  async remove(id: string): Promise<DeletedResponse> {
    const category = await this.find(id);
    try {
      await this.categories.delete({ id });
    } catch (error) {
      if (isPgError(error, PgError.ForeignKeyViolation) || isPgError(error, PgError.RestrictViolation)) {
        throw new ConflictError(`Category "${category.name}" still has products; move or delete them first`);
      }
      throw error;
    }
    return { message: `Category "${category.name}" deleted`, _id: id };
  }

  private async find(id: string): Promise<CategoryEntity> {
    const category = await this.categories.findOneBy({ id });
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
