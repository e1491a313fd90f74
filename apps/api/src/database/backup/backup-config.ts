import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from '../../config/env.js';
import { MANIFEST_FILE } from './backup-manifest.js';

/** What `npm run db:backup` and `npm run db:restore` read from the environment. */
export interface BackupConfig {
  databaseUrl: string;
  /** BACKUP_PATH, absolute: the folder a backup is written to, or restored from. */
  dir: string;
  /** PG_BIN_DIR: the folder of pg_dump and pg_restore; undefined to look in the usual places. */
  binDir: string | undefined;
  photoStore: AppConfig['photoStore'];
}

/**
 * DATABASE_URL (and the S3_* settings) as the API validates them, plus BACKUP_PATH and PG_BIN_DIR; every bad or
 * missing value on its own line. A backup needs a BACKUP_PATH that does not exist yet (or an empty folder), so one
 * backup never overwrites another; a restore needs one that holds a backup.
 */
export function loadBackupConfig(purpose: 'backup' | 'restore', env: NodeJS.ProcessEnv = process.env): BackupConfig {
  const problems: string[] = [];
  let app: AppConfig | undefined;
  try {
    app = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (app && !app.databaseUrl) {
    problems.push(
      purpose === 'backup'
        ? 'DATABASE_URL: required: the database to back up'
        : 'DATABASE_URL: required: the new, empty database to restore into',
    );
  }

  const backupPath = env.BACKUP_PATH?.trim();
  const dir = backupPath ? path.resolve(backupPath) : '';
  if (!backupPath) {
    problems.push(
      purpose === 'backup'
        ? 'BACKUP_PATH: required: a new folder for this backup (e.g. backups/2026-11-25)'
        : 'BACKUP_PATH: required: the folder of the backup to restore (written by npm run db:backup)',
    );
  } else if (purpose === 'backup' && existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    problems.push(`BACKUP_PATH: ${dir} already exists and is not an empty folder; give each backup a new folder`);
  } else if (purpose === 'restore' && !existsSync(path.join(dir, MANIFEST_FILE))) {
    problems.push(`BACKUP_PATH: ${dir} holds no backup (no ${MANIFEST_FILE})`);
  }

  const binDir = env.PG_BIN_DIR?.trim() || undefined;
  if (binDir && !(existsSync(binDir) && statSync(binDir).isDirectory())) {
    problems.push(`PG_BIN_DIR: ${binDir} is not a folder (the one holding pg_dump and pg_restore)`);
  }

  if (problems.length > 0 || !app?.databaseUrl) throw new ConfigError(problems);
  return { databaseUrl: app.databaseUrl, dir, binDir: binDir && path.resolve(binDir), photoStore: app.photoStore };
}
