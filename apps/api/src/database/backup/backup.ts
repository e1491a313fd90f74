import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type BackedUpObject, DUMP_FILE, hashObjects, sha256OfFile, writeManifest } from './backup-manifest.js';
import { chooseTool, findTools, runTool, withoutPassword } from './pg-tools.js';
import { summarizeDatabase } from './table-checksums.js';

/**
 * The photo objects a backup lists: the keys the rows name (read inside the backup's snapshot, so the list matches
 * the dump), and their bytes when the object store is configured. Provided by the photos' owner; the database
 * layer only knows it as this port.
 */
export interface BackupObjectStore {
  bucket: string | undefined;
  keys(client: pg.ClientBase): Promise<string[]>;
  /** The object's bytes, undefined when it is missing; absent when no object store is configured here. */
  read?: (key: string) => Promise<Buffer | undefined>;
}

export interface BackupOptions {
  databaseUrl: string;
  /** A new (or empty) folder that receives database.dump and manifest.json. */
  dir: string;
  /** PG_BIN_DIR: where pg_dump is; undefined to look in the usual places. */
  binDir: string | undefined;
  objects: BackupObjectStore;
  log: (line: string) => void;
}

export interface BackupResult {
  dir: string;
  tables: number;
  rows: number;
  objects: number;
  /** Objects the rows name that the store did not have, or that could not be read (no store configured here). */
  objectProblems: string[];
}

/**
 * pg_dump in custom format, plus a manifest of what the dump holds. A transaction exports its snapshot and pg_dump
 * dumps exactly that snapshot (`--snapshot`), while the same transaction counts and checksums every table and
 * lists the photo objects: the manifest describes the dump's data, however busy the shop is meanwhile.
 */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'tshirt-store-backup' });
  await client.connect();
  try {
    const { rows: server } = await client.query<{ version: string; major: number; database: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int / 10000 AS major,
         current_database() AS database`,
    );
    const { version: serverVersion, major: serverMajor, database } = server[0];
    const chosen = chooseTool('pg_dump', findTools('pg_dump', options.binDir), serverMajor, `the server is PostgreSQL ${serverVersion}`);
    if (!chosen.tool) throw new Error(chosen.problem);
    const pgDump = chosen.tool;

    await mkdir(options.dir, { recursive: true });
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: exported } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const dumpFile = path.join(options.dir, DUMP_FILE);
    const { url, password } = withoutPassword(options.databaseUrl);
    options.log(`Dumping ${database} (PostgreSQL ${serverVersion}) with pg_dump ${pgDump.version} (${pgDump.path})`);
    const dumped = runTool(
      pgDump,
      [
        '--format=custom',
        `--file=${dumpFile}`,
        `--snapshot=${exported[0].snapshot}`,
        '--lock-wait-timeout=30s',
        '--no-password',
        `--dbname=${url}`,
      ],
      password,
    );
    // Both read the same snapshot: the client's queries run while pg_dump writes.
    const summarized = (async () => ({ contents: await summarizeDatabase(client), keys: await options.objects.keys(client) }))();
    const [, { contents, keys }] = await Promise.all([dumped, summarized]).catch(async (error: unknown) => {
      await rm(dumpFile, { force: true });
      throw error;
    });
    await client.query('COMMIT');

    const read = options.objects.read;
    const items: BackedUpObject[] = read ? await hashObjects(keys, read) : keys.map((key) => ({ key, unread: true as const }));
    const objectProblems = items.flatMap((item) =>
      'missing' in item
        ? [`${item.key}: missing from the bucket`]
        : 'unread' in item
          ? [`${item.key}: not read (no object store configured)`]
          : [],
    );
    const { size } = await stat(dumpFile);
    await writeManifest(options.dir, {
      createdAt: new Date().toISOString(),
      source: { database, serverVersion, serverMajor },
      dump: {
        file: DUMP_FILE,
        bytes: size,
        sha256: await sha256OfFile(dumpFile),
        pgDumpVersion: pgDump.version,
        pgDumpMajor: pgDump.major,
      },
      contents,
      objects: { bucket: options.objects.bucket, items },
    });
    const tables = Object.values(contents.tables);
    return {
      dir: options.dir,
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      objects: items.length,
      objectProblems,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
