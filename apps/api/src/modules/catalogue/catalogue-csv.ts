import {
  centsToDecimal,
  decimalToCents,
  hasBidiControls,
  hasControlCharacters,
  hasVisibleCharacter,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_OPTION_VALUES_MAX,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_VARIANTS_MAX,
  PRODUCT_WEIGHT_MAX,
  type Product,
  SKU_MAX,
  SKU_PATTERN,
  toCents,
} from '@store/contract';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_REQUIRED,
  CATALOGUE_IMPORT_MAX_ROWS,
  type CatalogueImportRowError,
  PRODUCT_HANDLE_MAX,
  PRODUCT_HANDLE_PATTERN,
} from '@store/contract/dto/catalogue-transfer';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '../../common/spreadsheet-safe.js';

/** A variant as an import row gives it: prices in cents and weight in grams, null for the product's own. */
export interface ImportVariant {
  options: string[];
  sku: string;
  stock: number;
  priceCents: number | null;
  compareAtCents: number | null;
  /** Undefined when the file has no `variant_weight` column: the variant keeps the weight it has. */
  weightGrams?: number | null;
  active: boolean;
  line: number;
}

/** A product as an import file gives it (its rows gathered by handle), checked. */
export interface ImportProduct {
  handle: string;
  name: string;
  description: string;
  categoryId: string;
  priceCents: number;
  compareAtCents: number | null;
  /** Grams, null for none; undefined when the file has no `weight` column: the product keeps the weight it has. */
  weightGrams?: number | null;
  options: Array<{ name: string; values: string[] }>;
  variants: ImportVariant[];
  /** The line of its first row. */
  line: number;
}

export interface ReadCsv {
  rows: number;
  products: ImportProduct[];
  errors: CatalogueImportRowError[];
}

/** How many `optionN_name`/`optionN_value` pairs a header may name (past PRODUCT_OPTIONS_MAX, each filled cell is a row error). */
const OPTION_COLUMNS_READ = 9;
const OPTION_COLUMN = /^option([1-9])_(name|value)$/;
const ACTIVE = new Map([
  ['', true],
  ['true', true],
  ['false', false],
]);

/** The columns of the product itself: every row of a handle repeats them (or leaves them empty after the first). */
const PRODUCT_COLUMNS = ['name', 'description', 'category', 'price', 'compare_at_price', 'weight'] as const;

/**
 * Reads and checks an import file: the header, then every row, then every product (its rows gathered by handle),
 * collecting every error with its line (the header is line 1; a quoted cell may span lines) and column rather
 * than stopping at the first. What the database must answer (a SKU another product holds) the caller adds.
 * `categories` are the shop's, matched by name whatever the case.
 */
