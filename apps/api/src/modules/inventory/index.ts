/** The inventory module's public surface: other modules import from here (or the module file) only. */
export { InventoryModule } from './inventory.module.js';
export {
  type ChosenLine,
  mergeLines,
  ProductStockService,
  type OrderStockLine,
  type ReservedLine,
  type StockLine,
} from './product-stock.service.js';
