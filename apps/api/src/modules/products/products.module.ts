import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CategoriesModule } from '../categories/categories.module.js';
import { ProductPhotosService } from './product-photos.service.js';
import { ProductStockService } from './product-stock.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The catalogue: products, their photos (original and card variant), and the admin calls that change them. */
@Module({
  imports: [CategoriesModule, AuditModule],
  controllers: [ProductsController],
  providers: [ProductsService, ProductPhotosService, ProductStockService],
  exports: [ProductsService, ProductStockService],
})
export class ProductsModule {}
