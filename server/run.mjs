// Runs one of the service's modules (`node server/run.mjs cli/export leads …`): from its TypeScript
// source where the dev tools are installed (a developer's machine; one bundle of the module, made by
// build/source-bundle.mjs and kept until a source changes), else compiled in dist/server (production,
// after `npm prune --omit=dev`). The module sees its own arguments, as if started directly.
import { fileURLToPath } from 'node:url';

const [name] = process.argv.splice(2, 1);
let devTools = false;
try {
  devTools = Boolean(import.meta.resolve('esbuild'));
} catch {
  // No dev tooling: the compiled service.
}
if (devTools) {
  const { sourceBundle } = await import('../build/source-bundle.mjs');
  // Stack traces name the TypeScript sources.
  process.setSourceMapsEnabled(true);
  await import(await sourceBundle(fileURLToPath(new URL(`./${name}.ts`, import.meta.url))));
} else if (name.startsWith('dev/')) {
  // `npm start` builds with the dev tools; after `npm prune --omit=dev` only the built service runs.
  console.error(
    'Cannot start: npm start builds with the development tools, which are not installed here (npm prune --omit=dev removed them). Run the built service with npm run serve (or npm ci to develop).',
  );
  process.exit(1);
} else {
  await import(`../dist/server/${name}.js`);
}
