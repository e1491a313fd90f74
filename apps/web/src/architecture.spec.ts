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

describe('architecture', () => {
  it('features do not import each other (pages in app/ compose them)', () => {
    const crossings: string[] = [];
    for (const file of sources()) {
      const own = /^features\/([^/]+)\//.exec(relative(file))?.[1];
      if (!own) continue;
      for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = relative(path.resolve(path.dirname(file), spec));
        const other = /^features\/([^/]+)\//.exec(target)?.[1];
        if (other && other !== own) crossings.push(`${relative(file)} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every route path comes from app/paths.ts', () => {
    const literal = /['"`](\/(?:admin|user|cart|signin|signup)[^'"`]*)['"`]/gi;
    const found = sources()
      .filter((file) => relative(file) !== path.join('app', 'paths.ts'))
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
