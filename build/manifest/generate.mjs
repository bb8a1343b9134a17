/*
 * `npm run docs` writes custom-elements.json from the element classes,
 * and from it the editors' files (VS Code's HTML custom data, JetBrains' web-types) and the API
 * reference, docs/elements.md. manifest.test.ts and editor-data.test.ts fail when any is behind.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { toJson, VSCODE_DATA_FILE, vscodeCustomData, WEB_TYPES_FILE, webTypes } from './editor-data.mjs';
import { elementsDoc } from './docs.mjs';
import { analyze, DOCS_FILE, MANIFEST_FILE, ROOT, serialize } from './manifest.mjs';

try {
  const manifest = analyze();
  write(MANIFEST_FILE, () => serialize(manifest));
  write(VSCODE_DATA_FILE, () => toJson(vscodeCustomData(manifest)));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  write(WEB_TYPES_FILE, () => toJson(webTypes(manifest, pkg)));
  write(DOCS_FILE, () => elementsDoc(manifest));
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
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    process.stdout.write(`${file}: written\n`);
  }
}
