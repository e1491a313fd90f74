import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiRoute, GalleryRoute } from '@store/contract';
import type { Response } from 'express';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { photoVariant, sendPhoto } from './photo-answer.js';
import { ProductPhotosService } from './product-photos.service.js';

@Controller()
export class PhotosController {
  constructor(private readonly photos: ProductPhotosService) {}

  @Public()
  @Get(ApiRoute.productPhoto)
  async photo(
    @UuidParam('productId') productId: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const version = typeof query.v === 'string' ? query.v : undefined;
    sendPhoto(response, await this.photos.read({ productId }, photoVariant(query), ifNoneMatch, version));
  }

  /** One photo of a product's gallery, with the same variants, ETags and versioned caching as its first photo. */
  @Public()
  @Get(GalleryRoute.productGalleryPhoto)
  async galleryPhoto(
    @UuidParam('productId') productId: string,
    @UuidParam('photoId') photoId: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const version = typeof query.v === 'string' ? query.v : undefined;
    sendPhoto(response, await this.photos.read({ productId, photoId }, photoVariant(query), ifNoneMatch, version));
  }
}
