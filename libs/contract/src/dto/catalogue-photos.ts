/**
 * Photos by zip (docs/api.md, "Photos by zip"): the admin sends a zip of photos, each named for the product it shows
 * and, optionally, its colour; the dry run says what each file would become (or what is wrong with it), the import
 * adds them to the products' galleries. A file's name (folders ignored):
 *
 * - `<handle>.jpg`: a photo of the product as a whole (tied to no colour);
 * - `<handle>+<colour>.jpg`: a photo of that colour (a value of the product's colour option, any case);
 * - `<SKU>.jpg`: a photo of that variant's colour (of the product as a whole when it has no colour);
 * - anything after a further `+` (`crew-tee+navy+back.jpg`) only tells files apart.
 *
 * Files are taken in name order; `.jpg`, `.jpeg`, `.png`, `.webp` or `.gif`, checked and re-encoded as uploads are.
 */

/** The multipart field of the zip on both calls. */
export const CATALOGUE_PHOTOS_FILE_FIELD = 'file';
/** A zip's size cap (413 past it). */
export const CATALOGUE_PHOTOS_ZIP_MAX_BYTES = 64 * 1024 * 1024;
/** The most photos one zip may hold (each is re-encoded before anything is written). */
export const CATALOGUE_PHOTOS_MAX = 24;
/** What separates a file name's parts: neither a handle nor a SKU may contain it. */
export const CATALOGUE_PHOTO_NAME_SEPARATOR = '+';
/** The extensions a photo's file name may have. */
export const CATALOGUE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;

/** What one file of the zip becomes. */
export interface CataloguePhotoEntry {
  /** Its name in the zip (with its folders). */
  file: string;
  /** The product it goes to. */
  product: string;
  handle: string;
  /** The colour (option value) it is tied to, by id and name; null for a photo of the product as a whole. */
  optionValue: number | null;
  colour: string | null;
  /** The alt text it gets: "<name> in <colour>", or "Photo of <name>". */
  alt: string;
}

/** One file that cannot be imported, and why. */
export interface CataloguePhotoError {
  file: string;
  message: string;
}

/**
 * The dry run's answer, and the import's: every file that would be (or was) added, every file that is wrong.
 * Nothing is written while `errors` is not empty; `added` is 0 for a dry run.
 */
export interface CataloguePhotosReport {
  photos: number;
  /** How many products get photos. */
  products: number;
  entries: CataloguePhotoEntry[];
  errors: CataloguePhotoError[];
  added: number;
}
