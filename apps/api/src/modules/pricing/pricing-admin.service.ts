import { Injectable } from '@nestjs/common';
import {
  type AuditEntityType,
  type DiscountCode,
  type DiscountCodeInput,
  fromCents,
  type PricingAdmin,
  type PricingSettings,
  type ShippingCountry,
  type ShippingMethodInput,
  type ShippingZoneInput,
  type TaxRateInput,
  toCents,
} from '@store/contract';
import { ConflictError, NotFoundError, ValidationFailedError } from '../../common/errors.js';
import { Transactions } from '../../database/transactions.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { type DiscountCodeRow, PricingRepository } from './pricing.repository.js';
import { PricingRulesCache } from './pricing-rules.cache.js';

/** The audit trail's entity id for the shop's one settings row (the trail keys entries by uuid). */
const SETTINGS_ENTITY_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The admin's Pricing screen: the shop's tax setting, shipping zones and methods, tax rates and discount codes with
 * their usage. Each write is audited in its own transaction and drops this process's copy of the rules.
 */
@Injectable()
export class PricingAdminService {
  constructor(
    private readonly repository: PricingRepository,
    private readonly rulesCache: PricingRulesCache,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  async overview(): Promise<PricingAdmin> {
    const [rules, codes] = await Promise.all([this.repository.rules(), this.repository.codes()]);
    return {
      settings: { pricesIncludeTax: rules.pricesIncludeTax },
      zones: rules.zones.map((zone) => ({
        _id: zone.id,
        name: zone.name,
        countries: zone.countries as ShippingCountry[],
        methods: zone.methods.map((method) => ({
          _id: method.id,
          zone: zone.id,
          name: method.name,
          price: fromCents(method.rateCents),
          freeOver: method.freeOverCents === null ? null : fromCents(method.freeOverCents),
          ...(method.weightBrackets
            ? { weightBrackets: method.weightBrackets.map((bracket) => ({ upTo: bracket.upToGrams, price: fromCents(bracket.rateCents) })) }
            : {}),
        })),
      })),
      taxRates: rules.taxRates.map((rate) => ({
        _id: rate.id,
        country: rate.country as ShippingCountry,
        region: rate.region,
        name: rate.name,
        rate: rate.rateMilli / 1000,
      })),
      discountCodes: codes.map(toDiscountCode),
    };
  }

  setSettings(settings: PricingSettings, actor: AuditActor): Promise<PricingAdmin> {
    return this.write(actor, 'pricing.update', 'pricing', async () => {
      await this.repository.setPricesIncludeTax(settings.pricesIncludeTax);
      return { id: SETTINGS_ENTITY_ID, changes: { pricesIncludeTax: { before: null, after: settings.pricesIncludeTax } } };
    });
  }

  createZone(input: ShippingZoneInput, actor: AuditActor): Promise<PricingAdmin> {
    const countries = [...new Set(input.countries)];
    return this.write(actor, 'pricing.create', 'shipping-zone', async () => {
      const id = await this.repository.insertZone(input.name, countries);
      return { id, changes: { zone: { before: null, after: { name: input.name, countries } } } };
    });
  }

  deleteZone(id: string, actor: AuditActor): Promise<PricingAdmin> {
    return this.write(actor, 'pricing.delete', 'shipping-zone', async () => {
      if (!(await this.repository.deleteZone(id))) throw new NotFoundError('Shipping zone not found');
      return { id, changes: { zone: { before: id, after: null } } };
    });
  }

  createMethod(input: ShippingMethodInput, actor: AuditActor): Promise<PricingAdmin> {
    const freeOverCents = input.freeOver === undefined || input.freeOver === null ? null : toCents(input.freeOver);
    // Lightest first, as the screen lists them; the price shown for a method by weight is its lightest bracket's.
    const brackets = input.weightBrackets
      ? [...input.weightBrackets].sort((a, b) => a.upTo - b.upTo).map((b) => ({ upToGrams: b.upTo, rateCents: toCents(b.price) }))
      : null;
    const rateCents = brackets ? brackets[0].rateCents : toCents(input.price ?? 0);
    return this.write(actor, 'pricing.create', 'shipping-method', async () => {
      const id = await this.repository.insertMethod(input.zone, input.name, rateCents, freeOverCents, brackets);
      if (!id) throw new ValidationFailedError('There is no such shipping zone', [{ field: 'zone', message: 'no such shipping zone' }]);
      return {
        id,
        changes: {
          method: {
            before: null,
            after: {
              zone: input.zone,
              name: input.name,
              price: fromCents(rateCents),
              freeOver: input.freeOver ?? null,
              ...(input.weightBrackets ? { weightBrackets: input.weightBrackets } : {}),
            },
          },
        },
      };
    });
  }

  deleteMethod(id: string, actor: AuditActor): Promise<PricingAdmin> {
    return this.write(actor, 'pricing.delete', 'shipping-method', async () => {
      if (!(await this.repository.deleteMethod(id))) throw new NotFoundError('Shipping method not found');
      return { id, changes: { method: { before: id, after: null } } };
    });
  }

  createTaxRate(input: TaxRateInput, actor: AuditActor): Promise<PricingAdmin> {
    const region = (input.region ?? '').toUpperCase();
    return this.write(actor, 'pricing.create', 'tax-rate', async () => {
      const id = await this.repository.insertTaxRate(input.country, region, input.name, Math.round(input.rate * 1000));
      if (!id) {
        const where = region ? `${input.country}-${region}` : input.country;
        throw new ConflictError(`${where} already has a tax rate; delete it first`, [
          { field: region ? 'region' : 'country', message: 'already has a tax rate' },
        ]);
      }
      return { id, changes: { rate: { before: null, after: { country: input.country, region, name: input.name, rate: input.rate } } } };
    });
  }

  deleteTaxRate(id: string, actor: AuditActor): Promise<PricingAdmin> {
    return this.write(actor, 'pricing.delete', 'tax-rate', async () => {
      if (!(await this.repository.deleteTaxRate(id))) throw new NotFoundError('Tax rate not found');
      return { id, changes: { rate: { before: id, after: null } } };
    });
  }

  createCode(input: DiscountCodeInput, actor: AuditActor): Promise<PricingAdmin> {
    if (input.kind === 'percentage' && (input.value <= 0 || input.value > 100)) {
      throw new ValidationFailedError('A percentage must be more than 0 and at most 100', [
        { field: 'value', message: 'must be 0.01 to 100' },
      ]);
    }
    if (input.kind === 'fixed' && input.value <= 0) {
      throw new ValidationFailedError('A fixed amount must be more than 0', [{ field: 'value', message: 'must be more than 0' }]);
    }
    const validFrom = input.validFrom ? new Date(input.validFrom) : null;
    const validUntil = input.validUntil ? new Date(input.validUntil) : null;
    if (validFrom && validUntil && validUntil <= validFrom) {
      throw new ValidationFailedError('validUntil must be after validFrom', [{ field: 'validUntil', message: 'must be after validFrom' }]);
    }
    return this.write(actor, 'pricing.create', 'discount-code', async () => {
      const id = await this.repository.insertCode({
        code: input.code,
        kind: input.kind,
        // Hundredths of a percent, or cents.
        value: input.kind === 'free-shipping' ? 0 : Math.round(input.value * 100),
        validFrom,
        validUntil,
        minSubtotalCents: input.minSubtotal === undefined || input.minSubtotal === null ? null : toCents(input.minSubtotal),
        categoryIds: [...new Set(input.categories ?? [])],
        productIds: [...new Set(input.products ?? [])],
        maxUses: input.maxUses ?? null,
        maxUsesPerCustomer: input.maxUsesPerCustomer ?? null,
      });
      if (!id)
        throw new ConflictError(`The code ${input.code.toUpperCase()} already exists`, [{ field: 'code', message: 'already exists' }]);
      return { id, changes: { code: { before: null, after: { ...input, code: input.code.toUpperCase() } } } };
    });
  }

  deleteCode(id: string, actor: AuditActor): Promise<PricingAdmin> {
    return this.write(actor, 'pricing.delete', 'discount-code', async () => {
      if (!(await this.repository.deleteCode(id))) throw new NotFoundError('Discount code not found');
      return { id, changes: { code: { before: id, after: null } } };
    });
  }

  /** One audited write, then the screen's new state (and this process's rules read again at its next quote). */
  private async write(
    actor: AuditActor,
    action: 'pricing.create' | 'pricing.update' | 'pricing.delete',
    entityType: AuditEntityType,
    work: () => Promise<{ id: string; changes: Record<string, { before: unknown; after: unknown }> }>,
  ): Promise<PricingAdmin> {
    await this.transactions.run(async () => {
      const { id, changes } = await work();
      await this.audit.record(actor, { action, entityType, entityId: id, changes });
    });
    this.rulesCache.clear();
    return this.overview();
  }
}

function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'free-shipping' ? 0 : row.value / 100,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    minSubtotal: row.minSubtotalCents === null ? null : fromCents(row.minSubtotalCents),
    categories: [...row.categoryIds],
    products: [...row.productIds],
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    discountGiven: fromCents(row.discountCents),
  };
}
