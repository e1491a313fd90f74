import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The source files of the app (no tests, no test helpers). */
function sources(dir = __dirname): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'testing' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

const relative = (file: string) => path.relative(__dirname, file);
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);

/** What a file imports inside src, as src-relative paths without extension (relative and `@/` imports alike). */
function localTargets(file: string): string[] {
  return importsOf(file).flatMap((spec) => {
    if (spec.startsWith('@/')) return [spec.slice(2)];
    if (spec.startsWith('.')) return [relative(path.resolve(path.dirname(file), spec))];
    return [];
  });
}

const withoutExtension = (file: string) => relative(file).replace(/\.tsx?$/, '');
/** The layer of a src-relative path: app, features, api, lib, components, ... */
const layerOf = (target: string) => target.split(path.sep)[0].split('/')[0];
const posix = (target: string) => target.split(path.sep).join('/');

/** An API operation file: `api/<resource>/<operation>.ts` (shared) or `features/<feature>/api/<operation>.ts`. */
const isApiFile = (file: string) => /^(api|features\/[^/]+\/api)\//.test(posix(relative(file)));
/** The code without its comments, so a comment that names a key or a hook is not mistaken for one. */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

/** `file: token` for each file outside the API operation files (and `allowed`) whose code matches `pattern`. */
function outsideApiFiles(pattern: RegExp, allowed: string[] = []): string[] {
  return sources()
    .filter((file) => !isApiFile(file) && !allowed.includes(posix(relative(file))))
    .flatMap((file) => [...codeOf(file).matchAll(pattern)].map((m) => `${posix(relative(file))}: ${m[0]}`));
}

describe('architecture', () => {
  it('features do not import each other (pages in app/ compose them)', () => {
    const crossings: string[] = [];
    for (const file of sources()) {
      const own = /^features\/([^/]+)\//.exec(relative(file))?.[1];
      if (!own) continue;
      for (const target of localTargets(file)) {
        const other = /^features\/([^/]+)\//.exec(target)?.[1];
        if (other && other !== own) crossings.push(`${relative(file)} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('nothing imports upward: lib never imports api, components, features or app; api never the last three; components never features or app; features never app', () => {
    const forbidden: Record<string, string[]> = {
      lib: ['features', 'app', 'api', 'components'],
      api: ['features', 'app', 'components'],
      components: ['features', 'app'],
      features: ['app'],
    };
    const upward = sources().flatMap((file) =>
      localTargets(file)
        .filter((target) => forbidden[layerOf(relative(file))]?.includes(layerOf(target)))
        .map((target) => `${relative(file)} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map(sources().map((file) => [withoutExtension(file), localTargets(file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done' || !graph.has(node)) return;
      if (state.get(node) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'visiting');
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('every route path comes from lib/paths.ts', () => {
    const literal = /['"`](\/(?:admin|user|cart|signin|signup)[^'"`]*)['"`]/gi;
    const found = sources()
      .filter((file) => relative(file) !== path.join('lib', 'paths.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => `${relative(file)}: ${m[1]}`));
    expect(found).toEqual([]);
  });

  it('features are entered only through their components and top-level files: no deep import into another feature', () => {
    const deep = sources().flatMap((file) => {
      const own = /^features\/([^/]+)\//.exec(posix(relative(file)))?.[1];
      return localTargets(file)
        .map(posix)
        .filter((target) => {
          const inside = /^features\/([^/]+)\/(.+)$/.exec(target);
          if (!inside || inside[1] === own) return false;
          // A feature's api/ calls are its own (operations several parts read live in src/api), and what sits in a
          // folder below components/ is that component's business: its face is `components/<file>` and its top-level files.
          return !/^(components\/)?[^/]+$/.test(inside[2]);
        })
        .map((target) => `${posix(relative(file))} -> ${target}`);
    });
    expect(deep).toEqual([]);
  });

  it('no query key outside the API operation files: components call their hooks', () => {
    // `queryKey` anywhere, or an array that starts like one of the app's keys.
    const keys = outsideApiFiles(/\bqueryKeys?\b|\[\s*['"`](products|categories|orders|audit|payment)['"`]/g, [
      // The paging helper takes the key its caller (an API operation) gives it.
      'lib/use-paged-list.ts',
      // The cache itself: what a server-rendered page hands over, whatever its keys.
      'lib/query-client.ts',
    ]);
    expect(keys).toEqual([]);
  });

  it('no cache write and no useQueryClient outside the API operation files: a mutation hook does its own invalidation', () => {
    const writes = outsideApiFiles(
      /\b(useQueryClient|invalidateQueries|setQueryData|setQueriesData|removeQueries|resetQueries|refetchQueries|cancelQueries)\b/g,
      // The cache itself: what a sign-out drops.
      ['lib/query-client.ts'],
    );
    expect(writes).toEqual([]);
  });

  it('server state is read and written only through the API operation hooks', () => {
    const direct = outsideApiFiles(/\b(useQuery|useQueries|useInfiniteQuery|useSuspenseQuery|useSuspenseInfiniteQuery|useMutation)\b/g, [
      'lib/use-paged-list.ts',
    ]);
    expect(direct).toEqual([]);
  });

  it('the API operation files call the server only through the one client and touch no browser-only globals (Pact runs them in Node)', () => {
    const layer = sources().filter((file) => isApiFile(file) || posix(relative(file)) === 'lib/api-client.ts');
    expect(layer.length).toBeGreaterThan(20);
    const offenders = layer
      .filter((file) => {
        const text = codeOf(file);
        const imports = importsOf(file);
        const browserOnly =
          imports.some((s) => /^react-(dom|router)/.test(s)) || /\b(localStorage|sessionStorage|window|document)\b/.test(text);
        // The root keys shared by a resource's operations hold no call.
        const isCall = isApiFile(file) && !file.endsWith('-query-key.ts');
        return browserOnly || (isCall && (/\bfetch\(/.test(text) || !imports.some((s) => s.endsWith('lib/api-client'))));
      })
      .map(relative);
    expect(offenders).toEqual([]);
  });
});
