// `npm start`: build what is out of date (Nx caches the rest), then serve the store on PORT (default 3000):
// the API under /api and the web app at /. Without DATABASE_URL the API runs on an embedded Postgres under .data/.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

const build = spawnSync('nx', ['run-many', '-t', 'build', '--projects=contract,api,web', '--output-style=static'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const api = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  cwd: root,
  env: { ...env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
