/** What the chunking pass tells about a module (the part of Rolldown's `ChunkingContext` used here). */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    isEntry: boolean;
    code: string | null;
    exports: readonly string[];
  } | null;
}

/**
 * A package's index (`@tanstack/react-query`, `@store/contract`): nothing but imports and re-exports of its modules.
 * Importing one name from it makes every module it re-exports an importer's dependency in the graph, used or not.
 */
export function isBarrel(code: string | null): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/\b(?:import|export)\b[^;'"]*?\bfrom\s*(['"])[^'"]*\1\s*;?/g, '')
    .replace(/\bexport\s*\{[^}]*\}\s*;?/g, '')
    .replace(/(['"])use client\1\s*;?/g, '');
  return rest.trim() === '';
}

/** The name `barrelCode` re-exports module `moduleId` under (`export * as ApiRoute from './api-routes.js'`), if any. */
export function namespaceOf(barrelCode: string, moduleId: string): string | undefined {
  const stem = (specifier: string) => specifier.replace(/^.*\//, '').replace(/\.[cm]?[jt]sx?$/, '');
  for (const [, name, , specifier] of barrelCode.matchAll(/export\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*(['"])([^'"]*)\2/g))
    if (stem(specifier) === stem(moduleId)) return name;
  return undefined;
}

/**
 * Whether a module belongs in the home chunk: the app (`main.tsx`, which index.html's script `boot.ts` imports with
 * import() once the page's largest photo has painted) and what it imports, directly or through others (static
 * imports, not import()). The script itself stays the entry chunk, a few lines that index.html names, with what it
 * imports itself (the stylesheet, the photo wait): the entry must not import the home chunk, or the browser would
 * fetch it at once.
 * A module that the home graph reaches only through a package's index counts when home code names one of its
 * exports: the lazy pages' `useMutation` is re-exported by the same index as the home page's `useInfiniteQuery`,
 * and would otherwise ride along in the home chunk.
 */
export function inHomeGraph(id: string, graph: ModuleGraph, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(id);
  if (known !== undefined) return known;
  seen.set(id, false); // an import cycle answers no on its way round
  const info = (moduleId: string) => graph.getModuleInfo(moduleId);
  const importers = (moduleId: string) => info(moduleId)?.importers ?? [];
  const isScript = (moduleId: string) => importers(moduleId).some((importer) => info(importer)?.isEntry);
  const isApp = (moduleId: string) => (info(moduleId)?.dynamicImporters ?? []).some(isScript);
  const inHome = (moduleId: string) => isApp(moduleId) || inHomeGraph(moduleId, graph, seen);
  /**
   * The home modules that import from `barrel`, directly or through other indexes that re-export it, each with the
   * namespace it reads `barrel`'s names through, if an index re-exports it as one (`ApiRoute.products`).
   */
  const usersOf = (barrel: string, namespace?: string, visited = new Set<string>()): Array<{ user: string; namespace?: string }> =>
    importers(barrel).flatMap((importer) => {
      if (visited.has(importer)) return [];
      visited.add(importer);
      const code = info(importer)?.code ?? null;
      if (isBarrel(code)) return usersOf(importer, namespace ?? namespaceOf(code!, barrel), visited);
      return inHome(importer) ? [{ user: importer, namespace }] : [];
    });
  const namedByUsers = (barrel: string) => {
    // Named exports only (not `default`, nor the `*` of a module that re-exports another whole).
    const names = (info(id)?.exports ?? []).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
    const escape = (name: string) => name.replace(/\$/g, '\\$');
    // Through a namespace, a name counts only as its member (`ApiRoute.order`, not any `order`).
    const named = (code: string, namespace?: string) =>
      names.some((name) => new RegExp(`${namespace ? `\\b${escape(namespace)}\\s*\\.\\s*` : '\\b'}${escape(name)}\\b`).test(code));
    return usersOf(barrel).some(({ user, namespace }) => named(info(user)?.code ?? '', namespace));
  };
  // A barrel has no code of its own: one that a home barrel re-exports (the contract's `ApiRoute` namespace) is
  // placed with it, and its modules are then judged by the names the home code uses, as the index's are.
  const barrelOfHomeBarrel = (importer: string) => isBarrel(info(id)?.code ?? null) && isBarrel(info(importer)?.code ?? null);
  const found =
    !info(id)?.isEntry &&
    !isScript(id) &&
    // What the script imports itself stays with it (Vite's import() helper, which the home code uses too).
    !importers(id).some(isScript) &&
    (isApp(id) ||
      importers(id).some(
        (importer) =>
          inHome(importer) && (!isBarrel(info(importer)?.code ?? null) || barrelOfHomeBarrel(importer) || namedByUsers(importer)),
      ));
  seen.set(id, found);
  return found;
}
