/** The pricing module's public surface: other modules import from here (or the module file) only. */
export { PricingModule } from './pricing.module.js';
export {
  PriceChangedError,
  PricingService,
  type PaymentPrice,
  type PaymentPricingInput,
  type PreparedPricing,
  type ReservedItem,
} from './pricing.service.js';
export type { PricedCart } from './pricing.js';
