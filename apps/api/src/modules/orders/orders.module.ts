import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/products.module.js';
import { OrderLineEntity } from './order-line.entity.js';
import { OrderEntity } from './order.entity.js';
import { OrdersController } from './orders.controller.js';
import { OrdersService } from './orders.service.js';

/** Orders: what was bought, at what price, and where it is on its way. Stock moves go through ProductStockService. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderEntity, OrderLineEntity]), ProductsModule],
  controllers: [OrdersController],
  providers: [OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
