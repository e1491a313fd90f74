import { Injectable } from '@nestjs/common';
import type { DiscountKind } from '@store/contract';
import { Database, type StatementColumns } from '../../database/transactions.js';
import type { DiscountRule, PricingRules, ShippingZoneRule, TaxRule, WeightBracket } from './pricing.js';

/**
 * The weights shipping by weight counts: of the cart's products that carry one, and of their variants that carry
 * their own (a variant's own weight wins over its product's).
 */
export interface CartWeights {
  products: Map<string, number>;
  variants: Map<number, number>;
}

/** The SQL of {@link CartWeights}' two maps for the products in parameter `ids` (both as JSON objects keyed by id). */
const weightsSql = (ids: string) => `(SELECT coalesce(json_object_agg(p.id, p.weight_grams), '{}') FROM products p
          WHERE p.id = ANY(${ids}::uuid[]) AND p.weight_grams IS NOT NULL) AS weights,
         (SELECT coalesce(json_object_agg(v.id, v.weight_grams), '{}') FROM product_variants v
          WHERE v.product_id = ANY(${ids}::uuid[]) AND v.weight_grams IS NOT NULL) AS variant_weights`;

function cartWeights(products: Record<string, number>, variants: Record<string, number>): CartWeights {
  return {
    products: new Map(Object.entries(products)),
    variants: new Map(Object.entries(variants).map(([id, grams]) => [Number(id), grams])),
  };
}

/** The shop's rules and a cart's categories and weights, as a payment prices its reserved lines with them. */
export interface RulesAndCategories {
  rules: PricingRules;
  categories: Map<string, string | null>;
  weights: CartWeights;
}

interface RulesAndCategoriesRow {
  prices_include_tax: boolean | null;
  zones: Array<{ id: string; name: string; countries: string[]; methods: ShippingZoneRule['methods'] }>;
  tax_rates: TaxRule[];
  categories: Record<string, string | null>;
  weights: Record<string, number>;
  variant_weights: Record<string, number>;
}

/** A discount code row with its admin figures. */
export interface DiscountCodeRow extends Omit<DiscountRule, 'customerUses'> {
  discountCents: number;
}

/** A code as the admin creates it: a rule without its id or its uses. */
export type NewDiscountCode = Omit<DiscountRule, 'id' | 'uses' | 'customerUses'>;

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
 * uses (hand-written SQL: small tables read whole, and the code's use counted under its row lock), and the payment's
 * read of the cart's categories and weights on `products`, which the catalogue owns and pricing only reads (a
 * quote has them from the inventory's read of its products).
 */
@Injectable()
export class PricingRepository {
  constructor(private readonly db: Database) {}

  /** The shop's rules: its tax setting, every zone with its methods, every tax rate. */
  async rules(): Promise<PricingRules> {
    return (await this.rulesAndCategories([])).rules;
  }

  /**
   * The shop's rules and the categories and weights of `productIds`, in ONE prepared statement (the payment runs it
   * inside its reservation's transaction, on that transaction's connection, before the stock rows' locks; or as
   * {@link rulesAndCategoriesColumns} in its first statement).
   */
  async rulesAndCategories(productIds: string[]): Promise<RulesAndCategories> {
    const read = this.rulesAndCategoriesColumns(productIds);
    const [row] = await this.db.preparedRows<Record<string, unknown>>('pricing-rules-and-categories', `SELECT ${read.sql(1)}`, read.values);
    return read.read(row);
  }

  /** {@link rulesAndCategories} as columns another statement carries (the payment's first: one round trip less). */
  rulesAndCategoriesColumns(productIds: string[]): StatementColumns<RulesAndCategories> {
    return {
      name: 'pricing',
      sql: (first) => `
         (SELECT prices_include_tax FROM pricing_settings LIMIT 1) AS prices_include_tax,
         (SELECT coalesce(json_agg(json_build_object('id', z.id, 'name', z.name, 'countries', z.countries, 'methods',
            (SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.name, 'rateCents', m.rate_cents, 'freeOverCents', m.free_over_cents,
              'weightBrackets', m.weight_brackets)
               ORDER BY m.created_at, m.id), '[]') FROM shipping_methods m WHERE m.zone_id = z.id)) ORDER BY z.created_at, z.id), '[]')
          FROM shipping_zones z) AS zones,
         (SELECT coalesce(json_agg(json_build_object('id', r.id, 'country', r.country, 'region', r.region, 'name', r.name, 'rateMilli', r.rate_milli)
            ORDER BY r.country, r.region), '[]') FROM tax_rates r) AS tax_rates,
         (SELECT coalesce(json_object_agg(p.id, p.category_id), '{}') FROM products p WHERE p.id = ANY($${first}::uuid[])) AS categories,
         ${weightsSql(`$${first}`)}`,
      values: [productIds],
      read: (columns) => {
        const row = columns as unknown as RulesAndCategoriesRow;
        return {
          rules: { pricesIncludeTax: row.prices_include_tax ?? false, zones: row.zones, taxRates: row.tax_rates },
          categories: new Map(Object.entries(row.categories)),
          weights: cartWeights(row.weights, row.variant_weights),
        };
      },
    };
  }

  /**
   * The live code spelled so (any case) with its uses by `customer`, in ONE statement, for a quote (nothing is
   * locked: a quote reserves nothing), read live on every quote: its uses change with every order that takes it.
   * Undefined when there is none (an empty spelling included).
   */
  async quoteCode(code: string, customer: string): Promise<DiscountRule | undefined> {
    // Prepared (named): a quote with a code runs it on every request, so Postgres parses and plans it once per
    // connection.
    const [found] = await this.db.preparedRows<CodeSqlRow & { customer_uses: number }>(
      'pricing-quote-code',
      `SELECT ${CODE_COLUMNS},
              (SELECT count(*)::int FROM discount_code_uses u WHERE u.code_id = d.id AND u.customer = $2 AND u.released_at IS NULL) AS customer_uses
       FROM discount_codes d WHERE upper(d.code) = upper($1) AND d.deleted_at IS NULL`,
      [code, customer],
    );
    return found ? { ...toRule(found), customerUses: found.customer_uses } : undefined;
  }

  /**
   * The live code spelled `code` (any case) and its uses by `customer`, the code's row locked until the transaction
   * ends, so the uses read after it are exact until this checkout commits or rolls back.
   */
  async lockCode(code: string, customer: string): Promise<DiscountRule | undefined> {
    const [row] = await this.db.transactionRows<CodeSqlRow>(
      `SELECT ${CODE_COLUMNS} FROM discount_codes WHERE upper(code) = upper($1) AND deleted_at IS NULL FOR UPDATE`,
      [code],
    );
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
  async insertMethod(
    zoneId: string,
    name: string,
    rateCents: number,
    freeOverCents: number | null,
    weightBrackets: WeightBracket[] | null,
  ): Promise<string | undefined> {
    const [row] = await this.db.rows<{ id: string }>(
      `INSERT INTO shipping_methods (zone_id, name, rate_cents, free_over_cents, weight_brackets)
       SELECT id, $2, $3, $4, $5::jsonb FROM shipping_zones WHERE id = $1 RETURNING id`,
      [zoneId, name, rateCents, freeOverCents, weightBrackets === null ? null : JSON.stringify(weightBrackets)],
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
