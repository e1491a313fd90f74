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
/** The layer of a src-relative path: app, features, lib, components, ... */
const layerOf = (target: string) => target.split(path.sep)[0].split('/')[0];

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

  it('nothing imports upward: lib and components never import features or app; features never import app', () => {
    const forbidden: Record<string, string[]> = { lib: ['features', 'app'], components: ['features', 'app'], features: ['app'] };
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

  it('the api layer has no React and no browser-only globals, and calls go through the one client', () => {
    const layer = sources().filter((file) => /^(features\/[^/]+\/api\/|lib\/api-client)/.test(relative(file)));
    expect(layer.length).toBeGreaterThan(5);
    const offenders = layer
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const imports = importsOf(file);
        const browserOnly = imports.some((s) => s.startsWith('react')) || /\b(localStorage|sessionStorage|window|document)\b/.test(text);
        const isCall = relative(file).startsWith('features');
        return browserOnly || (isCall && (/\bfetch\(/.test(text) || !imports.some((s) => s.endsWith('lib/api-client'))));
      })
      .map(relative);
    expect(offenders).toEqual([]);
  });
});
