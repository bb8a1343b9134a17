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
} else {
  await import(`../dist/server/${name}.js`);
}
