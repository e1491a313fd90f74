import { Module } from '@nestjs/common';
import { ChangeFeedModule } from '../database/change-feed.js';
import { CatalogueModule } from '../modules/catalogue/catalogue.module.js';
import { CategoriesModule } from '../modules/categories/categories.module.js';
import { WebPages } from './web-pages.js';

/** The server-rendered public pages, robots.txt and the sitemap (serve-web-app.ts sends them). */
@Module({
  imports: [CatalogueModule, CategoriesModule, ChangeFeedModule],
  providers: [WebPages],
  exports: [WebPages],
})
export class WebPagesModule {}
