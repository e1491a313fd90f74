import { IdentityAndCategories1763700000000 } from './1763700000000-identity-and-categories.js';
import { Products1763700001000 } from './1763700001000-products.js';
import { OrdersAndPayments1763700002000 } from './1763700002000-orders-and-payments.js';
import { CatalogueSpeed1763700012000 } from './1763700012000-catalogue-speed.js';
import { RefundsAndAudit1763700015000 } from './1763700015000-refunds-and-audit.js';
import { PaymentRecovery1763700020000 } from './1763700020000-payment-recovery.js';
import { OrdersVolume1763700021000 } from './1763700021000-orders-volume.js';
import { MailOutbox1763700022000 } from './1763700022000-mail-outbox.js';
import { PhotoStore1763700023000 } from './1763700023000-photo-store.js';
import { ProductSearch1763700025000 } from './1763700025000-product-search.js';
import { ProductSizes1763700030000 } from './1763700030000-product-sizes.js';
import { LargePhotos1763700035000 } from './1763700035000-large-photos.js';
import { ShippingAddress1763700040000 } from './1763700040000-shipping-address.js';
import { SessionVersion1763700045000 } from './1763700045000-session-version.js';
import { ProductSearchColumn1763700046000 } from './1763700046000-product-search-column.js';
import { PasswordResets1763700060000 } from './1763700060000-password-resets.js';
import { StaffRoles1763700052000 } from './1763700052000-staff-roles.js';
import { ProductVariants1764000100000 } from './1764000100000-product-variants.js';
import { VariantsReplaceSizes1764000110000 } from './1764000110000-variants-replace-sizes.js';
import { ProductGallery1764000200000 } from './1764000200000-product-gallery.js';
import { PhotoOptionValues1764000210000 } from './1764000210000-photo-option-values.js';
import { Pricing1764000300000 } from './1764000300000-pricing.js';
import { Accounts1764000400000 } from './1764000400000-accounts.js';
import { TwoFactor1764000500000 } from './1764000500000-two-factor.js';
import { OrderRollupShards1764000600000 } from './1764000600000-order-rollup-shards.js';
import { ProductHandles1764000700000 } from './1764000700000-product-handles.js';
import { CatalogueImports1764000710000 } from './1764000710000-catalogue-imports.js';
import { GuestCheckout1764000800000 } from './1764000800000-guest-checkout.js';
import { ShippingRefund1764000900000 } from './1764000900000-shipping-refund.js';
import { SalesBreakdown1764000910000 } from './1764000910000-sales-breakdown.js';
import { ShippingByWeight1764000920000 } from './1764000920000-shipping-by-weight.js';
import { Shipments1764001000000 } from './1764001000000-shipments.js';
import { MailDedupeKey1764001010000 } from './1764001010000-mail-dedupe-key.js';
import { Returns1764001100000 } from './1764001100000-returns.js';
import { StockAlerts1764001200000 } from './1764001200000-stock-alerts.js';
import { StockMovesNotify1764001600000 } from './1764001600000-stock-moves-notify.js';
import { ReturnRefundRollups1764002000000 } from './1764002000000-return-refund-rollups.js';
import { VariantWeights1764002100000 } from './1764002100000-variant-weights.js';
import { IdempotencyOrderDeferred1764002150000 } from './1764002150000-idempotency-order-deferred.js';
import { SessionChanges1764002200000 } from './1764002200000-session-changes.js';
import { OrderEmailStatistics1764002300000 } from './1764002300000-order-email-statistics.js';

/** Every migration, oldest first. Listed by class rather than found by a file glob, which ESM and bundles cannot do. */
export const migrations = [
  IdentityAndCategories1763700000000,
  Products1763700001000,
  OrdersAndPayments1763700002000,
  CatalogueSpeed1763700012000,
  RefundsAndAudit1763700015000,
  PaymentRecovery1763700020000,
  OrdersVolume1763700021000,
  MailOutbox1763700022000,
  PhotoStore1763700023000,
  ProductSearch1763700025000,
  ProductSizes1763700030000,
  LargePhotos1763700035000,
  ShippingAddress1763700040000,
  SessionVersion1763700045000,
  StaffRoles1763700052000,
  ProductSearchColumn1763700046000,
  PasswordResets1763700060000,
  ProductVariants1764000100000,
  VariantsReplaceSizes1764000110000,
  ProductGallery1764000200000,
  PhotoOptionValues1764000210000,
  Pricing1764000300000,
  Accounts1764000400000,
  TwoFactor1764000500000,
  OrderRollupShards1764000600000,
  ProductHandles1764000700000,
  CatalogueImports1764000710000,
  GuestCheckout1764000800000,
  ShippingRefund1764000900000,
  SalesBreakdown1764000910000,
  ShippingByWeight1764000920000,
  Shipments1764001000000,
  MailDedupeKey1764001010000,
  Returns1764001100000,
  StockAlerts1764001200000,
  StockMovesNotify1764001600000,
  ReturnRefundRollups1764002000000,
  VariantWeights1764002100000,
  IdempotencyOrderDeferred1764002150000,
  SessionChanges1764002200000,
  OrderEmailStatistics1764002300000,
];
