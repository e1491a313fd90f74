import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { parseProductListQuery } from './dto/product-list-query.js';
import { ProductPhotosService } from './product-photos.service.js';
import { photoVariant, sendList, sendPhoto } from './products.controller.js';
import { ProductsService } from './products.service.js';

const PHOTO_ID = /\/product\/photo\/([^/?]+)$/;
const LIST = /\/products$/;

/**
 * The catalogue's hot reads, answered from memory before Nest's route pipeline (guards, pipes, parameter
 * decorators, the promise chain) when the cache has them. Both routes are @Public and take no body, so the
 * guards would let every such request through; what a hit skips is measured work, not a check. Anything else
 * (a miss, a bad query, a cache that is off) goes on to the controller, which answers it fully and fills the
 * cache: the headers and bytes of a hit are the controller's own (sendList, sendPhoto).
 */
@Injectable()
export class CatalogueFastPathMiddleware implements NestMiddleware {
  constructor(
    private readonly products: ProductsService,
    private readonly photos: ProductPhotosService,
  ) {}

  use(request: Request, response: Response, next: NextFunction): void {
    try {
      if (this.answer(request, response)) return;
    } catch {
      // A bad query: the controller answers it, with the error the contract specifies.
    }
    next();
  }

  private answer(request: Request, response: Response): boolean {
    const query = request.query as Record<string, unknown>;
    // The whole path (request.path is relative to where Nest mounted this middleware).
    const path = request.originalUrl.split('?', 1)[0];
    if (LIST.test(path)) {
      const page = this.products.cachedPage(parseProductListQuery(query));
      if (page) sendList(request, response, page);
      return page !== undefined;
    }
    const photoId = PHOTO_ID.exec(path)?.[1];
    if (photoId === undefined || !isUuid(photoId)) return false;
    const ifNoneMatch = request.headers['if-none-match'];
    const photo = this.photos.cached(photoId, photoVariant(query), ifNoneMatch, typeof query.v === 'string' ? query.v : undefined);
    if (photo) sendPhoto(response, photo);
    return photo !== undefined;
  }
}
