import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { InventoryModule } from '../inventory/index.js';
import { PricingAdminService } from './pricing-admin.service.js';
import { PricingRulesCache } from './pricing-rules.cache.js';
import { PricingController } from './pricing.controller.js';
import { PricingRepository } from './pricing.repository.js';
import { PricingService } from './pricing.service.js';

/**
 * Pricing: the one price of a cart (pricing.ts, a pure function) with its parts, shipping zones and methods, tax
 * rates, discount codes and the shop's tax setting; the quote route and the admin's Pricing screen. The payments
 * module prices every payment through {@link PricingService}.
 */
@Module({
  imports: [AuditModule, InventoryModule],
  controllers: [PricingController],
  providers: [PricingService, PricingAdminService, PricingRepository, PricingRulesCache],
  exports: [PricingService],
})
export class PricingModule {}