export function readCatalogueCsv(text: string, categories: ReadonlyArray<{ _id: string; name: string }>): ReadCsv {
  const errors: CatalogueImportRowError[] = [];
  let records: Array<{ record: string[]; raw: string }>;
  try {
    records = parse(text, { bom: true, relax_column_count: true, raw: true }) as unknown as Array<{ record: string[]; raw: string }>;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return { rows: 0, products: [], errors: [{ line, column: '', message: `The file is not readable CSV: ${error.message}` }] };
  }
  const header = records[0]?.record.map((name) => name.trim().toLowerCase());
  if (!header || header.every((name) => name === '')) {
    return {
      rows: 0,
      products: [],
      errors: [{ line: 1, column: '', message: `The first line must name the columns: ${CATALOGUE_CSV_COLUMNS.join(',')}` }],
    };
  }
  const seen = new Set<string>();
  for (const name of header) {
    const option = OPTION_COLUMN.exec(name);
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name) && !(option && Number(option[1]) <= OPTION_COLUMNS_READ)) {
      errors.push({ line: 1, column: name, message: `Unknown column "${name}" (the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')})` });
    } else if (seen.has(name)) errors.push({ line: 1, column: name, message: `Column "${name}" is named twice` });
    seen.add(name);
  }
  for (const name of CATALOGUE_CSV_REQUIRED) {
    if (!seen.has(name)) errors.push({ line: 1, column: name, message: `The header must have a "${name}" column` });
  }
  if (errors.length > 0) return { rows: 0, products: [], errors };
  const optionCount = Math.max(0, ...header.map((name) => Number(OPTION_COLUMN.exec(name)?.[1] ?? 0)));

  let line = 1 + lineBreaks(records[0].raw);
  const rows: Array<{ line: number; cells: Map<string, string> }> = [];
  for (const { record, raw } of records.slice(1)) {
    const at = line;
    line += lineBreaks(raw);
    if (record.length === 1 && record[0].trim() === '') continue; // a blank line
    if (rows.length === CATALOGUE_IMPORT_MAX_ROWS) {
      errors.push({ line: at, column: '', message: `A file holds at most ${CATALOGUE_IMPORT_MAX_ROWS} rows; split it in several` });
      return { rows: rows.length + 1, products: [], errors };
    }
    if (record.length !== header.length) {
      errors.push({ line: at, column: '', message: `This row has ${record.length} cells; the header names ${header.length} columns` });
      continue;
    }
    rows.push({ line: at, cells: new Map(header.map((name, index) => [name, record[index]])) });
  }

  const byName = new Map(categories.map((category) => [category.name.toLowerCase(), category._id]));
  const skus = new Map<string, number>();
  const groups = new Map<string, Array<{ line: number; cells: Map<string, string> }>>();
  for (const row of rows) {
    const handle = (row.cells.get('handle') ?? '').trim();
    if (!handle) {
      errors.push({ line: row.line, column: 'handle', message: 'A handle is required (the product this row is a variant of)' });
      continue;
    }
    if (handle.length > PRODUCT_HANDLE_MAX || !PRODUCT_HANDLE_PATTERN.test(handle)) {
      errors.push({
        line: row.line,
        column: 'handle',
        message: `A handle is 1 to ${PRODUCT_HANDLE_MAX} lower-case letters and digits in words joined by "-" (navy-crew-tee)`,
      });
      continue;
    }
    const sku = (row.cells.get('sku') ?? '').trim();
    if (sku) {
      const other = skus.get(sku.toUpperCase());
      if (other !== undefined) errors.push({ line: row.line, column: 'sku', message: `SKU ${sku} is on line ${other} too` });
      else skus.set(sku.toUpperCase(), row.line);
    }
    groups.set(handle, [...(groups.get(handle) ?? []), row]);
  }

  const products: ImportProduct[] = [];
  for (const [handle, group] of groups) {
    const product = readProduct(
      handle,
      group,
      { optionCount, weights: seen.has('weight'), variantWeights: seen.has('variant_weight') },
      byName,
      errors,
    );
    if (product) products.push(product);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows: rows.length, products: errors.length > 0 ? [] : products, errors };
}

/**
 * One product from its rows: the first row's product columns (later rows repeat them or leave them empty).
 * `columns` says how many options the header names and whether it has the weight columns (a file without them
 * leaves the weights as they are).
 */
