import { Module } from '@nestjs/common';
import { ChangeFeedModule } from '../../database/change-feed.js';
import { ProductChoicesCache } from './product-choices.cache.js';
import { ProductStockService } from './product-stock.service.js';
import { StockRepository } from './stock.repository.js';

/**
 * The inventory: reserving and releasing stock, and counting sales, for the checkout and the orders. Its SQL on
 * the products' stock columns is in StockRepository; the catalogue owns the rest of the product rows. A quote's and
 * a reservation's choice of variants reads the products from ProductChoicesCache, the process's copy that follows
 * the catalogue's notifications; what a reservation keeps comes from the rows it locks.
 */
@Module({
  imports: [ChangeFeedModule],
  providers: [StockRepository, ProductChoicesCache, ProductStockService],
  exports: [ProductStockService],
})
export class InventoryModule {}
