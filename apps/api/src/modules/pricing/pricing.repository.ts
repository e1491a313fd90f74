import { Injectable } from '@nestjs/common';
import type { DiscountKind } from '@store/contract';
import { Database } from '../../database/transactions.js';
import type { DiscountRule, PricingRules, ShippingZoneRule, TaxRule } from './pricing.js';

/** A product as pricing reads it. */
export interface PricedProductRow {
  id: string;
  name: string;
  priceCents: number;
  categoryId: string | null;
}

/** A discount code row with its admin figures. */
export interface DiscountCodeRow extends Omit<DiscountRule, 'customerUses'> {
  discountCents: number;
}

export interface NewDiscountCode {
  code: string;
  kind: DiscountKind;
  value: number;
  validFrom: Date | null;
  validUntil: Date | null;
  minSubtotalCents: number | null;
  categoryIds: string[];
  productIds: string[];
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

const CODE_COLUMNS = `id, upper(code) AS code, kind, value, valid_from, valid_until, min_subtotal_cents, category_ids, product_ids,
  max_uses, max_uses_per_customer, uses, discount_cents`;

interface CodeSqlRow {
  id: string;
  code: string;
  kind: DiscountKind;
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  min_subtotal_cents: number | null;
  category_ids: string[];
  product_ids: string[];
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  discount_cents: string;
}

/**
 * Every statement of pricing: the shop's setting, shipping zones and methods, tax rates, discount codes and their
 * uses (hand-written SQL: small tables read whole, and the code's use counted under its row lock), and the one read
 * of the `products` table pricing needs (price, name, category), which the catalogue owns and pricing only reads.
 */
@Injectable()
export class PricingRepository {
  constructor(private readonly db: Database) {}

