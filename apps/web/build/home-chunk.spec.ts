import { inHomeGraph, isBarrel, type ModuleGraph, namespaceOf } from './home-chunk';

interface Module {
  code: string;
  imports?: string[];
  /** What it imports with import(). */
  dynamicImports?: string[];
  exports?: string[];
  isEntry?: boolean;
}

/** A module graph as the chunking pass shows it, from each module's code, imports and exports. */
function graphOf(modules: Record<string, Module>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      const importers = Object.keys(modules).filter((other) => modules[other].imports?.includes(id));
      const dynamicImporters = Object.keys(modules).filter((other) => modules[other].dynamicImports?.includes(id));
      return { importers, dynamicImporters, isEntry: !!module.isEntry, code: module.code, exports: module.exports ?? [] };
    },
  };
}

/**
 * index.html -> boot.ts (the script: the stylesheet, the photo wait and Vite's import() helper) -> import() of
 * main.tsx (the app) -> home.tsx -> the package's index, which re-exports useInfiniteQuery (home uses it) and
 * useMutation (only the lazy admin page does, which home reaches with import(), through the same helper).
 */
const app = graphOf({
  'index.html': { code: '', isEntry: true, imports: ['boot.ts'] },
  'boot.ts': {
    code: "import './styles.css'; import { wait } from './wait'; import { preload } from 'preload-helper'; wait().then(() => preload(() => import('./main')));",
    imports: ['styles.css', 'wait.ts', 'preload-helper'],
    dynamicImports: ['main.tsx'],
  },
  'styles.css': { code: '' },
  'wait.ts': { code: 'export const wait = () => Promise.resolve();', exports: ['wait'] },
  'preload-helper': { code: 'export const preload = (load) => load();', exports: ['preload'] },
  'main.tsx': { code: "import './home';", imports: ['home.tsx'] },
  'home.tsx': {
    code: "import { useInfiniteQuery } from 'query'; import { formatDollars, ApiRoute } from 'contract'; import { preload } from 'preload-helper'; useInfiniteQuery(); fetch(ApiRoute.products); const order = 'asc'; preload(() => import('./admin'));",
    imports: ['query/index.js', 'contract/index.ts', 'preload-helper'],
    dynamicImports: ['admin.tsx'],
  },
  'admin.tsx': { code: "import { useMutation } from 'query'; useMutation();", imports: ['query/index.js'] },
  'query/index.js': {
    code: [
      '"use client";',
      'import { useInfiniteQuery } from "./useInfiniteQuery.js";',
      'import { useMutation } from "./useMutation.js";',
      'export * from "query-core";',
      '// src/index.ts',
      'export { useInfiniteQuery, useMutation };',
    ].join('\n'),
    imports: ['query/useInfiniteQuery.js', 'query/useMutation.js', 'query-core/index.js'],
  },
  'query/useInfiniteQuery.js': {
    code: 'import { InfiniteQueryObserver } from "query-core"; export function useInfiniteQuery() { return InfiniteQueryObserver; }',
    imports: ['query-core/index.js'],
    exports: ['useInfiniteQuery'],
  },
  'query/useMutation.js': {
    code: 'import { MutationObserver } from "query-core"; export function useMutation() { return MutationObserver; }',
    imports: ['query-core/index.js'],
    exports: ['useMutation'],
  },
  'query-core/index.js': {
    code: 'import { InfiniteQueryObserver } from "./infinite.js";\nimport { MutationObserver } from "./mutation.js";\nexport { InfiniteQueryObserver, MutationObserver };',
    imports: ['query-core/infinite.js', 'query-core/mutation.js'],
  },
  'query-core/infinite.js': { code: 'export class InfiniteQueryObserver {}', exports: ['InfiniteQueryObserver'] },
  'query-core/mutation.js': { code: 'export class MutationObserver {}', exports: ['MutationObserver'] },
  'contract/index.ts': {
    code: "export * from './money.js';\nexport * from './shipping.js';\nexport * as ApiRoute from './api-routes.js';",
    imports: ['contract/money.ts', 'contract/shipping.ts', 'contract/api-routes.ts'],
  },
  // The routes as one namespace made of files by who calls them: home reads `ApiRoute.products`, and says `order`
  // (a sort order) without meaning the admin's `ApiRoute.order`.
  'contract/api-routes.ts': {
    code: "export * from './storefront-routes.js';\nexport * from './admin-routes.js';",
    imports: ['contract/storefront-routes.ts', 'contract/admin-routes.ts'],
    exports: ['*'],
  },
  'contract/storefront-routes.ts': { code: "export const products = '/products';", exports: ['products'] },
  'contract/admin-routes.ts': { code: "export const order = '/order/:orderId';", exports: ['order'] },
  'contract/money.ts': { code: 'export const formatDollars = () => "";', exports: ['formatDollars'] },
  'contract/shipping.ts': { code: 'export const SHIPPING_COUNTRIES = [];', exports: ['SHIPPING_COUNTRIES'] },
});

