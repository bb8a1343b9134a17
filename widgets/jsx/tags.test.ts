import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WIDGETS = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /(?<!\.test)\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const importing = (pattern: RegExp) =>
  files(WIDGETS)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(WIDGETS, file))
    .sort();

describe('each JSX typing is read only by a project that imports it', () => {
  it("only jsx/preact.ts (and its type test) names Preact's types", () => {
    expect(importing(/from ['"]preact(\/[^'"]*)?['"]|@jsxImportSource preact/)).toEqual([
      'jsx/preact.ts',
      'jsx/preact.type-test.tsx',
    ]);
  });

  it("only jsx/solid.ts (and its type test) names Solid's types", () => {
    expect(importing(/from ['"]solid-js(\/[^'"]*)?['"]|@jsxImportSource solid-js/)).toEqual([
      'jsx/solid.ts',
      'jsx/solid.type-test.tsx',
    ]);
  });

  it('the tags every typing is built from name no framework', () => {
    expect(readFileSync(join(WIDGETS, 'jsx/tags.ts'), 'utf8')).not.toMatch(/from ['"](react|preact|solid-js)/);
  });
});
