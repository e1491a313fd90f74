import { PRODUCT_PHOTO_MAX_BYTES } from '@store/contract';
import {
  CATALOGUE_PHOTO_EXTENSIONS,
  CATALOGUE_PHOTO_NAME_SEPARATOR,
  CATALOGUE_PHOTOS_FILE_FIELD,
  CATALOGUE_PHOTOS_MAX,
} from '@store/contract/dto/catalogue-photos';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ValidationFailedError } from '../../common/errors.js';

/** A photo file of the zip: its name, what the name says, and its bytes (undefined when too large to read). */
export interface ZipPhoto {
  file: string;
  /** The handle or SKU the name starts with, and the colour after it (null: none). */
  key: string;
  colour: string | null;
  bytes?: Buffer;
  /** Why the file cannot be a photo from its name or size alone. */
  problem?: string;
}

/**
 * What a file's name says (folders ignored): `<handle or SKU>[+<colour>[+<anything>]].<extension>`; a message when
 * it says nothing usable.
 */
export function readPhotoName(file: string): { key: string; colour: string | null } | { problem: string } {
  const base = file.split('/').at(-1)!;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (!(CATALOGUE_PHOTO_EXTENSIONS as readonly string[]).includes(extension)) {
    return { problem: `The name must end in ${CATALOGUE_PHOTO_EXTENSIONS.map((e) => `.${e}`).join(', ')}` };
  }
  const [key, colour] = base.slice(0, dot).split(CATALOGUE_PHOTO_NAME_SEPARATOR);
  if (!key) return { problem: `The name must start with a product's handle or a SKU` };
  return { key, colour: colour?.trim() ? colour.trim() : null };
}

/** Entries a zip tool adds that are no photo: folders, macOS's resource forks, hidden files. */
function ignored(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));
}

/**
 * The photo files of a zip (in memory), in name order, each read only when its name is usable and its declared size
 * is within the upload limit (yauzl checks the real size against the declared one while inflating, so a zip bomb
 * stops at the limit). A file that is not a zip, or holds more than CATALOGUE_PHOTOS_MAX photos, is a 400.
 */
export async function readPhotoZip(zip: Buffer): Promise<ZipPhoto[]> {
  let archive: ZipFile;
  try {
    archive = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))),
    );
  } catch {
    throw new ValidationFailedError('The file is not a zip archive', [
      { field: CATALOGUE_PHOTOS_FILE_FIELD, message: 'is not a zip archive' },
    ]);
  }
  const photos: ZipPhoto[] = [];
  try {
    for (let entry = await nextEntry(archive); entry; entry = await nextEntry(archive)) {
      if (ignored(entry.fileName)) continue;
      if (photos.length === CATALOGUE_PHOTOS_MAX) {
        throw new ValidationFailedError(`A zip may hold at most ${CATALOGUE_PHOTOS_MAX} photos; split it in several`, [
          { field: CATALOGUE_PHOTOS_FILE_FIELD, message: `holds more than ${CATALOGUE_PHOTOS_MAX} photos` },
        ]);
      }
      const name = readPhotoName(entry.fileName);
      if ('problem' in name) {
        photos.push({ file: entry.fileName, key: '', colour: null, problem: name.problem });
      } else if (entry.uncompressedSize > PRODUCT_PHOTO_MAX_BYTES) {
        photos.push({
          file: entry.fileName,
          ...name,
          problem: `The photo is ${(entry.uncompressedSize / 1024 / 1024).toFixed(1)} MB; a photo may be at most ${PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
        });
      } else {
        photos.push({ file: entry.fileName, ...name, bytes: await entryBytes(archive, entry) });
      }
    }
  } catch (error) {
    if (error instanceof ValidationFailedError) throw error;
    throw new ValidationFailedError('The zip archive could not be read', [
      { field: CATALOGUE_PHOTOS_FILE_FIELD, message: `could not be read (${error instanceof Error ? error.message : String(error)})` },
    ]);
  } finally {
    archive.close();
  }
  return photos.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function nextEntry(archive: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('end', onEnd);
      archive.off('error', onError);
    };
    const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(undefined));
    const onError = (error: Error) => (cleanup(), reject(error));
    archive.on('entry', onEntry);
    archive.on('end', onEnd);
    archive.on('error', onError);
    archive.readEntry();
  });
}

function entryBytes(archive: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    archive.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}
