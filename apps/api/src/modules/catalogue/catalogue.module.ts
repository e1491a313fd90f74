import { Module } from '@nestjs/common';
import { ChangeFeedModule } from '../../database/change-feed.js';
import { AuditModule } from '../audit/audit.module.js';
import { CategoriesModule } from '../categories/categories.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { CachedListRoute } from './cached-list-route.js';
import { CachedProductRoute } from './cached-product-route.js';
import { CatalogueCache } from './catalogue-cache.js';
import { ProductGalleryController } from './product-gallery.controller.js';
import { ProductGalleryService } from './product-gallery.service.js';
import { CatalogueTransferController } from './catalogue-transfer.controller.js';
import { CatalogueTransferRepository } from './catalogue-transfer.repository.js';
import { CatalogueTransferService } from './catalogue-transfer.service.js';
import { CataloguePhotosService } from './catalogue-photos.service.js';
import { ProductsController } from './products.controller.js';
import { ProductVariantsRepository } from './product-variants.repository.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

/**
 * The catalogue: products (listing, reading, the admin's writes) and their list cache. All its SQL on products
 * is in ProductsRepository; lists and single products' answers are read through CatalogueCache, and offered to the
 * HTTP layer's cached GET through CachedListRoute and CachedProductRoute. A product's photos (the form's first photo, and the gallery's writes in
 * ProductGalleryService) are saved through the photos module, in the catalogue's transaction; stock moves are the
 * inventory's. The CSV export and import (CatalogueTransferService) write through the same repositories; products'
 * handles and the import jobs are CatalogueTransferRepository's. Photos by zip (CataloguePhotosService) go to the
 * galleries through ProductGalleryService.
 */
@Module({
  imports: [CategoriesModule, AuditModule, PhotosModule, ChangeFeedModule],
  controllers: [ProductsController, ProductGalleryController, CatalogueTransferController],
  providers: [
    ProductsRepository,
    ProductVariantsRepository,
    CatalogueCache,
    ProductsService,
    ProductGalleryService,
    CachedListRoute,
    CachedProductRoute,
    CatalogueTransferRepository,
    CatalogueTransferService,
    CataloguePhotosService,
  ],
  exports: [ProductsService, CachedListRoute, CachedProductRoute],
})
export class CatalogueModule {}
