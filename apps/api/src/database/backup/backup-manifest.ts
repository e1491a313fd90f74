import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSummary } from './table-checksums.js';

export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
const FORMAT = 'tshirt-store-backup/1';

/** One object of the photo store the backed-up rows name: its hash and size, or that it could not be read. */
export type BackedUpObject =
  { key: string; bytes: number; sha256: string } | { key: string; missing: true } | { key: string; unread: true };

/**
 * `manifest.json`, written beside the dump: what the backup holds (every table's row count and checksum, in the
 * dump's own snapshot), what it was taken from and with, and the photo objects it relies on in the object store.
 */
export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  source: { database: string; serverVersion: string; serverMajor: number };
  dump: { file: string; bytes: number; sha256: string; pgDumpVersion: string; pgDumpMajor: number };
  contents: DatabaseSummary;
  /** Photos kept in an object store (PHOTO_STORE=s3) are not in the dump: they are listed here with their hashes. */
  objects: { bucket: string | undefined; items: BackedUpObject[] };
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export async function writeManifest(dir: string, manifest: Omit<BackupManifest, 'format'>): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify({ format: FORMAT, ...manifest }, null, 2)}\n`, { flag: 'wx' });
}

/** The manifest of the backup in `dir`, or an error saying why it is not one. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new Error(`${file}: not a readable backup manifest (${(error as Error).message})`, { cause: error });
  }
  if (manifest?.format !== FORMAT)
    throw new Error(`${file}: not a backup written by npm run db:backup (format ${String(manifest?.format)})`);
  return manifest;
}

/** How many objects are read (and hashed) at once. */
const OBJECT_READS = 8;

/** Reads and hashes every object, a few at a time; one the store does not have is listed as missing. */
export async function hashObjects(keys: string[], read: (key: string) => Promise<Buffer | undefined>): Promise<BackedUpObject[]> {
  const items: BackedUpObject[] = new Array(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      const bytes = await read(keys[index]);
      items[index] = bytes ? { key: keys[index], bytes: bytes.length, sha256: sha256(bytes) } : { key: keys[index], missing: true };
    }
  };
  await Promise.all(Array.from({ length: Math.min(OBJECT_READS, keys.length) }, worker));
  return items;
}
