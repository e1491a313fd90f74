import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import type { PricingRules } from './pricing.js';
import { PricingRepository } from './pricing.repository.js';

/**
 * The shop's pricing rules (tax setting, zones and methods, tax rates) as a quote reads them: one copy per process,
 * read again after PRICING_RULES_CACHE_SECONDS or at once after this process's own admin write. Concurrent quotes
 * of a cold cache share one read. A payment never reads this copy (docs/pricing.md).
 */
@Injectable()
export class PricingRulesCache {
  private readonly ttlMs: number;
  private entry: { rules: Promise<PricingRules>; until: number } | undefined;

  constructor(
    private readonly repository: PricingRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.pricingRulesCacheSeconds * 1000;
  }

  get(): Promise<PricingRules> {
    const now = Date.now();
    if (this.entry && now < this.entry.until) return this.entry.rules;
    const rules = this.repository.rules();
    const entry = { rules, until: now + this.ttlMs };
    this.entry = entry;
    // A failed read is not kept: the next quote tries again.
    rules.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return rules;
  }

  clear(): void {
    this.entry = undefined;
  }
}
