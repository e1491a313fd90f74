import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pricing (docs/pricing.md): the shop's tax setting, shipping zones and their methods, tax rates, discount codes and
 * each order's use of one, and the price breakdown every order keeps (its lines' discount and tax included). Orders
 * paid before keep NULL breakdown columns: their amount was the sum of their lines.
 *
 * A code's use is counted when its order is recorded (under the code's row lock, so concurrent checkouts count
 * exactly) and given back by a trigger when that order becomes Failed (the payment did not go through) or
 * Cancelled, whichever code path moves it.
 */
export class Pricing1764000300000 implements MigrationInterface {
  name = 'Pricing1764000300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pricing_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        prices_include_tax boolean NOT NULL DEFAULT false
      )`);
    await q.query(`INSERT INTO pricing_settings DEFAULT VALUES`);
    await q.query(`
      CREATE TABLE shipping_zones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(64) NOT NULL,
        countries varchar(2)[] NOT NULL CHECK (cardinality(countries) > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE shipping_methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        zone_id uuid NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE,
        name varchar(64) NOT NULL,
        rate_cents integer NOT NULL CHECK (rate_cents >= 0),
        free_over_cents integer CHECK (free_over_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX shipping_methods_zone_idx ON shipping_methods (zone_id)`);
    await q.query(`
      CREATE TABLE tax_rates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        country varchar(2) NOT NULL,
        region varchar(8) NOT NULL DEFAULT '',
        name varchar(64) NOT NULL,
        rate_milli integer NOT NULL CHECK (rate_milli BETWEEN 0 AND 100000),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (country, region)
      )`);
    await q.query(`
      CREATE TABLE discount_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(32) NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('percentage', 'fixed', 'free-shipping')),
        value integer NOT NULL CHECK (value >= 0),
        valid_from timestamptz,
        valid_until timestamptz,
        min_subtotal_cents integer,
        category_ids uuid[] NOT NULL DEFAULT '{}',
        product_ids uuid[] NOT NULL DEFAULT '{}',
        max_uses integer CHECK (max_uses > 0),
        max_uses_per_customer integer CHECK (max_uses_per_customer > 0),
        uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
        discount_cents bigint NOT NULL DEFAULT 0,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Case-insensitive: one live code per spelling.
    await q.query(`CREATE UNIQUE INDEX discount_codes_code_idx ON discount_codes (upper(code)) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE discount_code_uses (
        order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
        code_id uuid NOT NULL REFERENCES discount_codes (id),
        customer varchar(254) NOT NULL,
        discount_cents integer NOT NULL,
        released_at timestamptz
      )`);
    await q.query(`CREATE INDEX discount_code_uses_customer_idx ON discount_code_uses (code_id, customer) WHERE released_at IS NULL`);
    await q.query(`
      CREATE FUNCTION discount_code_give_back() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE discount_codes d SET uses = d.uses - 1, discount_cents = d.discount_cents - u.discount_cents
          FROM discount_code_uses u WHERE u.order_id = NEW.id AND u.released_at IS NULL AND d.id = u.code_id;
        UPDATE discount_code_uses SET released_at = now() WHERE order_id = NEW.id AND released_at IS NULL;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER orders_discount_give_back AFTER UPDATE OF status ON orders
      FOR EACH ROW WHEN (NEW.status IN ('Failed', 'Cancelled') AND OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION discount_code_give_back()`);
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN subtotal_cents integer,
        ADD COLUMN discount_cents integer,
        ADD COLUMN shipping_cents integer,
        ADD COLUMN tax_cents integer,
        ADD COLUMN prices_include_tax boolean,
        ADD COLUMN taxes jsonb,
        ADD COLUMN shipping_method varchar(64),
        ADD COLUMN discount_code varchar(32)`);
    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN discount_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN tax_cents integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_lines DROP COLUMN discount_cents, DROP COLUMN tax_cents`);
    await q.query(`
      ALTER TABLE orders DROP COLUMN subtotal_cents, DROP COLUMN discount_cents, DROP COLUMN shipping_cents, DROP COLUMN tax_cents,
        DROP COLUMN prices_include_tax, DROP COLUMN taxes, DROP COLUMN shipping_method, DROP COLUMN discount_code`);
    await q.query(`DROP TRIGGER orders_discount_give_back ON orders`);
    await q.query(`DROP FUNCTION discount_code_give_back()`);
    await q.query(`DROP TABLE discount_code_uses, discount_codes, tax_rates, shipping_methods, shipping_zones, pricing_settings`);
  }
}
