import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derived, stubs, subpaths, writeSubpaths, type Manifest } from './subpaths.mjs';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest & {
  scripts?: Record<string, string>;
};
const AGAIN = 'run `npm run build:subpaths` (every `npm run build:types` does) to write them from `exports`';

describe('every subpath in exports resolves where exports is not read', () => {
  it('package.json has typesVersions and files as exports gives them', () => {
    expect({ typesVersions: pkg.typesVersions, files: pkg.files }, AGAIN).toEqual({
      typesVersions: derived(pkg).typesVersions,
      files: derived(pkg).files,
    });
  });

  it.each(subpaths(pkg).map(([sub]) => sub))(
    '%s gets its folder at pack time, naming the files exports names, and a typesVersions entry',
    (sub) => {
      // The folders are written by every build and by npm pack's prepack, never kept in git: written
      // here into a copy of the package's root, as prepack writes them.
      const root = mkdtempSync(join(tmpdir(), 'subpaths-'));
      try {
        mkdirSync(join(root, 'widgets'));
        copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
        copyFileSync(join(ROOT, 'widgets/registry.ts'), join(root, 'widgets/registry.ts'));
        cpSync(join(ROOT, 'widgets/entries'), join(root, 'widgets/entries'), { recursive: true });
        writeSubpaths(root);
        expect(JSON.parse(readFileSync(join(root, sub, 'package.json'), 'utf8'))).toEqual(stubs(pkg)[sub]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
      expect(pkg.files).toContain(`${sub}/package.json`);
      expect(pkg.typesVersions?.['*']?.[sub]).toHaveLength(1);
    },
  );

  it('npm pack writes the folders first, and git keeps none of them', () => {
    expect(pkg.scripts?.prepack).toMatch(/build:(widgets|types)/);
    const tracked = execFileSync('git', ['ls-files', ...subpaths(pkg).map(([sub]) => `${sub}/package.json`)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(tracked).toBe('');
  });

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
