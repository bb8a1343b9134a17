// A build's output in a few lines: each entry with its size and gzip size, then the whole output's
// file count and size. Vite's own list names every chunk (some 640 lines over the four builds); the
// configs set logLevel 'warn' to leave it out, and `vite build --logLevel info` brings it back.
import { gzipSync } from 'node:zlib';
import { relative } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

type Output = {
  fileName: string;
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  code?: string;
  source?: string | Uint8Array;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const size = (file: Output) => Buffer.byteLength(file.type === 'chunk' ? (file.code ?? '') : (file.source ?? ''));

/** The lines the summary prints for one written bundle (pure, for the tests). */
export function summaryLines(label: string, files: readonly Output[], seconds: number): string[] {
  const shipped = files.filter((file) => !file.fileName.endsWith('.map'));
  const entries = shipped.filter((file) => (file.type === 'chunk' && file.isEntry) || file.fileName.endsWith('.html'));
  const width = Math.max(0, ...entries.map((file) => file.fileName.length));
  const total = shipped.reduce((sum, file) => sum + size(file), 0);
  const lines = [
    `${label}: ${shipped.length} file${shipped.length === 1 ? '' : 's'}, ${kb(total)}, built in ${seconds.toFixed(1)} s`,
  ];
  // The site has an HTML page per route: the first few name the pattern, the count says the rest.
  const shown = entries.slice(0, 8);
  for (const file of shown) {
    const body = file.type === 'chunk' ? (file.code ?? '') : (file.source ?? '');
    lines.push(
      `  ${file.fileName.padEnd(width)}  ${kb(size(file)).padStart(9)}  gzip ${kb(gzipSync(body).length).padStart(9)}`,
    );
  }
  if (entries.length > shown.length) lines.push(`  … and ${entries.length - shown.length} more entries`);
  return lines;
}

export function buildSummary(): Plugin {
  let config: ResolvedConfig;
  let started = 0;
  return {
    name: 'build-summary',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      started = performance.now();
    },
    writeBundle(options, bundle) {
      // A server-side build is a step of another (the site's prerender): its summary says enough.
      if (config.logLevel === 'silent' || config.build.ssr) return;
      const dir = relative(process.cwd(), options.dir ?? config.build.outDir) || '.';
      const lines = summaryLines(dir, Object.values(bundle) as Output[], (performance.now() - started) / 1000);
      console.log(lines.join('\n'));
    },
  };
}
