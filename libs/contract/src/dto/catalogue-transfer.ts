/**
 * The catalogue's CSV import and export (docs/api.md, "Catalogue import and export"): one row per variant, the
 * product's own columns repeated on each of its rows. The export writes these columns in this order; an import
 * names them in its header row, in any order (the optional ones may be left out: empty, except the two weights,
 * which a file without their column leaves as they are).
 */
export const CATALOGUE_CSV_COLUMNS = [
  'handle',
  'name',
  'description',
  'category',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'sku',
  'price',
  'compare_at_price',
  'variant_price',
  'variant_compare_at_price',
  'weight',
  'variant_weight',
  'stock',
  'active',
  'photos',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The columns an import's header must have; the others are optional (empty when left out, but see the weights'). */
export const CATALOGUE_CSV_REQUIRED = ['handle', 'name', 'description', 'category', 'sku', 'price', 'stock'] as const;

/** The multipart field of the CSV file on the import calls. */
export const CATALOGUE_IMPORT_FILE_FIELD = 'file';
/** An import file's size cap (413 past it). */
export const CATALOGUE_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** An import's row cap, header aside (a row error past it). */
export const CATALOGUE_IMPORT_MAX_ROWS = 20_000;
/** The most row errors a report lists (`errorsTruncated` says there were more). */
export const CATALOGUE_IMPORT_ERRORS_MAX = 500;
/** A handle: lower-case letters and digits in words joined by `-`, at most this long. */
export const PRODUCT_HANDLE_MAX = 80;
export const PRODUCT_HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** One bad cell or row of an import: its line in the file (the header is line 1), its column, what is wrong. */
export interface CatalogueImportRowError {
  line: number;
  /** The column's header name; '' for the row as a whole (a wrong number of cells). */
  column: string;
  message: string;
}

/** What an import would do (the dry run), or why it cannot: nothing is written while `errors` is not empty. */
export interface CatalogueImportReport {
  rows: number;
  products: number;
  /** Products new to the shop, products that would change, products the file leaves as they are. */
  create: number;
  update: number;
  unchanged: number;
  errors: CatalogueImportRowError[];
  /** True when there were more than CATALOGUE_IMPORT_ERRORS_MAX errors (only the first are listed). */
  errorsTruncated: boolean;
}

export const CATALOGUE_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type CatalogueImportStatus = (typeof CATALOGUE_IMPORT_STATUSES)[number];

/** An import under way or finished: applied in batches of products, each batch committed on its own. */
export interface CatalogueImportJob {
  _id: string;
  status: CatalogueImportStatus;
  rows: number;
  products: number;
  batches: number;
  batchesDone: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Why a failed import stopped (the batches before it stay committed; importing the file again finishes it). */
  error?: string;
  createdAt: string;
  finishedAt?: string;
}
