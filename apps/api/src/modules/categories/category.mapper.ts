import type { Category } from '@store/contract';
import type { CategoryEntity } from './category.entity.js';

export function toCategory(entity: Pick<CategoryEntity, 'id' | 'name'>): Category {
  return { _id: entity.id, name: entity.name };
}
