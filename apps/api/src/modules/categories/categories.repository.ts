import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';
import { CategoryEntity } from './category.entity.js';

/** The categories table's statements, all of them (TypeORM over {@link CategoryEntity}), in the transaction in context. */
@Injectable()
export class CategoriesRepository {
  constructor(private readonly db: Database) {}

  /** Every category's id and name, by name (case-insensitive), then id. */
  list(): Promise<CategoryEntity[]> {
    return this.db.manager
      .createQueryBuilder(CategoryEntity, 'c')
      .select(['c.id', 'c.name'])
      .orderBy('lower(c.name)', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  find(id: string): Promise<CategoryEntity | null> {
    return this.db.manager.findOneBy(CategoryEntity, { id });
  }

  exists(id: string): Promise<boolean> {
    return this.db.manager.existsBy(CategoryEntity, { id });
  }

  /** The category, its row locked until the transaction ends (so two renames queue). */
  findForUpdate(id: string): Promise<CategoryEntity | null> {
    return this.db.manager.findOne(CategoryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  insert(name: string): Promise<CategoryEntity> {
    const manager = this.db.manager;
    return manager.save(manager.create(CategoryEntity, { name }));
  }

  save(category: CategoryEntity): Promise<CategoryEntity> {
    return this.db.manager.save(category);
  }

  /** True when the category was there to delete. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.manager.delete(CategoryEntity, { id });
    return result.affected === 1;
  }
}
