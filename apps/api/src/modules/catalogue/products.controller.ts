import { Body, Controller, Delete, Get, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiRoute, type DeletedResponse, type Product, StaffRole } from '@store/contract';
import type { Request, Response } from 'express';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { parseNewProduct, parseProductChanges } from './product-form.js';
import { ProductFormInterceptor } from './product-form.interceptor.js';
import { parseProductListQuery } from './dto/product-list-query.js';
import { sendList } from './list-answer.js';
import { sendProduct } from './product-answer.js';
import { ProductsService } from './products.service.js';

@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

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

  /**
   * The product page's data, as bytes from memory like the list (a hit is answered by the cached GET before the
   * framework: CachedProductRoute), with the ETag and 304 res.json() gave it.
   */
  @Public()
  @Get(ApiRoute.product)
  async get(@UuidParam('productId') productId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendProduct(request, response, await this.products.productEntry(productId));
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
