import { Injectable } from '@nestjs/common';
import { PRODUCT_PHOTOS_MAX, type Product, type ProductOption } from '@store/contract';
import type { CataloguePhotoEntry, CataloguePhotoError, CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import sharp from 'sharp';
import { AppError, ServiceUnavailableError, ValidationFailedError } from '../../common/errors.js';
import type { AuditActor } from '../audit/audit.service.js';
import { PHOTO_MAX_PIXELS, type PreparedPhoto, ProductPhotosService, sniffImageType } from '../photos/index.js';
import { readPhotoZip } from './catalogue-photo-zip.js';
import { CatalogueTransferRepository } from './catalogue-transfer.repository.js';
import { ProductGalleryService } from './product-gallery.service.js';
import { ProductsRepository } from './products.repository.js';

/** A zip checked: what each photo becomes (with its bytes), and every file that is wrong. */
interface CheckedZip {
  report: CataloguePhotosReport;
  photos: Array<CataloguePhotoEntry & { bytes: Buffer }>;
}

/**
 * Photos by zip (docs/api.md, "Photos by zip"): each file, named by a product's handle or a SKU and a colour, goes
 * to that product's gallery, tied to that colour. The dry run checks every file as an upload is checked before it
 * is decoded (its type by its bytes, its size, its dimensions from the header) and against the shop (the product,
 * the colour, the 12-photo gallery); the import checks again, then re-encodes every photo through the photo
 * pipeline's one-at-a-time queue before writing any, so a photo that fails to decode leaves every gallery as it
 * was; then each product's new photos are added in one transaction of their own (the gallery's write, audited).
 */
@Injectable()
export class CataloguePhotosService {
  constructor(
    private readonly transfer: CatalogueTransferRepository,
    private readonly products: ProductsRepository,
    private readonly photos: ProductPhotosService,
    private readonly gallery: ProductGalleryService,
  ) {}

  /** The dry run: what each photo would become, and every file that is wrong; nothing is written. */
  async check(zip: Buffer): Promise<CataloguePhotosReport> {
    return (await this.read(zip)).report;
  }

  /** Adds the zip's photos (a 400 listing every wrong file, nothing written, when any is). */
  async import(zip: Buffer, actor: AuditActor): Promise<CataloguePhotosReport> {
    const { report, photos } = await this.read(zip);
    if (report.errors.length > 0) {
      throw new ValidationFailedError(
        `${report.errors.length} of the zip's files cannot be imported; nothing was added`,
        report.errors.map((e) => ({ field: e.file, message: e.message })),
      );
    }
    const prepared: Array<{ entry: CataloguePhotoEntry; photo: PreparedPhoto }> = [];
    for (const entry of photos) {
      try {
        prepared.push({ entry, photo: await this.photos.prepare(entry.bytes) });
      } catch (error) {
        // A full queue is the shop's moment, not the file's: the same 503 and Retry-After as an upload's.
        if (error instanceof ServiceUnavailableError || !(error instanceof AppError)) throw error;
        throw new ValidationFailedError(`${entry.file}: ${error.message}; nothing was added`, [
          { field: entry.file, message: error.message },
        ]);
      }
    }
    for (const productId of new Set(prepared.map(({ entry }) => entry.product))) {
      const mine = prepared.filter(({ entry }) => entry.product === productId);
      await this.gallery.addPrepared(
        productId,
        mine.map(({ entry, photo }) => ({ photo, alt: entry.alt, optionValue: entry.optionValue })),
        actor,
      );
      report.added += mine.length;
    }
    return report;
  }

  private async read(zip: Buffer): Promise<CheckedZip> {
    const files = await readPhotoZip(zip);
    const keys = [...new Set(files.map((file) => file.key).filter(Boolean))];
    const byHandle = await this.transfer.idsByHandle(keys.map((key) => key.toLowerCase()));
    const bySku = await this.transfer.variantsBySku(keys);
    const handles = new Map([...byHandle].map(([handle, id]) => [id, handle]));
    const ids = [...new Set([...byHandle.values(), ...[...bySku.values()].map((v) => v.productId)])];
    const products = await this.products.findMany(ids);
    const handlesOfSkus = await this.transfer.handlesOf(ids.filter((id) => !handles.has(id)));
    for (const [id, handle] of handlesOfSkus) handles.set(id, handle);
    const galleries = new Map<string, number>();
    for (const id of ids) galleries.set(id, (await this.photos.gallery(id)).length);

    const errors: CataloguePhotoError[] = [];
    const photos: CheckedZip['photos'] = [];
    for (const file of files) {
      const fail = (message: string) => void errors.push({ file: file.file, message });
      if (file.problem || !file.bytes) {
        fail(file.problem ?? 'The file could not be read');
        continue;
      }
      const sku = bySku.get(file.key.toUpperCase());
      const productId = byHandle.get(file.key.toLowerCase()) ?? sku?.productId;
      const product = productId && products.get(productId);
      if (!product) {
        fail(`No product has the handle or SKU "${file.key}"`);
        continue;
      }
      const colours = colourOption(product);
      let value: { _id: number; value: string } | undefined;
      if (file.colour !== null) {
        if (!colours) {
          fail(`${product.name} has no colour option`);
          continue;
        }
        value = colours.values.find((v) => v.value.toLowerCase() === file.colour!.toLowerCase());
        if (!value) {
          fail(`${product.name} has no colour "${file.colour}" (it has ${colours.values.map((v) => v.value).join(', ')})`);
          continue;
        }
      } else if (sku && colours) {
        const index = product.options!.indexOf(colours);
        const variant = product.variants?.find((v) => v._id === sku.variantId);
        value = colours.values.find((v) => v.value === variant?.options[index]);
      }
      const problem = await photoProblem(file.bytes);
      if (problem) {
        fail(problem);
        continue;
      }
      const count = (galleries.get(product._id) ?? 0) + 1;
      if (count > PRODUCT_PHOTOS_MAX) {
        fail(`${product.name} would have more than ${PRODUCT_PHOTOS_MAX} photos`);
        continue;
      }
      galleries.set(product._id, count);
      photos.push({
        file: file.file,
        product: product._id,
        handle: handles.get(product._id) ?? '',
        optionValue: value?._id ?? null,
        colour: value?.value ?? null,
        alt: value ? `${product.name} in ${value.value}` : `Photo of ${product.name}`,
        bytes: file.bytes,
      });
    }
    const entries = photos.map(({ bytes: _bytes, ...entry }) => entry);
    return {
      report: { photos: files.length, products: new Set(entries.map((e) => e.product)).size, entries, errors, added: 0 },
      photos,
    };
  }
}

/** The product's colour option: the one whose values carry swatches, else the one named Colour (or Color). */
function colourOption(product: Product): ProductOption | undefined {
  const options = product.options ?? [];
  return options.find((o) => o.values.some((v) => v.swatch)) ?? options.find((o) => /^colou?r$/i.test(o.name));
}

/** What an upload's checks before decoding would refuse in these bytes: their type, their dimensions. */
async function photoProblem(bytes: Buffer): Promise<string | undefined> {
  if (!sniffImageType(bytes)) return 'The file is not a JPEG, PNG, WebP or GIF image';
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width * height > PHOTO_MAX_PIXELS)
      return `The photo is ${width}x${height} pixels; at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`;
  } catch {
    return 'The photo cannot be read as an image';
  }
  return undefined;
}
