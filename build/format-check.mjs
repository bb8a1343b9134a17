// `npm run format:check`, run by `npm test` beside the lint: Prettier's check of the whole tree (or of the
// paths given), and when a file is out of format, the one command that fixes it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
const paths = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  [prettier, '--check', '--cache', '--cache-strategy', 'content', ...(paths.length ? paths : ['.'])],
  {
    stdio: 'inherit',
  },
);
if (result.status !== 0) {
  console.error(
    '\nOut of format: run `npm run format` to fix it (Prettier rewrites the files listed above), then commit.',
  );
}
process.exit(result.status ?? 1);
