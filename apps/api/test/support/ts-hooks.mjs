/**
 * Module hooks that let plain `node` run the API's TypeScript sources as a real process (the crash test kills it
 * with SIGKILL): `.ts` files are compiled by swc with the same settings as Jest's (legacy decorators and
 * metadata, which Nest needs and Node's own type stripping does not do), `./x.js` imports find `./x.ts`, and
 * `@store/contract` is the contract's source. Registered by ts-register.mjs (`node --import`).
 */
import { transformSync } from '@swc/core';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const contract = new URL('../../../../libs/contract/src/index.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@store/contract') return { url: contract, shortCircuit: true };
  if ((specifier.startsWith('.') || specifier.startsWith('/')) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const asTs = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(asTs))) return { url: asTs.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { code } = transformSync(source, {
    filename: fileURLToPath(url),
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
