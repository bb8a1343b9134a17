// Runs one of the service's modules (`node server/run.mjs cli/export leads …`): from its TypeScript
// source where tsx is installed (a developer's machine), else compiled in dist/server (production,
// after `npm prune --omit=dev`). The module sees its own arguments, as if started directly.
const [name] = process.argv.splice(2, 1);
let tsx = null;
try {
  tsx = await import('tsx/esm/api');
} catch {
  // No dev tooling: the compiled service.
}
if (tsx) {
  tsx.register();
  await import(`./${name}.ts`);
} else if (name.startsWith('dev/')) {
  // `npm start` builds with the dev tools; after `npm prune --omit=dev` only the built service runs.
  console.error('Cannot start: npm start builds with the development tools, which are not installed here (npm prune --omit=dev removed them). Run the built service with npm run serve (or npm ci to develop).');
  process.exit(1);
} else {
  await import(`../dist/server/${name}.js`);
}
