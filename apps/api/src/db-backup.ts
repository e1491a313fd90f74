import 'reflect-metadata';
import { backupDatabase } from './database/backup/backup.js';
import { loadBackupConfig } from './database/backup/backup-config.js';
import { S3PhotoObjectStore } from './modules/photos/photo-store.js';
import { objectKeysOfStoredPhotos } from './modules/photos/product-photos.repository.js';

/**
 * `npm run db:backup`: DATABASE_URL dumped (pg_dump, custom format) into a new folder BACKUP_PATH, with a manifest
 * of every table's row count and checksum and of the photo objects the rows name in the object store (S3_*),
 * each with its SHA-256. Photos kept in Postgres are in the dump itself.
 */
async function main(): Promise<void> {
  const config = loadBackupConfig('backup');
  const s3 = config.photoStore.s3;
  const store = s3 && new S3PhotoObjectStore(s3);
  const result = await backupDatabase({
    databaseUrl: config.databaseUrl,
    dir: config.dir,
    binDir: config.binDir,
    objects: { bucket: s3?.bucket, keys: objectKeysOfStoredPhotos, read: store && ((key) => store.get(key)) },
    log: (line) => console.log(line),
  });
  console.log(`Backed up ${result.tables} tables (${result.rows} rows) and listed ${result.objects} photo object(s) to ${result.dir}`);
  if (result.objectProblems.length > 0) {
    console.warn(
      `Warning: ${result.objectProblems.length} photo object(s) the rows name could not be hashed:\n` +
        result.objectProblems.map((line) => `  - ${line}`).join('\n'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
