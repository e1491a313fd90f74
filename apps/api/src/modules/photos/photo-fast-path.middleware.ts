import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { photoVariant, sendPhoto } from './photo-answer.js';
import { ProductPhotosService } from './product-photos.service.js';

const PHOTO_ID = /\/product\/photo\/([^/?]+)$/;

/**
 * Cached photos, answered from memory before Nest's route pipeline (guards, pipes, parameter decorators, the
 * promise chain). The route is @Public and takes no body, so the guards would let every such request through;
 * what a hit skips is measured work, not a check. Anything else (a miss, a bad query, a cache that is off) goes on
 * to the controller, which answers it fully and fills the cache: a hit's headers and bytes are the controller's
 * own (sendPhoto).
 */
@Injectable()
export class PhotoFastPathMiddleware implements NestMiddleware {
  constructor(private readonly photos: ProductPhotosService) {}

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
    const photoId = PHOTO_ID.exec(request.originalUrl.split('?', 1)[0])?.[1];
    if (photoId === undefined || !isUuid(photoId)) return false;
    const ifNoneMatch = request.headers['if-none-match'];
    const photo = this.photos.cached(photoId, photoVariant(query), ifNoneMatch, typeof query.v === 'string' ? query.v : undefined);
    if (photo) sendPhoto(response, photo);
    return photo !== undefined;
  }
}
