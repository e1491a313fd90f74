import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type BackupManifest, hashObjects, readManifest, sha256OfFile } from './backup-manifest.js';
import { chooseTool, findTools, runTool, withoutPassword } from './pg-tools.js';
import { applicationRelations, summarizeDatabase, summaryDifferences } from './table-checksums.js';

export interface RestoreOptions {
  /** The database to restore into: it must exist and be empty. */
  databaseUrl: string;
  /** A folder written by `npm run db:backup`. */
  dir: string;
  binDir: string | undefined;
  /** Reads an object of the photo store, to check those the backup lists; undefined when none is configured here. */
  readObject: ((key: string) => Promise<Buffer | undefined>) | undefined;
  log: (line: string) => void;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  /** Objects the backup lists that the configured bucket lacks or holds with other bytes. */
  objectProblems: string[];
  /** True when the backup lists objects but no object store is configured here to check them. */
  objectsUnchecked: number;
}

/** A refusal that leaves everything as it was (wrong target, unusable backup): the CLI prints it and exits 1. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * pg_restore of a backup into an empty database, in one transaction (a failure leaves the database empty), then
 * every table's row count and checksum compared with the manifest's, and the photo objects it lists checked in the
 * bucket when one is configured.
 */
export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await readManifest(options.dir);
  const dumpFile = path.join(options.dir, manifest.dump.file);
  if (!existsSync(dumpFile)) throw new RestoreRefused(`${dumpFile}: the dump the manifest names is missing`);
  if ((await sha256OfFile(dumpFile)) !== manifest.dump.sha256) {
    throw new RestoreRefused(`${dumpFile}: its SHA-256 differs from the manifest's: the file is damaged or not this backup's dump`);
  }

  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'tshirt-store-restore' });
  await client.connect().catch((error: Error) => {
    throw new RestoreRefused(
      `DATABASE_URL: cannot connect (${error.message}); create the empty database first (createdb, or CREATE DATABASE)`,
    );
  });
  try {
    const { rows } = await client.query<{ version: string; major: number; database: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int / 10000 AS major,
         current_database() AS database`,
    );
    const target = rows[0];
    if (target.major < manifest.source.serverMajor) {
      throw new RestoreRefused(
        `The backup comes from PostgreSQL ${manifest.source.serverVersion}; "${target.database}" is on ${target.version}. ` +
          'Restore into the same or a newer PostgreSQL.',
      );
    }
    const existing = await applicationRelations(client);
    if (existing.length > 0) {
      const shown = existing.slice(0, 5).join(', ') + (existing.length > 5 ? `, and ${existing.length - 5} more` : '');
      throw new RestoreRefused(
        `The database "${target.database}" is not empty (it holds ${shown}). A restore goes into a new, empty database, ` +
          'so it can never overwrite a shop: create one (createdb, or CREATE DATABASE) and point DATABASE_URL at it.',
      );
    }
    const chosen = chooseTool(
      'pg_restore',
      findTools('pg_restore', options.binDir),
      manifest.dump.pgDumpMajor,
      `the dump was written by pg_dump ${manifest.dump.pgDumpVersion}`,
    );
    if (!chosen.tool) throw new RestoreRefused(chosen.problem);

    const { url, password } = withoutPassword(options.databaseUrl);
    options.log(
      `Restoring ${manifest.source.database} of ${manifest.createdAt} into ${target.database} with pg_restore ${chosen.tool.version}`,
    );
    // Owners and grants are the source's roles, which need not exist here: the restoring user owns everything.
    await runTool(
      chosen.tool,
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${url}`, dumpFile],
      password,
    );

    const differences = summaryDifferences(manifest.contents, await summarizeDatabase(client));
    if (differences.length > 0) {
      throw new Error(`The restored database differs from the backup's manifest:\n${differences.map((d) => `  - ${d}`).join('\n')}`);
    }
    const tables = Object.values(manifest.contents.tables);
    const objects = await checkObjects(manifest, options.readObject);
    return { tables: tables.length, rows: tables.reduce((sum, t) => sum + t.rows, 0), ...objects };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every object the backup lists, read from the bucket and compared with its hash. */
async function checkObjects(
  manifest: BackupManifest,
  readObject: RestoreOptions['readObject'],
): Promise<Pick<RestoreResult, 'objectProblems' | 'objectsUnchecked'>> {
  const listed = manifest.objects.items;
  if (!readObject) return { objectProblems: [], objectsUnchecked: listed.length };
  const found = await hashObjects(
    listed.map((item) => item.key),
    readObject,
  );
  const objectProblems = found.flatMap((item, index) => {
    const backedUp = listed[index];
    if ('missing' in item) return [`${item.key}: missing from the bucket`];
    if ('sha256' in item && 'sha256' in backedUp && item.sha256 !== backedUp.sha256)
      return [`${item.key}: other bytes than when backed up`];
    return [];
  });
  return { objectProblems, objectsUnchecked: 0 };
}
