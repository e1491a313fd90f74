import {
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  PRODUCT_OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_FIELD,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_VARIANTS_FIELD,
  PRODUCT_VARIANTS_MAX,
  PRODUCT_WEIGHT_MAX,
  type ProductOptionInput,
  type ProductVariantInput,
  SKU_MAX,
  SKU_PATTERN,
  SWATCH_PATTERN,
} from '../catalogue.js';
import type { FieldError } from '../errors.js';
import { isWholeCents } from '../money.js';
import { hasControlCharacters, hasVisibleCharacter } from '../text-rules.js';

/**
 * The rules of the product form's `options` and `variants` (JSON text fields): a subpath of its own
 * (`@store/contract/dto/product-variants`), like the DTOs, so only the admin form's page and the API load it.
 */

/** Options and variants as checked: text trimmed, each variant's values spelled as its option spells them. */
export interface CheckedVariants {
  options: ProductOptionInput[];
  variants: Array<Required<Pick<ProductVariantInput, 'options' | 'stock' | 'active'>> & ProductVariantInput>;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A name or value: trimmed, 1 to `max` characters, visible, no control characters; undefined (and an error) otherwise. */
function text(value: unknown, max: number, at: string, what: string, errors: FieldError[]): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : undefined;
  if (trimmed === undefined || [...trimmed].length < 1 || [...trimmed].length > max) {
    errors.push({ field: at, message: `${what} must be 1 to ${max} characters (${at})` });
    return undefined;
  }
  if (hasControlCharacters(trimmed) || !hasVisibleCharacter(trimmed)) {
    errors.push({ field: at, message: `${what} must be visible text without control characters (${at})` });
    return undefined;
  }
  return trimmed;
}

/** A price in dollars (whole cents, 0 to PRODUCT_PRICE_MAX); null for none, undefined when not sent. */
function price(value: unknown, at: string, what: string, errors: FieldError[]): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > PRODUCT_PRICE_MAX || !isWholeCents(value)) {
    errors.push({ field: at, message: `${what} must be a number of dollars from 0 to ${PRODUCT_PRICE_MAX}, at most 2 decimals (${at})` });
  }
  return typeof value === 'number' ? value : undefined;
}

/** A weight in whole grams (1 to PRODUCT_WEIGHT_MAX); null for none (the product's), undefined when not sent. */
function weight(value: unknown, at: string, errors: FieldError[]): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isWhole(value, 1, PRODUCT_WEIGHT_MAX)) {
    errors.push({ field: at, message: `A weight must be whole grams from 1 to ${PRODUCT_WEIGHT_MAX}, or null for the product's (${at})` });
    return undefined;
  }
  return value;
}

/**
 * The product form's `options` and `variants` (parsed JSON), checked as the API checks them and the admin form
 * before sending: at most three options with unique names, each with 1 to 30 unique values (a swatch `#rrggbb` or
 * none); 1 to 100 variants, each naming one value of every option, no combination twice, no SKU twice, a whole
 * stock, optional prices and weight. Without options, exactly one variant (the default, `options: []`). Each error names its
 * entry (`variants[2].stock`).
 */
