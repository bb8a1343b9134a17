// The service's TypeScript, run from source (tests, `npm start`, the commands): one esbuild bundle per
// entry, kept in node_modules/.cache until one of its sources changes. Registering tsx's loader cost
// about 250 ms of CPU in every new SQLite thread and 700 ms in every service process (Node 20 runs
// loader hooks on a thread of their own), and the tests start hundreds of each; a bundle loads in 40.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const ROOT = resolve(import.meta.dirname, '..');
// Beside the packages the bundle leaves out, so that they resolve as they do from the sources.
const CACHE = join(ROOT, 'node_modules/.cache/ai-agent-widgets');

/** Each module keeps its own `import.meta.url` (the service finds its files and threads from it). */
const ownUrl = {
  name: 'own-import-meta-url',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * Whether the bundle was made from the sources as they are now (each input's and its folder's modification time).
 * @param {string} bundle @param {string} manifest
 */
function fresh(bundle, manifest) {
  try {
    const { inputs } = JSON.parse(readFileSync(manifest, 'utf8'));
    return (
      Object.entries(inputs).every(([file, mtime]) => statSync(file).mtimeMs === mtime) && statSync(bundle).isFile()
    );
  } catch {
    return false;
  }
}

/**
 * The address of a bundle of `entry` (an absolute path to a .ts file), made now when missing or stale.
 * @param {string} entry
 * @returns {Promise<string>}
 */
export async function sourceBundle(entry) {
  const name = relative(ROOT, entry).replaceAll('/', '~').replace(/\.ts$/, '');
  const bundle = join(CACHE, `${name}.mjs`);
  const manifest = join(CACHE, `${name}.json`);
  if (!fresh(bundle, manifest)) {
    const { build } = await import('esbuild');
    const { metafile, outputFiles } = await build({
      entryPoints: [entry],
      outfile: bundle,
      absWorkingDir: ROOT,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      sourcesContent: false,
      plugins: [ownUrl],
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    // Each input's folder too: a file added beside them (a new migration, which its folder's import
    // pattern takes in) makes the bundle stale.
    const files = Object.keys(metafile.inputs).map((file) => resolve(ROOT, file));
    const inputs = Object.fromEntries(
      [...files, ...new Set(files.map((file) => dirname(file)))].map((path) => [path, statSync(path).mtimeMs]),
    );
    mkdirSync(CACHE, { recursive: true });
    // Several processes may start at once: each writes its own files and renames them into place.
    const own = `.${process.pid}-${threadId}.tmp`;
    writeFileSync(bundle + own, outputFiles[0].contents);
    renameSync(bundle + own, bundle);
    writeFileSync(manifest + own, JSON.stringify({ entry: basename(entry), inputs }));
    renameSync(manifest + own, manifest);
  }
  return pathToFileURL(bundle).href;
}
