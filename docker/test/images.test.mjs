// The Dockerfiles, compose file, nginx template and .env.example checked against each other and against the Nx
// build, so that what nginx.test.mjs and production-start.test.mjs run is what the images contain.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { parseDockerfile } from './support/dockerfile.mjs';
import { templateVariables } from './support/nginx.mjs';
import { runToEnd } from './support/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFile(path.join(root, file), 'utf8');
const nxBuildCommand = async (project) => JSON.parse(await read(`${project}/project.json`)).targets.build.options.command;
/** Nx runs `vite ...` (the browser build, then the server entry's) from node_modules/.bin; an image names the script. */
const webBuildCommand = (command) => command.replace(/(^|&& )vite /g, '$1node node_modules/vite/bin/vite.js ');
const runCommands = (stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.rest);
const envOf = (stage) => Object.assign({}, ...stage.instructions.filter((i) => i.keyword === 'ENV').map((i) => i.env));
const last = (stage, keyword) => stage.instructions.filter((i) => i.keyword === keyword).at(-1);
const composeInstalled = (await runToEnd('docker', ['compose', 'version'], {}).catch(() => ({ code: 1 }))).code === 0;

/** `NAME=` lines and `# NAME=` comment lines of .env.example. */
function documentedVariables(text) {
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
}

describe('docker/api.Dockerfile', () => {
  let dockerfile;
  beforeAll(async () => {
    dockerfile = parseDockerfile(await read('docker/api.Dockerfile'));
  });

  it('builds on node:24 slim in both stages', () => {
    expect(dockerfile.stages.map((stage) => stage.image)).toEqual(['node:24-slim', 'node:24-slim']);
  });

  it('compiles with the same commands as `nx run contract:build` and `nx run api:build`', async () => {
    const build = dockerfile.stages.find((stage) => stage.name === 'build');
    const compiled = runCommands(build).join(' && ');
    for (const project of ['libs/contract', 'apps/api']) {
      // Nx runs `tsc ...` from node_modules/.bin; the image names the same compiler's script.
      const command = (await nxBuildCommand(project)).replace(/^tsc /, 'node node_modules/typescript/bin/tsc ');
      expect(compiled).toContain(command);
    }
    // The web app, whose public pages the API renders.
    expect(runCommands(build)).toContain(webBuildCommand(await nxBuildCommand('apps/web')));
  });

  it('runs as node, installs production dependencies only, checks /api/health and starts the compiled API', () => {
    const runtime = dockerfile.stages.at(-1);
    expect(last(runtime, 'USER').rest).toBe('node');
    expect(runCommands(runtime)).toEqual([expect.stringMatching(/^npm ci --omit=dev\b/)]);
    expect(last(runtime, 'HEALTHCHECK').command.join(' ')).toContain('/api/health');
    expect(last(runtime, 'CMD').command).toEqual(['node', '--enable-source-maps', 'apps/api/dist/main.js']);
    expect(envOf(runtime)).toEqual(expect.objectContaining({ NODE_ENV: 'production', PORT: '3000', WEB_DIST: 'apps/web/dist' }));
    for (const folder of ['dist', 'dist-server']) {
      expect(runtime.instructions).toContainEqual(
        expect.objectContaining({ keyword: 'COPY', flags: { from: 'build' }, rest: `/app/apps/web/${folder}/ apps/web/${folder}/` }),
      );
    }
  });
});

describe('docker/web.Dockerfile', () => {
  let dockerfile;
  let runtime;
  beforeAll(async () => {
    dockerfile = parseDockerfile(await read('docker/web.Dockerfile'));
    runtime = dockerfile.stages.at(-1);
  });

  it('builds with `nx run web:build`’s command and serves the result with unprivileged nginx', async () => {
    const build = dockerfile.stages.find((stage) => stage.name === 'build');
    expect(build.image).toBe('node:24-slim');
    const command = webBuildCommand(await nxBuildCommand('apps/web'));
    expect(runCommands(build)).toContain(command);
    expect(runtime.image).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(last(runtime, 'USER').rest).not.toMatch(/^(root|0)$/);
    expect(runtime.instructions).toContainEqual(
      expect.objectContaining({ keyword: 'COPY', flags: { from: 'build' }, rest: '/app/apps/web/dist/ /usr/share/nginx/html/' }),
    );
  });

  it('installs docker/nginx.conf as a template and gives it every variable it needs', async () => {
    expect(runtime.instructions).toContainEqual(
      expect.objectContaining({
        keyword: 'COPY',
        rest: expect.stringMatching(/^docker\/nginx\.conf \/etc\/nginx\/templates\/\S+\.conf\.template$/),
      }),
    );
    const needed = templateVariables(await read('docker/nginx.conf')).sort();
    expect(needed).toEqual(['API_UPSTREAM', 'NGINX_PORT', 'WEB_ROOT']);
    expect(Object.keys(envOf(runtime)).sort()).toEqual(expect.arrayContaining(needed));
    expect(envOf(runtime).WEB_ROOT).toBe('/usr/share/nginx/html');
  });
});