function readProduct(
  handle: string,
  group: Array<{ line: number; cells: Map<string, string> }>,
  columns: { optionCount: number; weights: boolean; variantWeights: boolean },
  categories: Map<string, string>,
  errors: CatalogueImportRowError[],
): ImportProduct | undefined {
  const before = errors.length;
  const { optionCount } = columns;
  const [first] = group;
  const cell = (row: (typeof group)[number], column: string) => row.cells.get(column) ?? '';
  const error = (line: number, column: string, message: string) => errors.push({ line, column, message });

  for (const row of group.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      const value = cell(row, column).trim();
      if (value !== '' && value !== cell(first, column).trim()) {
        error(
          row.line,
          column,
          `Differs from line ${first.line}: every row of "${handle}" has the product's ${column.replaceAll('_', ' ')} (or leaves it empty)`,
        );
      }
    }
  }
  const name = text(cell(first, 'name'), PRODUCT_NAME_MAX, false, 'Name', (message) => error(first.line, 'name', message));
  const description = text(cell(first, 'description'), PRODUCT_DESCRIPTION_MAX, true, 'Description', (message) =>
    error(first.line, 'description', message),
  );
  const categoryName = cell(first, 'category').trim();
  const categoryId = categories.get(categoryName.toLowerCase());
  if (!categoryId) error(first.line, 'category', categoryName ? `No category is named "${categoryName}"` : 'A category is required');
  const priceCents = money(cell(first, 'price'), 'Price', (message) => error(first.line, 'price', message));
  if (priceCents === null) error(first.line, 'price', 'A price is required');
  const compareAtCents =
    money(cell(first, 'compare_at_price'), 'A compare-at price', (message) => error(first.line, 'compare_at_price', message)) ?? null;
  const weightGrams = columns.weights
    ? (grams(cell(first, 'weight'), 'none', (message) => error(first.line, 'weight', message)) ?? null)
    : undefined;

  // The option names come from the first row; each later row names the same ones (or leaves them empty).
  const options: Array<{ name: string; values: string[] }> = [];
  for (let index = 1; index <= optionCount; index++) {
    const name = cell(first, `option${index}_name`).trim();
    if (!name) continue;
    if (index > PRODUCT_OPTIONS_MAX) {
      error(first.line, `option${index}_name`, `A product has at most ${PRODUCT_OPTIONS_MAX} options`);
      continue;
    }
    if (options.length !== index - 1) {
      error(first.line, `option${index}_name`, `Option ${index} is named but option ${options.length + 1} is not`);
      continue;
    }
    const checked = text(name, OPTION_NAME_MAX, false, 'An option name', (message) => error(first.line, `option${index}_name`, message));
    if (checked !== undefined && options.some((o) => o.name.toLowerCase() === checked.toLowerCase())) {
      error(first.line, `option${index}_name`, `Option "${checked}" is named twice`);
    }
    options.push({ name: checked ?? name, values: [] });
  }

  const variants: ImportVariant[] = [];
  const combinations = new Map<string, number>();
  let total = 0;
  for (const row of group) {
    for (let index = 1; index <= optionCount; index++) {
      const named = cell(row, `option${index}_name`).trim();
      if (row !== first && named && named.toLowerCase() !== (options[index - 1]?.name ?? '').toLowerCase()) {
        error(row.line, `option${index}_name`, `Differs from line ${first.line}: every row of "${handle}" names the same options`);
      }
    }
    const picked: string[] = [];
    for (let index = 1; index <= optionCount; index++) {
      const column = `option${index}_value`;
      const value = cell(row, column).trim();
      const option = options[index - 1];
      if (!option) {
        if (value && index <= PRODUCT_OPTIONS_MAX) error(row.line, column, `Option ${index} has no name on line ${first.line}`);
        else if (value) error(row.line, column, `A product has at most ${PRODUCT_OPTIONS_MAX} options`);
        continue;
      }
      const checked = text(value, OPTION_VALUE_MAX, false, `A value of ${option.name}`, (message) => error(row.line, column, message));
      if (checked === undefined) continue;
      const known = option.values.find((v) => v.toLowerCase() === checked.toLowerCase());
      if (!known) {
        if (option.values.length === PRODUCT_OPTION_VALUES_MAX) {
          error(row.line, column, `${option.name} has at most ${PRODUCT_OPTION_VALUES_MAX} values`);
          continue;
        }
        option.values.push(checked);
      }
      picked.push(known ?? checked);
    }
    if (picked.length === options.length) {
      const key = picked.map((v) => v.toLowerCase()).join('\u0000');
      const other = combinations.get(key);
      if (other !== undefined) {
        error(
          row.line,
          options.length ? 'option1_value' : '',
          options.length
            ? `${picked.join(' / ')} is on line ${other} too`
            : `A product without options has one row; "${handle}" has another on line ${other}`,
        );
      }
      combinations.set(key, row.line);
    }
    if (variants.length === PRODUCT_VARIANTS_MAX) error(row.line, '', `A product has at most ${PRODUCT_VARIANTS_MAX} variants`);

    const sku = cell(row, 'sku').trim();
    if (!sku) error(row.line, 'sku', 'A SKU is required (the key of the variant)');
    else if (sku.length > SKU_MAX || !SKU_PATTERN.test(sku)) {
      error(row.line, 'sku', `A SKU is 1 to ${SKU_MAX} letters, digits, ".", "_" or "-", starting with a letter or digit`);
    }
    const stock = whole(cell(row, 'stock'), (message) => error(row.line, 'stock', message));
    const active = ACTIVE.get(cell(row, 'active').trim().toLowerCase());
    if (active === undefined) error(row.line, 'active', 'Active must be true or false (or empty: true)');
    if (active !== false && stock !== undefined) total += stock;
    if (cell(row, 'photos').trim() !== '') {
      error(
        row.line,
        'photos',
        'Photos by file name come in a zip beside the CSV, which this import does not take yet; leave photos empty',
      );
    }
    variants.push({
      options: picked,
      sku,
      stock: stock ?? 0,
      priceCents: money(cell(row, 'variant_price'), 'A variant price', (message) => error(row.line, 'variant_price', message)) ?? null,
      compareAtCents:
        money(cell(row, 'variant_compare_at_price'), 'A variant compare-at price', (message) =>
          error(row.line, 'variant_compare_at_price', message),
        ) ?? null,
      ...(columns.variantWeights
        ? {
            weightGrams:
              grams(cell(row, 'variant_weight'), "the product's", (message) => error(row.line, 'variant_weight', message)) ?? null,
          }
        : {}),
      active: active !== false,
      line: row.line,
    });
  }
  if (total > PRODUCT_STOCK_MAX) error(first.line, 'stock', `The stock of "${handle}" adds up to more than ${PRODUCT_STOCK_MAX}`);
  if (errors.length > before) return undefined;
  return {
    handle,
    name: name!,
    description: description!,
    categoryId: categoryId!,
    priceCents: priceCents!,
    compareAtCents,
    ...(weightGrams !== undefined ? { weightGrams } : {}),
    options,
    variants,
    line: first.line,
  };
}

