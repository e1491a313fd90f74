import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { API_PREFIX, ApiRoute } from '@store/contract';
import type { CachedAnswer, CachedGetRoute } from '../../common/cached-get.js';
import { isUuid } from '../../common/uuid-param.decorator.js';
import { photoVariant } from './photo-answer.js';
import type { PhotoVariant } from './photo-store.js';
import type { PhotoRef } from './product-photos.repository.js';
import { ProductPhotosService } from './product-photos.service.js';

interface PhotoRequest {
  /** The variant's key in the photo cache (ProductPhotosService.cacheKey), made once per URL. */
  key: string;
  variant: PhotoVariant;
  version: string | undefined;
}

/**
 * The product photos in memory, for the HTTP layer's cached GET (every card of the home grid, and each photo of a
 * gallery at `<product id>/<photo id>`): the controller's
 * checks (a UUID, photoVariant), the same photo from the same cache, and the same answer (photoAnswer), a 304
 * included when If-None-Match names the cached photo.
 */
@Injectable()
export class CachedPhotoRoute implements CachedGetRoute<PhotoRequest> {
  readonly pathPrefix = `${API_PREFIX}${ApiRoute.productPhoto.replace(':productId', '')}`;
  readonly metricsRoute = `${API_PREFIX}${ApiRoute.productPhoto}`;

  constructor(private readonly photos: ProductPhotosService) {}

  parse(pathRest: string, query: Record<string, unknown>): PhotoRequest | undefined {
    const [productId, photoId, ...rest] = pathRest.split('/');
    if (!isUuid(productId) || (photoId !== undefined && !isUuid(photoId)) || rest.length > 0) return undefined;
    try {
      const variant = photoVariant(query);
      const ref: PhotoRef = photoId ? { productId, photoId } : { productId };
      return { key: this.photos.cacheKey(ref, variant), variant, version: typeof query.v === 'string' ? query.v : undefined };
    } catch {
      // Refused by the photo route's checks: the controller answers it, with the error the contract specifies.
      return undefined;
    }
  }

  cached(request: PhotoRequest, _coding: unknown, headers: IncomingHttpHeaders): CachedAnswer | undefined {
    return this.photos.cachedAnswer(request.key, request.variant, headers['if-none-match'], request.version);
  }
}
