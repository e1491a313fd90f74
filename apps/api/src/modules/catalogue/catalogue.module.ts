import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ApiRoute } from '@store/contract';
import { CatalogueChangesModule } from '../../database/catalogue-changes.js';
import { AuditModule } from '../audit/audit.module.js';
import { CategoriesModule } from '../categories/categories.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { CatalogueCache } from './catalogue-cache.js';
import { CatalogueFastPathMiddleware } from './catalogue-fast-path.middleware.js';
import { CatalogueFrontDoor } from './catalogue-front-door.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

/**
 * The catalogue: products (listing, reading, the admin's writes) and their list cache. All its SQL on products
 * is in ProductsRepository; lists are read through CatalogueCache. A product's photo is saved through the photos
 * module, in the catalogue's transaction; stock moves are the inventory's.
 */
@Module({
  imports: [CategoriesModule, AuditModule, PhotosModule, CatalogueChangesModule],
  controllers: [ProductsController],
  providers: [ProductsRepository, CatalogueCache, ProductsService, CatalogueFrontDoor],
  exports: [ProductsService, CatalogueFrontDoor],
})
export class CatalogueModule implements NestModule {
  /**
   * Cached list pages are answered before the route pipeline (see CatalogueFastPathMiddleware); most even
   * before Express (CatalogueFrontDoor, installed by the app's setup).
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CatalogueFastPathMiddleware).forRoutes({ path: ApiRoute.products, method: RequestMethod.GET });
  }
}
