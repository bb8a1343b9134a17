import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derived, stubs, subpaths, type Manifest } from './subpaths.mjs';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const AGAIN = 'run `npm run subpaths` (every `npm run build:types` does) to write them from `exports`';

describe('every subpath in exports resolves where exports is not read', () => {
  it('package.json has typesVersions and files as exports gives them', () => {
    expect({ typesVersions: pkg.typesVersions, files: pkg.files }, AGAIN).toEqual({
      typesVersions: derived(pkg).typesVersions,
      files: derived(pkg).files,
    });
  });

  it.each(subpaths(pkg).map(([sub]) => sub))(
    '%s has its folder, naming the files exports names, and a typesVersions entry',
    (sub) => {
      const file = join(ROOT, sub, 'package.json');
      expect(existsSync(file), `${sub}/package.json is missing: ${AGAIN}`).toBe(true);
      expect(JSON.parse(readFileSync(file, 'utf8')), AGAIN).toEqual(stubs(pkg)[sub]);
      expect(pkg.files).toContain(`${sub}/package.json`);
      expect(pkg.typesVersions?.['*']?.[sub]).toHaveLength(1);
    },
  );

  it('a subpath added to exports alone is caught, and derives its folder and typesVersions entry', () => {
    const added: Manifest = {
      ...pkg,
      exports: {
        ...pkg.exports,
        './chat': { types: './dist/types/entries/chat.d.ts', default: './dist/widgets/chat.js' },
      },
    };
    // As if widgets/entries/chat.ts were there (a subpath whose source is gone leaves exports).
    const next = derived(added, undefined, () => true);
    expect(next).not.toEqual(added);
    expect(next.typesVersions?.['*']?.chat).toEqual(['dist/types/entries/chat.d.ts']);
    expect(next.files).toContain('chat/package.json');
    expect(stubs(added).chat).toMatchObject({
      module: '../dist/widgets/chat.js',
      main: '../dist/widgets/chat.js',
      types: '../dist/types/entries/chat.d.ts',
    });
  });

  it('the script subpath gives bundlers the ES entry and require() the classic script', () => {
    expect(stubs(pkg).script).toMatchObject({
      module: '../dist/widgets/index.js',
      main: '../dist/widgets/ai-widgets.js',
      types: '../dist/types/index.d.ts',
    });
    expect(pkg.typesVersions?.['*']?.script).toEqual(['dist/types/index.d.ts']);
  });

  it('a types-only subpath gets types and no code', () => {
    expect(stubs(pkg)['jsx/solid']).toEqual(expect.not.objectContaining({ main: expect.anything() }));
    expect(stubs(pkg)['jsx/solid']).toMatchObject({ types: '../../dist/types/jsx/solid.d.ts' });
  });
});
