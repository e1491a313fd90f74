import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { ChangeFeedModule } from '../../database/change-feed.js';
import { CachedPhotoRoute } from './cached-photo-route.js';
import { PhotoCache } from './photo-cache.js';
import { PhotoObjectStore, S3PhotoObjectStore } from './photo-store.js';
import { PhotosController } from './photos.controller.js';
import { ProductPhotosRepository } from './product-photos.repository.js';
import { ProductPhotosService } from './product-photos.service.js';

/**
 * Product photos: the upload's checks and variants (photo-upload.ts), where the bytes live (the row or the object
 * store, photo-store.ts), the photo route, its cache (offered to the HTTP layer's cached GET through
 * CachedPhotoRoute), and the move between stores (photo-migration.ts). All SQL
 * on photos is in ProductPhotosRepository. The catalogue saves a product's photo through ProductPhotosService,
 * inside its own transaction.
 */
@Module({
  imports: [ChangeFeedModule],
  controllers: [PhotosController],
  providers: [
    ProductPhotosRepository,
    ProductPhotosService,
    PhotoCache,
    CachedPhotoRoute,
    // The object store when S3 is configured (PHOTO_STORE=s3, or its S3_* settings kept to read photos not moved back yet).
    {
      provide: PhotoObjectStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.photoStore.s3 ? new S3PhotoObjectStore(config.photoStore.s3) : null),
    },
  ],
  exports: [ProductPhotosService, ProductPhotosRepository, CachedPhotoRoute],
})
export class PhotosModule {}
