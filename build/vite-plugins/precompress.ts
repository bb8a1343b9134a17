import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt)$/;

/** Writes `path.br` and `path.gz` beside a text file over 1 KiB (and removes stale ones beside a smaller file). */
export function compressBeside(path: string): void {
  if (!TEXT.test(path)) return;
  const source = readFileSync(path);
  if (source.length < 1024) {
    rmSync(`${path}.gz`, { force: true });
    rmSync(`${path}.br`, { force: true });
    return;
  }
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  );
}

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of the build
 * over 1 KiB, so the service sends the smallest encoding without compressing per request.
 */
export function precompress(): Plugin {
  return {
    name: 'ai-widgets-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment?.config.build.ssr) return;
      for (const fileName of Object.keys(bundle)) compressBeside(join(options.dir!, fileName));
    },
  };
}
