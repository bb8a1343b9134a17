/*
 * `npm run manifest` writes custom-elements.json from the elements' JSDoc, and from it the
 * editors' files: VS Code's HTML custom data and JetBrains' web-types;
 * `npm run docs` (`--readme`) also regenerates the README's API tables from it.
 * manifest.test.ts and editor-data.test.ts fail when any of these files is behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { toJson, VSCODE_DATA_FILE, vscodeCustomData, WEB_TYPES_FILE, webTypes } from './editor-data.mjs';
import { analyze, MANIFEST_FILE, README_FILE, ROOT, serialize } from './manifest.mjs';
import { updateReadme } from './readme.mjs';

try {
  const manifest = analyze();
  write(MANIFEST_FILE, () => serialize(manifest));
  write(VSCODE_DATA_FILE, () => toJson(vscodeCustomData(manifest)));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  write(WEB_TYPES_FILE, () => toJson(webTypes(manifest, pkg)));
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