  /** The products of a cart, priced as they are now (a quote; the payment prices the rows it locked). */
  async products(ids: string[]): Promise<PricedProductRow[]> {
    const rows = await this.db.rows<{ id: string; name: string; price_cents: number; category_id: string | null }>(
      `SELECT id, name, price_cents, category_id FROM products WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, priceCents: row.price_cents, categoryId: row.category_id }));
  }

  /** The shop's rules: its tax setting, every zone with its methods, every tax rate (three small tables). */
  async rules(): Promise<PricingRules> {
    const [settings, zones, methods, rates] = await Promise.all([
      this.db.rows<{ prices_include_tax: boolean }>(`SELECT prices_include_tax FROM pricing_settings`),
      this.db.rows<{ id: string; name: string; countries: string[] }>(
        `SELECT id, name, countries FROM shipping_zones ORDER BY created_at, id`,
      ),
      this.db.rows<{ id: string; zone_id: string; name: string; rate_cents: number; free_over_cents: number | null }>(
        `SELECT id, zone_id, name, rate_cents, free_over_cents FROM shipping_methods ORDER BY created_at, id`,
      ),
      this.db.rows<{ id: string; country: string; region: string; name: string; rate_milli: number }>(
        `SELECT id, country, region, name, rate_milli FROM tax_rates ORDER BY country, region`,
      ),
    ]);
    return {
      pricesIncludeTax: settings[0]?.prices_include_tax ?? false,
      zones: zones.map((zone): ShippingZoneRule => ({
        id: zone.id,
        name: zone.name,
        countries: zone.countries,
        methods: methods
          .filter((method) => method.zone_id === zone.id)
          .map((method) => ({ id: method.id, name: method.name, rateCents: method.rate_cents, freeOverCents: method.free_over_cents })),
      })),
      taxRates: rates.map((rate): TaxRule => ({
        id: rate.id,
        country: rate.country,
        region: rate.region,
        name: rate.name,
        rateMilli: rate.rate_milli,
      })),
    };
  }

  /**
   * The live code spelled `code` (any case) and its uses by `customer`. With `lock`, the code's row is locked until
   * the transaction ends, so the uses read after it are exact until this checkout commits or rolls back.
   */
  async findCode(code: string, customer: string, lock = false): Promise<DiscountRule | undefined> {
    const sql = `SELECT ${CODE_COLUMNS} FROM discount_codes WHERE upper(code) = upper($1) AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`;
    const [row] = lock ? await this.db.transactionRows<CodeSqlRow>(sql, [code]) : await this.db.rows<CodeSqlRow>(sql, [code]);
    if (!row) return undefined;
    // Read after the lock (a new statement, so a new snapshot under READ COMMITTED): every use committed before is seen.
    const [{ count }] = await this.db.rows<{ count: number }>(
      `SELECT count(*)::int AS count FROM discount_code_uses WHERE code_id = $1 AND customer = $2 AND released_at IS NULL`,
      [row.id, customer],
    );
    return { ...toRule(row), customerUses: count };
  }

  /** Counts one use of a code by an order (in the checkout's transaction, under the lock findCode took). */
  async recordUse(codeId: string, orderId: string, customer: string, discountCents: number): Promise<void> {
    await this.db.transactionRows(`INSERT INTO discount_code_uses (order_id, code_id, customer, discount_cents) VALUES ($1, $2, $3, $4)`, [
      orderId,
      codeId,
      customer,
      discountCents,
    ]);
    await this.db.transactionRows(`UPDATE discount_codes SET uses = uses + 1, discount_cents = discount_cents + $2 WHERE id = $1`, [
      codeId,
      discountCents,
    ]);
  }

  // --- The admin's writes ---

  async setPricesIncludeTax(value: boolean): Promise<void> {
    // An upsert: the one row is there from the migration, but a restore or a test's TRUNCATE may leave none.
    await this.db.rows(
      `INSERT INTO pricing_settings (id, prices_include_tax) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET prices_include_tax = EXCLUDED.prices_include_tax`,
      [value],
    );
  }

  async insertZone(name: string, countries: string[]): Promise<string> {
    const [row] = await this.db.rows<{ id: string }>(`INSERT INTO shipping_zones (name, countries) VALUES ($1, $2) RETURNING id`, [
      name,
      countries,
    ]);
    return row.id;
  }

  async deleteZone(id: string): Promise<boolean> {
    return (await this.db.rows(`DELETE FROM shipping_zones WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  /** Undefined when the zone does not exist. */
  async insertMethod(zoneId: string, name: string, rateCents: number, freeOverCents: number | null): Promise<string | undefined> {
    const [row] = await this.db.rows<{ id: string }>(
      `INSERT INTO shipping_methods (zone_id, name, rate_cents, free_over_cents)
       SELECT id, $2, $3, $4 FROM shipping_zones WHERE id = $1 RETURNING id`,
      [zoneId, name, rateCents, freeOverCents],
    );
    return row?.id;
  }

  async deleteMethod(id: string): Promise<boolean> {
    return (await this.db.rows(`DELETE FROM shipping_methods WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  /** Undefined when the country (and region) already has a rate. */
  async insertTaxRate(country: string, region: string, name: string, rateMilli: number): Promise<string | undefined> {
    const [row] = await this.db.rows<{ id: string }>(
      `INSERT INTO tax_rates (country, region, name, rate_milli) VALUES ($1, $2, $3, $4) ON CONFLICT (country, region) DO NOTHING RETURNING id`,
      [country, region, name, rateMilli],
    );
    return row?.id;
  }

  async deleteTaxRate(id: string): Promise<boolean> {
    return (await this.db.rows(`DELETE FROM tax_rates WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  /** Undefined when a live code has the same spelling (any case). */
  async insertCode(code: NewDiscountCode): Promise<string | undefined> {
    const [row] = await this.db.rows<{ id: string }>(
      `INSERT INTO discount_codes (code, kind, value, valid_from, valid_until, min_subtotal_cents, category_ids, product_ids, max_uses, max_uses_per_customer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (upper(code)) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
      [
        code.code,
        code.kind,
        code.value,
        code.validFrom,
        code.validUntil,
        code.minSubtotalCents,
        code.categoryIds,
        code.productIds,
        code.maxUses,
        code.maxUsesPerCustomer,
      ],
    );
    return row?.id;
  }

  /** Retires a code (its uses stay on the orders that had it); a new code may then take its spelling. */
  async deleteCode(id: string): Promise<boolean> {
    return (
      (await this.db.rows(`UPDATE discount_codes SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [id])).length >
      0
    );
  }

  /** The live codes, newest first, with their uses and the discount they gave. */
  async codes(): Promise<DiscountCodeRow[]> {
    const rows = await this.db.rows<CodeSqlRow>(
      `SELECT ${CODE_COLUMNS} FROM discount_codes WHERE deleted_at IS NULL ORDER BY created_at DESC, id`,
    );
    return rows.map((row) => ({ ...toRule(row), discountCents: Number(row.discount_cents) }));
  }
}

function toRule(row: CodeSqlRow): Omit<DiscountRule, 'customerUses'> {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    minSubtotalCents: row.min_subtotal_cents,
    categoryIds: row.category_ids,
    productIds: row.product_ids,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    uses: row.uses,
  };
}
