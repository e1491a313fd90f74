import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ApiRoute } from '@store/contract';
import { AuditModule } from '../audit/audit.module.js';
import { CategoriesModule } from '../categories/categories.module.js';
import { CatalogueCache } from './catalogue-cache.js';
import { CatalogueFastPathMiddleware } from './catalogue-fast-path.middleware.js';
import { CatalogueFrontDoor } from './catalogue-front-door.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { PhotoObjectStore, S3PhotoObjectStore } from './photo-store.js';
import { ProductPhotosRepository } from './product-photos.repository.js';
import { ProductPhotosService } from './product-photos.service.js';
import { ProductStockService } from './product-stock.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

/**
 * The catalogue: products, their photos (original and card variant), and the admin calls that change them. All SQL
 * on products is in ProductsRepository, on photos in ProductPhotosRepository; reads go through CatalogueCache.
 */
@Module({
  imports: [CategoriesModule, AuditModule],
  controllers: [ProductsController],
  providers: [
    ProductsRepository,
    ProductPhotosRepository,
    CatalogueCache,
    ProductsService,
    ProductPhotosService,
    ProductStockService,
    CatalogueFrontDoor,
    // The object store when S3 is configured (PHOTO_STORE=s3, or its S3_* settings kept to read photos not moved back yet).
    {
      provide: PhotoObjectStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.photoStore.s3 ? new S3PhotoObjectStore(config.photoStore.s3) : null),
    },
  ],
  exports: [ProductsService, ProductStockService, ProductPhotosRepository, CatalogueFrontDoor],
})
export class ProductsModule implements NestModule {
  /**
   * Cached list pages and photos are answered before the route pipeline (see CatalogueFastPathMiddleware); most
   * list requests even before Express (CatalogueFrontDoor, installed by the app's setup).
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(CatalogueFastPathMiddleware)
      .forRoutes({ path: ApiRoute.products, method: RequestMethod.GET }, { path: ApiRoute.productPhoto, method: RequestMethod.GET });
  }
}
