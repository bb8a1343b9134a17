/*
 * `npm run manifest` writes custom-elements.json from the elements' JSDoc;
 * `npm run docs` (`--readme`) also regenerates the README's API tables from it.
 * manifest.test.ts fails when either file is behind the JSDoc.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { analyze, MANIFEST_FILE, README_FILE, ROOT, serialize } from './manifest.mjs';
import { updateReadme } from './readme.mjs';

try {
  const manifest = analyze();
  write(MANIFEST_FILE, () => serialize(manifest));
  if (process.argv.includes('--readme')) {
    write(README_FILE, (current) => updateReadme(current, manifest));
  }
} catch (error) {
  // These are documentation mistakes to fix, not crashes: the message says what and where.
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
}

/**
 * Writes only a changed file, so that an unchanged one keeps its timestamp.
 * @param {string} file
 * @param {(current: string) => string} next
 */
function write(file, next) {
  const path = join(ROOT, file);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // Not written yet.
  }
  const text = next(current);
  if (text === current) {
    process.stdout.write(`${file}: up to date\n`);
  } else {
    writeFileSync(path, text);
    process.stdout.write(`${file}: written\n`);
  }
}
