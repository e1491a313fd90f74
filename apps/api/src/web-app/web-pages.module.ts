import { Module } from '@nestjs/common';
import { CatalogueChangesModule } from '../database/catalogue-changes.js';
import { CatalogueModule } from '../modules/catalogue/catalogue.module.js';
import { CategoriesModule } from '../modules/categories/categories.module.js';
import { WebPages } from './web-pages.js';

/** The server-rendered public pages, robots.txt and the sitemap (serve-web-app.ts sends them). */
@Module({
  imports: [CatalogueModule, CategoriesModule, CatalogueChangesModule],
  providers: [WebPages],
  exports: [WebPages],
})
export class WebPagesModule {}
