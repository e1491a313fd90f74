import type { INestApplication } from '@nestjs/common';
import { CategoriesService } from '../../modules/categories/categories.service.js';

export const DEMO_CATEGORIES = ['Graphic Tees', 'Basics', 'Vintage', 'Sports'];

/** Fills an empty store with a small demo catalogue; does nothing once any category exists. */
export async function seedDemoCatalog(app: INestApplication): Promise<void> {
  const categories = app.get(CategoriesService);
  if ((await categories.list()).length > 0) return;
  for (const name of DEMO_CATEGORIES) await categories.create(name);
}