function lineBreaks(raw: string): number {
  return raw.match(/\r\n?|\n/g)?.length ?? 0;
}

/** Text as the product form takes it: trimmed, 1 to `max` characters, visible, no control (or, in a name, bidi) characters. */
function text(value: string, max: number, multiline: boolean, what: string, fail: (message: string) => void): string | undefined {
  const trimmed = value.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > max) fail(`${what} must be 1 to ${max} characters${length > max ? ` (it has ${length})` : ''}`);
  else if (hasControlCharacters(trimmed, multiline)) fail(`${what} must not contain control or invalid characters`);
  else if (!hasVisibleCharacter(trimmed)) fail(`${what} must contain a visible character`);
  else if (!multiline && hasBidiControls(trimmed)) fail(`${what} must not contain characters that change the text direction`);
  else return trimmed;
  return undefined;
}

/** Dollars with at most 2 decimals, 0 to PRODUCT_PRICE_MAX, in cents; null when empty, undefined (and an error) when bad. */
function money(value: string, what: string, fail: (message: string) => void): number | null | undefined {
  if (value.trim() === '') return null;
  const cents = decimalToCents(value);
  if (cents === undefined || cents < 0 || cents > PRODUCT_PRICE_MAX * 100) {
    fail(`${what} must be a number from 0 to ${PRODUCT_PRICE_MAX} with at most 2 decimals, not "${value.trim().slice(0, 20)}"`);
    return undefined;
  }
  return cents;
}

/** Whole grams, 1 to PRODUCT_WEIGHT_MAX; null when empty (`empty` says what that means), undefined (and an error) when bad. */
function grams(value: string, empty: string, fail: (message: string) => void): number | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d{1,7}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= PRODUCT_WEIGHT_MAX) return Number(trimmed);
  fail(`A weight must be whole grams from 1 to ${PRODUCT_WEIGHT_MAX} (or empty for ${empty}), not "${trimmed.slice(0, 20)}"`);
  return undefined;
}

