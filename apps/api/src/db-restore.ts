import 'reflect-metadata';
import { restoreDatabase } from './database/backup/restore.js';
import { loadBackupConfig } from './database/backup/backup-config.js';
import { S3PhotoObjectStore } from './modules/photos/photo-store.js';

/**
 * `npm run db:restore`: the backup in BACKUP_PATH restored into DATABASE_URL, which must be an empty database
 * (anything else is refused, untouched), then checked table by table against the backup's manifest; with the
 * S3_* settings, every photo object the backup lists is checked in the bucket too.
 */
async function main(): Promise<void> {
  const config = loadBackupConfig('restore');
  const s3 = config.photoStore.s3;
  const store = s3 && new S3PhotoObjectStore(s3);
  const result = await restoreDatabase({
    databaseUrl: config.databaseUrl,
    dir: config.dir,
    binDir: config.binDir,
    readObject: store && ((key) => store.get(key)),
    log: (line) => console.log(line),
  });
  console.log(`Restored ${result.tables} tables (${result.rows} rows); every table matches the backup's row count and checksum`);
  if (result.objectsUnchecked > 0) {
    console.log(`The backup lists ${result.objectsUnchecked} photo object(s) in an object store; set S3_BUCKET (and S3_*) to check them`);
  }
  if (result.objectProblems.length > 0) {
    console.error(
      `The database is restored, but ${result.objectProblems.length} photo object(s) the backup lists are not in the bucket as they were:\n` +
        result.objectProblems.map((line) => `  - ${line}`).join('\n'),
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
