import type { PhotoLocation } from './photo-store.js';
import type { ProductPhotosRepository } from './product-photos.repository.js';

export interface PhotoMigrationResult {
  moved: number;
  /** Photos replaced or deleted by someone else while they were being moved (the newer write won). */
  skipped: number;
}

/**
 * Moves every photo's bytes to `to`, one photo at a time in photo id order. Resumable by construction: each
 * photo moves in its own statement and the next run picks up the rows still stored elsewhere, so an interrupted
 * run loses nothing and a second run finishes the work. Safe beside a running shop (see ProductPhotosRepository.move).
 */
export async function migratePhotos(
  photos: ProductPhotosRepository,
  to: PhotoLocation,
  options: { batch?: number; log?: (line: string) => void } = {},
): Promise<PhotoMigrationResult> {
  const from: PhotoLocation = to === 's3' ? 'postgres' : 's3';
  const batch = options.batch ?? 50;
  const result: PhotoMigrationResult = { moved: 0, skipped: 0 };
  let after: string | undefined;
  for (;;) {
    const records = await photos.recordsStoredIn(from, after, batch);
    if (records.length === 0) break;
    for (const record of records) {
      if (await photos.move(record, to)) result.moved += 1;
      else result.skipped += 1;
    }
    after = records.at(-1)?.photoId;
    options.log?.(
      `moved ${result.moved} photo(s) to ${to}${result.skipped ? `, ${result.skipped} changed meanwhile and left as they are` : ''}`,
    );
  }
  return result;
}
