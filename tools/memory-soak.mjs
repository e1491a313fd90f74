// The API image under its Kubernetes memory limit: `podman run --memory=<the Deployment's limit>` (no swap), a
// mixed load for a few minutes (list pages, searches, product pages, card photos, and photo uploads by an admin),
// memory sampled every second. Fails on an OOM kill, a restart or any failed request; prints the peak and the
// headroom and writes them to artifacts/ops/memory.json.
//   npm run ops:memory [-- --seconds 180 --connections 32]
// Builds the images first when needed (docker/test/support/containers.mjs), one podman build at a time.
/* global FormData */
import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { parseAllDocuments } from 'yaml';
import sharp from 'sharp';
import {
  IMAGES,
  REPORT_DIR,
  buildStoreImages,
  freePort,
  podman,
  podmanTry,
  root,
  startPostgres,
  waitHealthy,
} from '../docker/test/support/containers.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = argument('seconds', 180);
const connections = argument('connections', 32);

/** The API container's memory limit in deploy/k8s/base/api-deployment.yaml, in bytes. */
function manifestLimit() {
  const docs = parseAllDocuments(readFileSync(path.join(root, 'deploy/k8s/base/api-deployment.yaml'), 'utf8')).map((doc) => doc.toJS());
  const deployment = docs.find((doc) => doc?.kind === 'Deployment');
  const api = deployment.spec.template.spec.containers.find((c) => c.name === 'api') ?? deployment.spec.template.spec.containers[0];
  const text = api.resources.limits.memory;
  const [, value, unit] = /^(\d+)(Mi|Gi)$/.exec(text);
  return { text, bytes: Number(value) * (unit === 'Gi' ? 1024 ** 3 : 1024 ** 2), env: api.env ?? [] };
}

const parseBytes = (text) => {
  const [, value, unit] = /^([\d.]+)\s*([kMG]?B)$/i.exec(text.trim()) ?? [];
  const factor = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9 }[unit] ?? NaN;
  return Number(value) * factor;
};

const id = randomBytes(4).toString('hex');
const network = `store-memory-${id}`;
const names = { postgres: `store-memory-pg-${id}`, api: `store-memory-api-${id}` };
const password = randomBytes(12).toString('hex');
const admin = { email: 'memory-admin@example.com', password: `pw-${randomBytes(9).toString('base64url')}` };

function cleanup() {
  for (const name of Object.values(names)) podmanTry(['rm', '-f', '-t', '5', name]);
  podmanTry(['network', 'rm', '-f', network]);
}

