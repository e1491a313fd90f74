import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's layout rules (docs/architecture.md; the web app's twin is apps/web/src/architecture.spec.ts), read from
 * the import statements of every source file (type-only imports included: they tie files together too).
 *
 * Layers, bottom up: common and config; database; modules; http and web-app; the app's composition (main.ts,
 * app.module.ts, app.setup.ts). A file imports only its own layer or lower ones. Modules reach each other only
 * through the other module's public surface: its `*.module.ts`, the providers its @Module exports (services,
 * ports such as PaymentGateway), and auth's request pipeline (decorators, guards, the signed-in user's type).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [file] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const text = (file: string) => readFileSync(file, 'utf8');
/** Every `from '...'` (import and re-export, type-only included) and `import('...')`. */
const specifiersOf = (file: string) => [...text(file).matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)].map((m) => m[1]);

/** The src-relative .ts paths a file imports (relative imports only: packages are not layers). */
function localTargets(file: string): string[] {
  return specifiersOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(path.resolve(path.dirname(file), spec)).replace(/\.js$/, '.ts'));
}

const FILES = sources();
const GRAPH = new Map(FILES.map((file) => [relative(file), localTargets(file)]));

/** The layer of a src-relative path. */
function layerOf(file: string): string {
  const top = file.split('/')[0];
  if (!file.includes('/')) return 'app';
  return top === 'web-app' ? 'http' : top;
}
const RANK: Record<string, number> = { common: 0, config: 0, database: 1, modules: 2, http: 3, app: 4 };

/**
 * Files below the modules layer that must list or start modules' parts, and are therefore composition roots
 * like app.module.ts: TypeORM's entity list, the development database's first start, the demo seed.
 */
const COMPOSITION_ROOTS = [/^database\/entities\.ts$/, /^database\/development-database\.ts$/, /^database\/seed\//];

/** A module's files other modules may import. */
function publicSurface(module: string): Set<string> {
  const dir = `modules/${module}/`;
  const files = [...GRAPH.keys()].filter((file) => file.startsWith(dir));
  const surface = new Set(files.filter((file) => file.endsWith('.module.ts')));
  for (const moduleFile of [...surface]) {
    const source = text(path.join(SRC, moduleFile));
    const exported =
      /exports:\s*\[([^\]]*)\]/
        .exec(source)?.[1]
        .split(',')
        .map((name) => name.trim()) ?? [];
    for (const name of exported.filter(Boolean)) {
      const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(source)?.[1];
      if (from?.startsWith('.'))
        surface.add(relative(path.resolve(path.dirname(path.join(SRC, moduleFile)), from)).replace(/\.js$/, '.ts'));
    }
  }
  if (module === 'auth') {
    for (const file of files) if (/(\.decorator|\.guard|\/auth-user)\.ts$/.test(file)) surface.add(file);
  }
  return surface;
}

describe('API architecture', () => {
  it('reads the import graph of the whole app', () => {
    expect(GRAPH.size).toBeGreaterThan(80);
    expect(GRAPH.get('modules/payments/payments.service.ts')).toContain('modules/orders/orders.service.ts');
  });

  it('modules reach each other only through their public surface (module, exported providers, auth pipeline)', () => {
    const crossings: string[] = [];
    for (const [file, targets] of GRAPH) {
      const own = /^modules\/([^/]+)\//.exec(file)?.[1];
      if (!own) continue;
      for (const target of targets) {
        const other = /^modules\/([^/]+)\//.exec(target)?.[1];
        if (other && other !== own && !publicSurface(other).has(target)) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('knows each module surface: services and ports are public, their helpers are not', () => {
    expect(publicSurface('payments')).toEqual(
      new Set(['modules/payments/payments.module.ts', 'modules/payments/payment-gateway.module.ts', 'modules/payments/payment-gateway.ts']),
    );
    expect(publicSurface('products').has('modules/products/product-stock.service.ts')).toBe(true);
    expect(publicSurface('products').has('modules/products/products.repository.ts')).toBe(false);
    expect(publicSurface('audit').has('modules/audit/audit-changes.ts')).toBe(false);
  });

  it('nothing imports upward (common/config < database < modules < http < app), composition roots aside', () => {
    const upward: string[] = [];
    for (const [file, targets] of GRAPH) {
      if (COMPOSITION_ROOTS.some((root) => root.test(file))) continue;
      for (const target of targets) {
        if (RANK[layerOf(target)] > RANK[layerOf(file)]) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done' || !GRAPH.has(node)) return;
      if (state.get(node) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'visiting');
      for (const next of GRAPH.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of GRAPH.keys()) visit(node, []);
    // A TypeORM relation pair (an order and its lines) names each other lazily (`() => OrderLineEntity`), which
    // is how TypeORM declares both sides; any other cycle, including type-only ones, is a defect.
    const relationPair = (cycle: string) => {
      const files = cycle.split(' -> ');
      return files.every((file) => file.endsWith('.entity.ts') && path.dirname(file) === path.dirname(files[0]));
    };
    expect(cycles.filter((cycle) => !relationPair(cycle))).toEqual([]);
  });
});
