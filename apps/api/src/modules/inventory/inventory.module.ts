import { Module } from '@nestjs/common';
import { ProductStockService } from './product-stock.service.js';
import { StockRepository } from './stock.repository.js';

/**
 * The inventory: reserving and releasing stock, and counting sales, for the checkout and the orders. Its SQL on
 * the products' stock columns is in StockRepository; the catalogue owns the rest of the product rows.
 */
@Module({
  providers: [StockRepository, ProductStockService],
  exports: [ProductStockService],
})
export class InventoryModule {}
