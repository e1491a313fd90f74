import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/**
 * What sending a compressed copy adds to an answer: `Content-Encoding: br` and `Vary: Accept-Encoding` with their
 * line ends. A copy is written only when it saves more than that (a 541-byte entry script compresses to 287).
 */
const HEADER_BYTES = 48;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to every text file of the build, so the
 * API (serve-web-app.ts) and nginx (`gzip_static`) send ready-made compressed bytes with no per-request CPU.
 * A few lines with node:zlib instead of a plugin from npm: the popular ones pull in dependencies for what is
 * one loop over the output directory.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'store-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          const pays = (copy: Buffer) => copy.length + HEADER_BYTES < content.length;
          await Promise.all([pays(br) && writeFile(`${full}.br`, br), pays(gz) && writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
