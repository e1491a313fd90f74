import { Body, Controller, Delete, Get, Headers, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiRoute,
  type DeletedResponse,
  type Product,
  PRODUCT_PHOTO_CARD_SIZE,
  PRODUCT_PHOTO_LARGE_SIZE,
  StaffRole,
} from '@store/contract';
import type { Request, Response } from 'express';
import { type ContentCoding, negotiateCoding } from '../../common/accept-encoding.js';
import { ValidationFailedError } from '../../common/errors.js';
import { setPageHeaders } from '../../common/pagination.js';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { parseNewProduct, parseProductChanges } from './product-form.js';
import { ProductFormInterceptor } from './product-form.interceptor.js';
import type { ListEntry } from './catalogue-cache.js';
import { parseProductListQuery } from './dto/product-list-query.js';
import { type PhotoResponse, type PhotoVariant, ProductPhotosService } from './product-photos.service.js';
import { ProductsService } from './products.service.js';

/**
 * Photos change under the same URL when a product is updated, so caches keep them but revalidate on every use;
 * a revalidation is a 304 answered from the stored ETag.
 */
const PHOTO_CACHE_CONTROL = 'public, no-cache';
/**
 * A URL naming the product's current version (`v` = its updatedAt) always shows this photo: an edit changes
 * updatedAt and so the URL. Browsers keep it and ask again never, which spares the grid its revalidations.
 */
const VERSIONED_PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

@Controller()
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly photos: ProductPhotosService,
  ) {}

  /**
   * Every home page visit, so every step counts: the query string is checked by hand (no DTO), and the page's
   * JSON comes as bytes (usually from memory) written directly, where res.json() would also hash the whole body
   * for an ETag nobody revalidates the list with (measured: about a tenth of this route's CPU).
   */
  @Public()
  @Get(ApiRoute.products)
  async list(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendList(request, response, await this.products.listPage(parseProductListQuery(query)));
  }

  @Public()
  @Get(ApiRoute.productPhoto)
  async photo(
    @UuidParam('productId') productId: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const version = typeof query.v === 'string' ? query.v : undefined;
    sendPhoto(response, await this.photos.read(productId, photoVariant(query), ifNoneMatch, version));
  }

  @Public()
  @Get(ApiRoute.product)
  get(@UuidParam('productId') productId: string): Promise<Product> {
    return this.products.get(productId);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.productCreate)
  @UseInterceptors(ProductFormInterceptor)
  create(
    @Body() form: Record<string, unknown>,
    @UploadedFile() photo: Express.Multer.File | undefined,
    @CurrentUser() admin: AuthUser,
  ): Promise<Product> {
    return this.products.create(parseNewProduct(form), photo?.buffer, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Put(ApiRoute.productUpdate)
  @UseInterceptors(ProductFormInterceptor)
  update(
    @UuidParam('productId') productId: string,
    @Body() form: Record<string, unknown>,
    @UploadedFile() photo: Express.Multer.File | undefined,
    @CurrentUser() admin: AuthUser,
  ): Promise<Product> {
    return this.products.update(productId, parseProductChanges(form), photo?.buffer, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(ApiRoute.productDelete)
  remove(@UuidParam('productId') productId: string, @CurrentUser() admin: AuthUser): Promise<DeletedResponse> {
    return this.products.remove(productId, admin);
  }
}

/** The `size` values of the photo route and the variant each picks. */
const PHOTO_SIZES: Record<string, PhotoVariant> = { [PRODUCT_PHOTO_CARD_SIZE]: 'card', [PRODUCT_PHOTO_LARGE_SIZE]: 'large' };
const PHOTO_SIZE_NAMES = `${PRODUCT_PHOTO_CARD_SIZE} or ${PRODUCT_PHOTO_LARGE_SIZE}`;

/**
 * `size=card` picks the small WebP of the grid, `size=large` the WebP of the product page. `v` is the version the
 * client knows (the product's updatedAt): a replaced photo gets a new URL, so no page keeps showing the old one,
 * and a current `v` may be cached for good.
 */
export function photoVariant(query: Record<string, unknown>): PhotoVariant {
  const { size, v: _version, ...rest } = query;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ValidationFailedError(`Unknown query parameter "${unknown[0]}"; only size=${PHOTO_SIZE_NAMES} and v are known`);
  if (size === undefined) return 'original';
  if (typeof size === 'string' && Object.hasOwn(PHOTO_SIZES, size)) return PHOTO_SIZES[size];
  throw new ValidationFailedError(`size must be ${PHOTO_SIZE_NAMES} (or left out for the original)`, [
    { field: 'size', message: `must be ${PHOTO_SIZE_NAMES}` },
  ]);
}

/**
 * Writes the photo with its own headers and ends the response directly: Express's res.send() would hash the
 * whole image for an ETag of its own and judge freshness itself.
 */
export function sendPhoto(response: Response, photo: PhotoResponse): void {
  response.setHeader('ETag', photo.etag);
  response.setHeader('Cache-Control', photo.versioned ? VERSIONED_PHOTO_CACHE_CONTROL : PHOTO_CACHE_CONTROL);
  if (!photo.bytes) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', photo.contentType);
  response.setHeader('Content-Length', photo.bytes.length);
  // The bytes were judged an image at upload; browsers must not judge them anything else.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.status(200).end(photo.bytes);
}

/** Writes a list page: its paging headers, then its JSON bytes as they are, or compressed ahead of time. */
export function sendList(request: Request, response: Response, page: ListEntry): void {
  setPageHeaders(response, page.total, page.next);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  const { coding, bytes } = listBody(page, negotiateCoding(request.headers['accept-encoding']));
  if (coding !== 'identity') {
    // Appended (CORS may have put Origin there), as the compression middleware does for what it compresses.
    response.vary('Accept-Encoding');
    response.setHeader('Content-Encoding', coding);
  }
  response.setHeader('Content-Length', bytes.length);
  response.end(bytes);
}

/**
 * The bytes of a list page for the coding the response compression middleware picks for the client
 * ({@link negotiateCoding}): the page's gzip or brotli, made once when it was cached (the middleware leaves them
 * alone, as they are encoded already); else the JSON itself, which that middleware compresses per request only
 * for a client taking deflate alone.
 */
export function listBody(page: ListEntry, coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
  if (coding === 'br' && page.br) return { coding, bytes: page.br };
  if (coding === 'gzip' && page.gzip) return { coding, bytes: page.gzip };
  return { coding: 'identity', bytes: page.body };
}