async function main() {
  if (process.argv.includes('--build')) buildStoreImages();
  else if (podmanTry(['image', 'exists', IMAGES.api]).status !== 0) buildStoreImages();
  const limit = manifestLimit();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  podman(['network', 'create', network]);
  await startPostgres(names.postgres, network, password);
  // The Deployment's own environment (NODE_OPTIONS among it, when set), then what this run needs.
  const manifestEnv = limit.env.filter((e) => e.value !== undefined).flatMap((e) => ['-e', `${e.name}=${e.value}`]);
  podman([
    'run',
    '-d',
    '--name',
    names.api,
    '--network',
    network,
    '--read-only',
    '--tmpfs',
    '/tmp:size=64m',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    `--memory=${limit.bytes}`,
    `--memory-swap=${limit.bytes}`,
    ...manifestEnv,
    '-e',
    `DATABASE_URL=postgres://store:${password}@${names.postgres}:5432/store`,
    '-e',
    `JWT_SECRET=${randomBytes(24).toString('hex')}`,
    '-e',
    'PAYMENT_GATEWAY=test',
    '-e',
    'SEED_DEMO=true',
    '-e',
    `ADMIN_EMAIL=${admin.email}`,
    '-e',
    `ADMIN_PASSWORD=${admin.password}`,
    '-e',
    // The admin uploads photos; production's default (required) would confine it to enrolling in two-factor sign-in.
    'ADMIN_2FA=optional',
    // Required in production by the image's WEB_DIST (the rendered pages' absolute URLs).
    '-e',
    'PUBLIC_URL=https://shop.example.com',
    '-e',
    'AUTH_RATE_LIMIT=100000',
    '-e',
    'LOG_LEVEL=warn',
    '-p',
    `127.0.0.1:${port}:3000`,
    IMAGES.api,
  ]);
  await waitHealthy(names.api);

  const session = await (
    await fetch(`${base}/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) })
  ).json();
  const products = await (await fetch(`${base}/products?limit=100`)).json();
  const words = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/\W+/)).filter((w) => w.length > 3))];
  // Photos of about 1-2 MB (noise compresses badly), as a shop owner's camera gives them.
  const photos = await Promise.all(
    [0, 1, 2].map((n) =>
      sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
        .jpeg({ quality: 80 + n * 5 })
        .toBuffer(),
    ),
  );

  const counts = { list: 0, search: 0, product: 0, photo: 0, upload: 0 };
  const failures = [];
  const shed = { search: 0, upload: 0 };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  async function one() {
    const roll = Math.random();
    let kind;
    let response;
    if (roll < 0.35) {
      kind = 'list';
      response = await fetch(
        `${base}/products?limit=${pick([12, 24, 100])}&offset=${pick([0, 12, 24])}&sortBy=${pick(['name', 'price', 'createdAt', 'sold'])}`,
      );
    } else if (roll < 0.5) {
      kind = 'search';
      response = await fetch(`${base}/products?q=${encodeURIComponent(pick(words))}&limit=24`);
    } else if (roll < 0.7) {
      kind = 'product';
      response = await fetch(`${base}/product/${pick(products)._id}`);
    } else if (roll < 0.97) {
      kind = 'photo';
      response = await fetch(`${base}/product/photo/${pick(products)._id}?size=${pick(['card', 'card', 'large'])}`);
    } else {
      kind = 'upload';
      const form = new FormData();
      form.append('photo', new Blob([pick(photos)], { type: 'image/jpeg' }), 'photo.jpg');
      response = await fetch(`${base}/product/${pick(products)._id}/${session.user._id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${session.token}` },
        body: form,
      });
    }
    await response.arrayBuffer();
    counts[kind] += 1;
    // A search over the per-process cap, or an upload past the photo-encoding queue, is shed by design (503 with
    // Retry-After; docs/security.md, docs/operations.md): a client waits the seconds it says and asks again.
    // Counted apart, not as a failure.
    const retryAfter = Number(response.headers.get('retry-after'));
    if ((kind === 'search' || kind === 'upload') && response.status === 503 && retryAfter > 0) {
      shed[kind] += 1;
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      return;
    }
    if (!response.ok && response.status !== 304) failures.push(`${kind} ${response.status}`);
  }

  let peak = 0;
  const samples = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const row = JSON.parse(podmanTry(['stats', '--no-stream', '--format', 'json', names.api]).stdout || '[]')[0];
    if (!row) return;
    const used = parseBytes((row.mem_usage ?? row.MemUsage).split('/')[0]);
    samples.push(used);
    peak = Math.max(peak, used);
  }, 1000);
  const idle = samples[0];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() - started < seconds * 1000) await one().catch((error) => failures.push(String(error)));
    }),
  );
  clearInterval(sampler);
  const state = JSON.parse(podman(['inspect', '--format', '{{json .State}}', names.api]));
  const requests = Object.values(counts).reduce((a, b) => a + b, 0);
  const report = {
    limit: limit.text,
    limitBytes: limit.bytes,
    nodeOptions: limit.env.find((e) => e.name === 'NODE_OPTIONS')?.value ?? null,
    seconds,
    connections,
    searchesShed: shed.search,
    uploadsShed: shed.upload,
    requests,
    counts,
    failures: failures.length,
    firstFailures: failures.slice(0, 5),
    oomKilled: state.OOMKilled,
    running: state.Running,
    restarts: state.RestartCount ?? 0,
    peakBytes: peak,
    idleBytesAtStart: idle ?? null,
    headroomBytes: limit.bytes - peak,
    headroomPercent: Math.round(((limit.bytes - peak) / limit.bytes) * 100),
  };
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, 'memory.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  const ok = !state.OOMKilled && state.Running && failures.length === 0;
  if (!ok) {
    const logs = podmanTry(['logs', names.api]);
    const lines = `${logs.stdout}${logs.stderr}`.split('\n').filter((line) => /"level":"(warn|error|fatal)"/.test(line));
    console.log(`API warnings and errors (${lines.length}):\n${lines.slice(0, 8).join('\n')}`);
  }
  return ok;
}

main()
  .then((ok) => {
    cleanup();
    process.exit(ok ? 0 : 1);
  })
  .catch((error) => {
    console.error(error);
    cleanup();
    process.exit(1);
  });
