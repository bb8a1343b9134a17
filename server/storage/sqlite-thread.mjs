// Worker threads start from JavaScript. From source (tests, `npm start`) the TypeScript thread
// (./sqlite-thread.ts) is bundled by esbuild into one file, kept until one of its sources changes.
// Registering tsx's loader in each new thread cost about 250 ms of CPU a start (Node 20 runs loader
// hooks on a thread of their own), and the tests open about 250 databases a run; the bundle loads in 40.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const here = fileURLToPath(new URL('.', import.meta.url));
const entry = join(here, 'sqlite-thread.ts');
// Beside the packages the bundle leaves out, so that `better-sqlite3` resolves as it does from the source.
const cache = resolve(here, '../../node_modules/.cache/ai-agent-widgets');
const bundle = join(cache, 'sqlite-thread.mjs');
const manifest = join(cache, 'sqlite-thread.json');

/** Whether the bundle was made from the sources as they are now (each input's modification time). */
function fresh() {
  try {
    const { inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
    return Object.entries(inputs).every(([file, mtime]) => statSync(file).mtimeMs === mtime) && statSync(bundle).isFile();
  } catch {
    return false;
  }
}

if (!fresh()) {
  const { buildSync } = await import('esbuild');
  const root = resolve(here, '../..');
  const { metafile, outputFiles } = buildSync({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    write: false,
    logLevel: 'silent',
    absWorkingDir: root,
  });
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((file) => [resolve(root, file), statSync(resolve(root, file)).mtimeMs]));
  mkdirSync(cache, { recursive: true });
  // Several processes may start threads at once: each writes its own file and renames it into place.
  const own = `.${process.pid}-${threadId}.tmp`;
  writeFileSync(bundle + own, outputFiles[0].contents);
  renameSync(bundle + own, bundle);
  writeFileSync(manifest + own, JSON.stringify({ inputs }));
  renameSync(manifest + own, manifest);
}

await import(pathToFileURL(bundle).href);