describe('docker/compose.yaml', () => {
  let compose;
  let services;
  beforeAll(async () => {
    compose = parseYaml(await read('docker/compose.yaml'), { merge: true });
    services = compose.services;
  });

  it('runs postgres on a named volume with a health check, a one-shot migration, the API and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'web']);
    const [volume] = services.postgres.volumes[0].split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.migrate.command).toEqual(['node', 'apps/api/dist/database/migrate.js']);
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.api.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    expect(services.web.depends_on).toEqual({ api: { condition: 'service_healthy' } });
  });

  it('builds the images from the repository root with the two Dockerfiles', () => {
    for (const [service, dockerfile] of [
      ['api', 'docker/api.Dockerfile'],
      ['migrate', 'docker/api.Dockerfile'],
      ['web', 'docker/web.Dockerfile'],
    ]) {
      expect(path.resolve(root, 'docker', services[service].build.context)).toBe(root);
      expect(services[service].build.dockerfile).toBe(dockerfile);
    }
    expect(services.migrate.image).toBe(services.api.image);
  });

  it('publishes one port, nginx’s, and points nginx at the API’s port', () => {
    expect(
      Object.entries(services)
        .filter(([, service]) => service.ports)
        .map(([name]) => name),
    ).toEqual(['web']);
    expect(services.web.ports).toEqual([`\${STORE_PORT:-8080}:${services.web.environment.NGINX_PORT}`]);
    expect(services.web.environment.API_UPSTREAM).toBe(`api:${services.api.environment.PORT}`);
  });

  it('gives the API production settings and the secrets from .env', () => {
    for (const name of ['api', 'migrate']) {
      expect(services[name].env_file).toBe('../.env');
      expect(services[name].environment).toEqual(
        expect.objectContaining({ NODE_ENV: 'production', DATABASE_URL: expect.stringContaining('@postgres:5432/') }),
      );
    }
    expect(services.api.stop_grace_period).toBe('30s');
  });

  // Reported as skipped where the docker client has no compose plugin (this machine's has none).
  (composeInstalled ? it : it.skip)('parses with `docker compose config`', async () => {
    const result = await runToEnd('docker', ['compose', '--env-file', '.env.example', 'config', '--quiet'], {
      cwd: root,
      env: { ...process.env, POSTGRES_PASSWORD: 'example', COMPOSE_FILE: 'docker/compose.yaml' },
    });
    expect(result).toEqual(expect.objectContaining({ code: 0 }));
  });
});

describe('.env.example', () => {
  let documented;
  let example;
  beforeAll(async () => {
    example = await read('.env.example');
    documented = documentedVariables(example);
  });

  it('documents every variable the API reads', async () => {
    const envSource = await read('apps/api/src/config/env.ts');
    // The properties of EnvironmentVariables, named as the variables.
    const read_ = [...envSource.matchAll(/^ {2}([A-Z][A-Z0-9_]*)[?!]?(?::| =)/gm)].map((m) => m[1]);
    expect(read_.length).toBeGreaterThan(40);
    for (const name of read_) expect({ name, documented: documented.has(name) }).toEqual({ name, documented: true });
  });

  it('documents every variable compose and the web image take', async () => {
    const composeText = await read('docker/compose.yaml');
    const used = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    for (const name of [...used, ...templateVariables(await read('docker/nginx.conf'))]) {
      expect({ name, documented: documented.has(name) }).toEqual({ name, documented: true });
    }
  });

  it('holds no secret values', () => {
    for (const name of [
      'POSTGRES_PASSWORD',
      'JWT_SECRET',
      'ADMIN_PASSWORD',
      'BRAINTREE_PRIVATE_KEY',
      'BRAINTREE_PUBLIC_KEY',
      'TWO_FACTOR_KEY',
    ]) {
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, secrets and history out of the build context', async () => {
    const ignored = (await read('.dockerignore')).split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.env', '.git', '.data']));
  });
});