function whole(value: string, fail: (message: string) => void): number | undefined {
  const trimmed = value.trim();
  if (/^-\d+$/.test(trimmed)) fail('Stock must not be negative');
  else if (!/^\d+$/.test(trimmed) || Number(trimmed) > PRODUCT_STOCK_MAX)
    fail(`Stock must be a whole number from 0 to ${PRODUCT_STOCK_MAX}`);
  else return Number(trimmed);
  return undefined;
}

/** Whether a file's rows of a product carry its variants' weights (its header has `variant_weight`). */
const hasVariantWeights = (product: ImportProduct) => product.variants.some((v) => v.weightGrams !== undefined);

/**
 * A product as the import compares it: what the CSV says, in the form both sides can be compared in (a weight the
 * file has no column for is left out: it stays as it is).
 */
export function importedShape(product: ImportProduct): string {
  const weights = hasVariantWeights(product);
  return JSON.stringify({
    name: product.name,
    description: product.description,
    category: product.categoryId,
    price: product.priceCents,
    compareAt: product.compareAtCents,
    weight: product.weightGrams,
    options: product.options,
    variants: product.variants.map((v) => [
      v.options,
      v.sku,
      v.stock,
      v.priceCents,
      v.compareAtCents,
      v.active,
      ...(weights ? [v.weightGrams] : []),
    ]),
  });
}

/**
 * A stored product in the same form, with the weights `file` has columns for: equal to {@link importedShape} of a
 * file that would change nothing.
 */
export function storedShape(product: Product, file: ImportProduct): string {
  const cents = (dollars: number | undefined) => (dollars === undefined ? null : toCents(dollars));
  const weights = hasVariantWeights(file);
  return JSON.stringify({
    name: product.name,
    description: product.description,
    category: product.category,
    price: toCents(product.price),
    compareAt: cents(product.compareAtPrice),
    weight: file.weightGrams === undefined ? undefined : (product.weight ?? null),
    options: (product.options ?? []).map((o) => ({ name: o.name, values: o.values.map((v) => v.value) })),
    variants: (product.variants ?? []).map((v) => [
      v.options,
      v.sku,
      v.stock,
      cents(v.price),
      cents(v.compareAtPrice),
      v.active,
      ...(weights ? [v.weight ?? null] : []),
    ]),
  });
}

/** The export's header line. */
export function catalogueCsvHeader(): string {
  return stringify([[...CATALOGUE_CSV_COLUMNS]], { record_delimiter: 'windows' });
}

/**
 * The export's rows for some products, one per variant (RFC 4180: CRLF, quoted where needed); text a spreadsheet
 * would run as a formula made inert (see spreadsheetSafe), as the orders export does.
 */
export function catalogueCsvRows(products: Array<{ handle: string; categoryName: string; product: Product }>): string {
  const rows: string[][] = [];
  const decimal = (dollars: number | undefined) => (dollars === undefined ? '' : centsToDecimal(toCents(dollars)));
  for (const { handle, categoryName, product } of products) {
    const options = product.options ?? [];
    for (const variant of product.variants ?? []) {
      const row: Record<string, string> = {
        handle,
        name: product.name,
        description: product.description,
        category: categoryName,
        sku: variant.sku,
        price: decimal(product.price),
        compare_at_price: decimal(product.compareAtPrice),
        variant_price: decimal(variant.price),
        variant_compare_at_price: decimal(variant.compareAtPrice),
        weight: product.weight === undefined ? '' : String(product.weight),
        variant_weight: variant.weight === undefined ? '' : String(variant.weight),
        stock: String(variant.stock),
        active: String(variant.active),
        photos: '',
      };
      options.forEach((option, index) => {
        row[`option${index + 1}_name`] = option.name;
        row[`option${index + 1}_value`] = variant.options[index] ?? '';
      });
      rows.push(CATALOGUE_CSV_COLUMNS.map((column) => row[column] ?? ''));
    }
  }
  return stringify(rows, { record_delimiter: 'windows', cast: { string: spreadsheetSafe } });
}
