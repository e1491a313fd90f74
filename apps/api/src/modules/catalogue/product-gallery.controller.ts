import { Body, Controller, Delete, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { GalleryRoute, type Product, StaffRole } from '@store/contract';
import { ProductGalleryDto } from '@store/contract/dto/product-gallery.dto';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { parseNewPhoto } from './product-form.js';
import { ProductFormInterceptor } from './product-form.interceptor.js';
import { ProductGalleryService } from './product-gallery.service.js';

/** A product's gallery (the admin's writes); each answers the product with its gallery, as GET /product/:productId does. */
@Controller()
export class ProductGalleryController {
  constructor(private readonly gallery: ProductGalleryService) {}

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(GalleryRoute.productPhotos)
  @UseInterceptors(ProductFormInterceptor)
  add(
    @UuidParam('productId') productId: string,
    @Body() form: Record<string, unknown>,
    @UploadedFile() photo: Express.Multer.File | undefined,
    @CurrentUser() admin: AuthUser,
  ): Promise<Product> {
    const upload = parseNewPhoto(form, photo?.buffer);
    return this.gallery.add(productId, upload, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Put(GalleryRoute.productPhotos)
  arrange(@UuidParam('productId') productId: string, @Body() body: ProductGalleryDto, @CurrentUser() admin: AuthUser): Promise<Product> {
    return this.gallery.arrange(productId, body, admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Delete(GalleryRoute.productPhotoDelete)
  remove(
    @UuidParam('productId') productId: string,
    @UuidParam('photoId') photoId: string,
    @CurrentUser() admin: AuthUser,
  ): Promise<Product> {
    return this.gallery.remove(productId, photoId, admin);
  }
}
