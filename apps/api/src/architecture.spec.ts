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
 *
 * Data access, read from the code (comments aside): no module names an EntityManager (the transaction travels in
 * the context), only the transaction helper opens transactions or connections by hand, SQL runs only in
 * `*.repository.ts` files, and nothing imports a controller but its own module file. Each rule is also run on a
 * made-up violation, so a rule that stops catching anything fails.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The app's .ts files; with `specs`, its unit specs too (this file aside: it spells what it looks for). */
function sources(dir = SRC, specs = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file, specs);
    if (!name.endsWith('.ts') || name.endsWith('.d.ts') || file === fileURLToPath(import.meta.url)) return [];
    return specs || !name.endsWith('.spec.ts') ? [file] : [];
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

/** A file's code without its comments (a comment may name what the code must not use). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The one file that may open connections and transactions by hand: the transaction helper. */
const TRANSACTION_HELPER = 'database/transactions.ts';

/** Naming an EntityManager or a QueryRunner is how a module would take one as a parameter; none needs to. */
function namesEntityManager(file: string, source: string): boolean {
  return file.startsWith('modules/') && /\b(EntityManager|QueryRunner)\b/.test(code(source));
}

/**
 * Migrations that run outside the migration job's transaction (`transaction = false`) and open their own short ones
 * on the runner they are given, so an ALTER's exclusive lock ends with its own step (docs/operations.md).
 */
const MIGRATIONS_WITH_OWN_TRANSACTIONS = ['database/migrations/1764000100000-product-variants.ts'];