export function checkVariants(options: unknown, variants: unknown): { value?: CheckedVariants; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const checkedOptions: ProductOptionInput[] = [];
  if (!Array.isArray(options) || options.length > PRODUCT_OPTIONS_MAX) {
    errors.push({ field: PRODUCT_OPTIONS_FIELD, message: `Options must be a list of at most ${PRODUCT_OPTIONS_MAX} {"name", "values"}` });
    return { errors };
  }
  const names = new Set<string>();
  options.forEach((option, index) => {
    const at = `${PRODUCT_OPTIONS_FIELD}[${index}]`;
    if (!isObject(option) || !Array.isArray(option.values)) {
      errors.push({ field: at, message: `Each option must be {"name", "values": [{"value", "swatch"}]} (${at})` });
      return;
    }
    const name = text(option.name, OPTION_NAME_MAX, `${at}.name`, 'An option name', errors);
    if (name !== undefined) {
      if (names.has(name.toLowerCase())) errors.push({ field: `${at}.name`, message: `Option "${name}" is listed twice (${at}.name)` });
      names.add(name.toLowerCase());
    }
    if (option.values.length < 1 || option.values.length > PRODUCT_OPTION_VALUES_MAX) {
      errors.push({ field: `${at}.values`, message: `An option has 1 to ${PRODUCT_OPTION_VALUES_MAX} values (${at}.values)` });
      return;
    }
    const seen = new Set<string>();
    const values: ProductOptionInput['values'] = [];
    option.values.forEach((entry: unknown, valueIndex: number) => {
      const vat = `${at}.values[${valueIndex}]`;
      if (!isObject(entry)) {
        errors.push({ field: vat, message: `Each value must be {"value", "swatch"} (${vat})` });
        return;
      }
      const value = text(entry.value, OPTION_VALUE_MAX, `${vat}.value`, 'A value', errors);
      if (value !== undefined) {
        if (seen.has(value.toLowerCase()))
          errors.push({ field: `${vat}.value`, message: `Value "${value}" is listed twice (${vat}.value)` });
        seen.add(value.toLowerCase());
      }
      const swatch = entry.swatch;
      if (swatch !== undefined && swatch !== null && (typeof swatch !== 'string' || !SWATCH_PATTERN.test(swatch))) {
        errors.push({ field: `${vat}.swatch`, message: `A swatch must be a hex colour such as #1e3a8a (${vat}.swatch)` });
      }
      values.push({ value: value ?? '', ...(typeof swatch === 'string' ? { swatch: swatch.toLowerCase() } : {}) });
    });
    checkedOptions.push({ name: name ?? '', values });
  });

  if (!Array.isArray(variants) || variants.length < 1 || variants.length > PRODUCT_VARIANTS_MAX) {
    errors.push({ field: PRODUCT_VARIANTS_FIELD, message: `Variants must be a list of 1 to ${PRODUCT_VARIANTS_MAX} variants` });
    return { errors };
  }
  if (options.length === 0 && variants.length !== 1) {
    errors.push({ field: PRODUCT_VARIANTS_FIELD, message: 'A product without options has exactly one variant' });
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  let total = 0;
  const checkedVariants: CheckedVariants['variants'] = [];
  variants.forEach((variant, index) => {
    const at = `${PRODUCT_VARIANTS_FIELD}[${index}]`;
    if (!isObject(variant)) {
      errors.push({
        field: at,
        message: `Each variant must be {"options", "stock", "sku", "price", "compareAtPrice", "weight", "active"} (${at})`,
      });
      return;
    }
    const unknown = Object.keys(variant).filter(
      (key) => !['options', 'sku', 'stock', 'price', 'compareAtPrice', 'weight', 'active'].includes(key),
    );
    if (unknown.length > 0) errors.push({ field: at, message: `A variant has no "${unknown[0]}" (${at})` });
    const picked: string[] = [];
    if (!Array.isArray(variant.options) || variant.options.length !== checkedOptions.length) {
      errors.push({
        field: `${at}.options`,
        message: `A variant names one value of each of the ${checkedOptions.length} options (${at}.options)`,
      });
    } else {
      variant.options.forEach((value: unknown, position: number) => {
        const option = checkedOptions[position];
        const match =
          typeof value === 'string' ? option.values.find((v) => v.value.toLowerCase() === value.trim().toLowerCase()) : undefined;
        if (!match)
          errors.push({ field: `${at}.options[${position}]`, message: `"${String(value)}" is not a value of ${option.name} (${at})` });
        else picked.push(match.value);
      });
      const key = picked.map((v) => v.toLowerCase()).join('\u0000');
      if (picked.length === checkedOptions.length) {
        if (combinations.has(key))
          errors.push({ field: `${at}.options`, message: `${picked.join(' / ') || 'The default'} is listed twice (${at})` });
        combinations.add(key);
      }
    }
    let sku: string | undefined;
    if (variant.sku !== undefined && variant.sku !== null && variant.sku !== '') {
      if (typeof variant.sku !== 'string' || variant.sku.trim().length > SKU_MAX || !SKU_PATTERN.test(variant.sku.trim())) {
        errors.push({ field: `${at}.sku`, message: `A SKU is 1 to ${SKU_MAX} letters, digits, ".", "_" or "-" (${at}.sku)` });
      } else {
        sku = variant.sku.trim();
        if (skus.has(sku.toUpperCase())) errors.push({ field: `${at}.sku`, message: `SKU ${sku} is used twice (${at}.sku)` });
        skus.add(sku.toUpperCase());
      }
    }
    if (!isWhole(variant.stock, 0, PRODUCT_STOCK_MAX)) {
      errors.push({ field: `${at}.stock`, message: `Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX} (${at}.stock)` });
    } else total += variant.stock;
    const own = price(variant.price, `${at}.price`, 'A price', errors);
    const compareAt = price(variant.compareAtPrice, `${at}.compareAtPrice`, 'A compare-at price', errors);
    const grams = weight(variant.weight, `${at}.weight`, errors);
    if (variant.active !== undefined && typeof variant.active !== 'boolean') {
      errors.push({ field: `${at}.active`, message: `Active must be true or false (${at}.active)` });
    }
    checkedVariants.push({
      options: picked,
      ...(sku ? { sku } : {}),
      stock: typeof variant.stock === 'number' ? variant.stock : 0,
      price: own,
      compareAtPrice: compareAt,
      ...(grams !== undefined ? { weight: grams } : {}),
      active: variant.active !== false,
    });
  });
  if (total > PRODUCT_STOCK_MAX) {
    errors.push({ field: PRODUCT_VARIANTS_FIELD, message: `The variants' stock must add up to at most ${PRODUCT_STOCK_MAX}` });
  }
  if (errors.length > 0) return { errors };
  return { value: { options: checkedOptions, variants: checkedVariants }, errors };
}
