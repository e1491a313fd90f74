/** What the chunking pass tells about a module (the part of Rolldown's `ChunkingContext` used here). */
export interface ModuleGraph {
  getModuleInfo(
    moduleId: string,
  ): { importers: readonly string[]; isEntry: boolean; code: string | null; exports: readonly string[] } | null;
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

/**
 * Whether a module belongs in the home chunk: imported, directly or through others, by index.html's script (its
 * static imports, not import()). The script itself stays the entry chunk, a few lines that index.html names.
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
  const inHome = (moduleId: string) => isScript(moduleId) || inHomeGraph(moduleId, graph, seen);
  /** The home modules that import from `barrel`, directly or through other indexes that re-export it. */
  const usersOf = (barrel: string, visited = new Set<string>()): string[] =>
    importers(barrel).flatMap((importer) => {
      if (visited.has(importer)) return [];
      visited.add(importer);
      if (isBarrel(info(importer)?.code ?? null)) return usersOf(importer, visited);
      return inHome(importer) ? [importer] : [];
    });
  const namedByUsers = (barrel: string) => {
    const names = (info(id)?.exports ?? []).filter((name) => name !== 'default');
    const named = (code: string) => names.some((name) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(code));
    return usersOf(barrel).some((user) => named(info(user)?.code ?? ''));
  };
  const found =
    !info(id)?.isEntry &&
    !isScript(id) &&
    importers(id).some((importer) => inHome(importer) && (!isBarrel(info(importer)?.code ?? null) || namedByUsers(importer)));
  seen.set(id, found);
  return found;
}