/** Opening a connection or a transaction by hand, anywhere but the transaction helper. */
function opensTransactionByHand(file: string, source: string): boolean {
  if (MIGRATIONS_WITH_OWN_TRANSACTIONS.includes(file)) return /\bcreateQueryRunner\b|\.transaction\s*\(/.test(code(source));
  return file !== TRANSACTION_HELPER && /\bcreateQueryRunner\b|\.transaction\s*\(|\bstartTransaction\b/.test(code(source));
}

/** Running SQL (or reaching TypeORM's repositories) outside a module's repository files. */
const RUNS_SQL =
  /\.query\s*[<(]|\bpgPool\(|\.createQueryBuilder\(|\bgetRepository\(|\bInjectRepository\b|\bdb\.(rows|transactionRows|manager|pool)\b/;
/**
 * Module files that talk to Postgres without being a repository: the readiness probe, whose `SELECT 1` is the
 * check itself. (The catalogue's LISTEN connection is a session for notifications, kept in the database layer.)
 */
const SQL_OUTSIDE_REPOSITORIES = [/^modules\/health\/health-probe\.ts$/];
function runsSqlOutsideRepository(file: string, source: string): boolean {
  if (!file.startsWith('modules/') || file.endsWith('.repository.ts')) return false;
  return !SQL_OUTSIDE_REPOSITORIES.some((allowed) => allowed.test(file)) && RUNS_SQL.test(code(source));
}

/** Imports of a controller file by anything but its own module file. */
function controllerImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (!target.endsWith('.controller.ts')) continue;
      const ownModuleFile = file.endsWith('.module.ts') && path.dirname(file) === path.dirname(target);
      if (!ownModuleFile) found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

/**
 * The wire shapes' DTO classes live in the contract (`libs/contract/src/dto`), where the web's forms use the same
 * classes: the API declares none of its own. A DTO is a `*Dto` class, a `*.dto.ts` file or a file importing
 * class-validator or class-transformer; the configuration's validated class (the environment, not a wire shape)
 * is the one exception.
 */
const VALIDATED_CLASSES_NOT_ON_THE_WIRE = ['config/env.ts', 'config/env-rules.ts'];
function declaresDto(file: string, source: string): boolean {
  if (VALIDATED_CLASSES_NOT_ON_THE_WIRE.includes(file)) return false;
  const body = code(source);
  return (
    file.endsWith('.dto.ts') ||
    /\bclass\s+\w+Dto\b/.test(body) ||
    /(?:from\s+|import\(\s*)'class-(?:validator|transformer)(?:\/[^']*)?'/.test(body)
  );
}

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
  // The module file and the module's index (which re-exports what other modules may use).
  const surface = new Set(files.filter((file) => file.endsWith('.module.ts') || file === `${dir}index.ts`));
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

/** Imports of another module's file outside its public surface. */
function deepImports(graph: Map<string, string[]>): string[] {
  const crossings: string[] = [];
  for (const [file, targets] of graph) {
    const own = /^modules\/([^/]+)\//.exec(file)?.[1];
    if (!own) continue;
    for (const target of targets) {
      const other = /^modules\/([^/]+)\//.exec(target)?.[1];
      if (other && other !== own && !publicSurface(other).has(target)) crossings.push(`${file} -> ${target}`);
    }
  }
  return crossings;
}

/**
 * What main.ts may load before the configuration is checked: the configuration itself. The app (start.ts) is
 * imported once it passed, so a refused start exits without loading it (docs/operations.md, "Configuration").
 */
const ENTRY_IMPORTS = ['reflect-metadata', './config/env.js'];

/** What a file loads before its own code runs: its static imports, type-only ones aside (the compiler erases them). */
function staticImports(source: string): string[] {
  return [...code(source).matchAll(/^import\s+(?!type\s)(?:[^';]*?\s+from\s+)?'([^']+)'/gm)].map((m) => m[1]);
}

describe('API architecture', () => {
  it('reads the import graph of the whole app', () => {
    expect(GRAPH.size).toBeGreaterThan(80);
    expect(GRAPH.get('modules/payments/payments.service.ts')).toContain('modules/orders/orders.service.ts');
  });

  it('modules reach each other only through their public surface (module, exported providers, auth pipeline)', () => {
    expect(deepImports(GRAPH)).toEqual([]);
    const graph = new Map([['modules/payments/fake.ts', ['modules/orders/orders.repository.ts', 'modules/orders/orders.service.ts']]]);
    expect(deepImports(graph)).toEqual(['modules/payments/fake.ts -> modules/orders/orders.repository.ts']);
  });

  it('no service or repository takes an EntityManager: the transaction travels in the context', () => {
    expect(FILES.map(relative).filter((file) => namesEntityManager(file, text(path.join(SRC, file))))).toEqual([]);
    expect(namesEntityManager('modules/orders/orders.service.ts', 'async markPaid(manager: EntityManager, id: string) {}')).toBe(true);
    expect(
      namesEntityManager('modules/orders/orders.service.ts', '/** Not an EntityManager parameter. */ async markPaid(id: string) {}'),
    ).toBe(false);
  });

  it('nothing but the transaction helper opens a connection or a transaction by hand', () => {
    const everyFile = sources(SRC, true).map(relative);
    expect(everyFile.filter((file) => opensTransactionByHand(file, text(path.join(SRC, file))))).toEqual([]);
    expect(opensTransactionByHand('modules/payments/payments.service.ts', 'const runner = this.dataSource.createQueryRunner();')).toBe(
      true,
    );
    expect(opensTransactionByHand('modules/payments/payments.service.ts', 'return this.dataSource.transaction(async (m) => m);')).toBe(
      true,
    );
    expect(opensTransactionByHand(TRANSACTION_HELPER, 'runner.query(sql)')).toBe(false);
  });

  it('SQL runs only in repository files', () => {
    expect(FILES.map(relative).filter((file) => runsSqlOutsideRepository(file, text(path.join(SRC, file))))).toEqual([]);
    expect(runsSqlOutsideRepository('modules/audit/audit.service.ts', 'await this.dataSource.query(`SELECT 1`);')).toBe(true);
    expect(runsSqlOutsideRepository('modules/audit/audit.service.ts', 'await this.db.rows(`SELECT 1`);')).toBe(true);
    expect(runsSqlOutsideRepository('modules/audit/audit.repository.ts', 'await this.db.rows(`SELECT 1`);')).toBe(false);
  });

  it('nothing imports from a controller file but its own module file', () => {
    expect(controllerImports(GRAPH)).toEqual([]);
    const graph = new Map([['modules/orders/orders.service.ts', ['modules/orders/orders.controller.ts']]]);
    expect(controllerImports(graph)).toEqual(['modules/orders/orders.service.ts -> modules/orders/orders.controller.ts']);
    expect(controllerImports(new Map([['modules/orders/orders.module.ts', ['modules/orders/orders.controller.ts']]]))).toEqual([]);
  });

  it('the API declares no DTO class: each wire shape has one class, in libs/contract/src/dto', () => {
    expect(
      sources(SRC, true)
        .map(relative)
        .filter((file) => declaresDto(file, text(path.join(SRC, file)))),
    ).toEqual([]);
    expect(declaresDto('modules/orders/orders.controller.ts', 'export class OrderStatusDto { status!: string; }')).toBe(true);
    expect(declaresDto('modules/orders/status.ts', "import { IsIn } from 'class-validator';")).toBe(true);
    expect(declaresDto('modules/orders/status.dto.ts', '')).toBe(true);
    expect(
      declaresDto('modules/orders/orders.controller.ts', "import { OrderStatusDto } from '@store/contract/dto/order-status.dto';"),
    ).toBe(false);
  });

  it('knows each module surface: services and ports are public, their helpers are not', () => {
    expect(publicSurface('payments')).toEqual(
      new Set(['modules/payments/payments.module.ts', 'modules/payments/payment-gateway.module.ts', 'modules/payments/payment-gateway.ts']),
    );
    expect(publicSurface('inventory').has('modules/inventory/index.ts')).toBe(true);
    expect(publicSurface('inventory').has('modules/inventory/product-stock.service.ts')).toBe(true);
    expect(publicSurface('inventory').has('modules/inventory/stock.repository.ts')).toBe(false);
    expect(publicSurface('catalogue').has('modules/catalogue/products.repository.ts')).toBe(false);
    expect(publicSurface('photos').has('modules/photos/photo-cache.ts')).toBe(false);
    expect(publicSurface('audit').has('modules/audit/audit-changes.ts')).toBe(false);
    expect(publicSurface('pricing').has('modules/pricing/index.ts')).toBe(true);
    expect(publicSurface('pricing').has('modules/pricing/pricing.service.ts')).toBe(true);
    expect(publicSurface('pricing').has('modules/pricing/pricing.repository.ts')).toBe(false);
    expect(publicSurface('pricing').has('modules/pricing/pricing-rules.cache.ts')).toBe(false);
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

  it('main.ts checks the configuration before it loads the app', () => {
    expect(staticImports(text(path.join(SRC, 'main.ts'))).filter((spec) => !ENTRY_IMPORTS.includes(spec))).toEqual([]);
    expect(GRAPH.get('main.ts')).toContain('start.ts');
    expect(staticImports("import 'reflect-metadata';\nimport { AppModule } from './app.module.js';")).toEqual([
      'reflect-metadata',
      './app.module.js',
    ]);
    expect(staticImports("import type { LoggerService } from '@nestjs/common';\nconst m = await import('./start.js');")).toEqual([]);
  });
});