describe('the home chunk', () => {
  it('holds the app the script imports with import() and what the app imports, and neither the script nor the entry', () => {
    expect(inHomeGraph('main.tsx', app)).toBe(true);
    expect(inHomeGraph('home.tsx', app)).toBe(true);
    expect(inHomeGraph('boot.ts', app)).toBe(false);
    expect(inHomeGraph('index.html', app)).toBe(false);
  });

  it('leaves what the script imports itself with the script, even when the home code imports it too', () => {
    expect(inHomeGraph('styles.css', app)).toBe(false);
    expect(inHomeGraph('wait.ts', app)).toBe(false);
    expect(inHomeGraph('preload-helper', app)).toBe(false);
  });

  it('holds what a home module uses from a package index, with what that module imports itself', () => {
    expect(inHomeGraph('query/index.js', app)).toBe(true);
    expect(inHomeGraph('query/useInfiniteQuery.js', app)).toBe(true);
    expect(inHomeGraph('query-core/infinite.js', app)).toBe(true);
    expect(inHomeGraph('contract/money.ts', app)).toBe(true);
  });

  it('leaves to the lazy pages what the same index re-exports but no home module uses', () => {
    expect(inHomeGraph('query/useMutation.js', app)).toBe(false);
    expect(inHomeGraph('query-core/mutation.js', app)).toBe(false);
    expect(inHomeGraph('contract/shipping.ts', app)).toBe(false);
    expect(inHomeGraph('admin.tsx', app)).toBe(false);
  });

  it('takes from a namespace re-export only the files whose names home reads as its members', () => {
    expect(inHomeGraph('contract/api-routes.ts', app)).toBe(true);
    expect(inHomeGraph('contract/storefront-routes.ts', app)).toBe(true);
    expect(inHomeGraph('contract/admin-routes.ts', app)).toBe(false);
  });
});

describe('a namespace re-export', () => {
  it('names the module an index re-exports as a namespace, and nothing for a plain re-export', () => {
    const index = "export * from './routes.js';\nexport * as ApiRoute from './api-routes.js';";
    expect(namespaceOf(index, '/repo/libs/contract/src/api-routes.ts')).toBe('ApiRoute');
    expect(namespaceOf(index, '/repo/libs/contract/src/routes.ts')).toBeUndefined();
  });
});

describe('a package index', () => {
  it('is code made only of imports and re-exports', () => {
    expect(isBarrel("export * from './money.js';\nexport * from './shipping.js';")).toBe(true);
    expect(isBarrel('"use client";\nimport { a } from "./a.js";\n/* istanbul ignore file */\nexport { a };\nexport * from "b";')).toBe(
      true,
    );
  });

  it('is not a module with code of its own', () => {
    expect(isBarrel("import { a } from './a.js';\nexport const b = a + 1;")).toBe(false);
    expect(isBarrel('export function useMutation() {}')).toBe(false);
    expect(isBarrel(null)).toBe(false);
  });
});
