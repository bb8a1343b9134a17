import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const script = join(root, 'build/format-check.mjs');
const dir = mkdtempSync(join(tmpdir(), 'format-check-'));
// The repository's own settings, so the check judges the file as it would judge one in the tree.
for (const name of ['.prettierrc.json', '.prettierignore']) copyFileSync(join(root, name), join(dir, name));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = () => spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });

describe('the format check in npm test', () => {
  it('fails on a file out of format, naming it and the command that fixes it', () => {
    writeFileSync(join(dir, 'sloppy.ts'), 'export const answer = {value:42,label:"forty-two"}\n');
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain('sloppy.ts');
    expect(result.stderr).toContain('run `npm run format` to fix it');
  });

  it('passes once Prettier has formatted it', () => {
    writeFileSync(join(dir, 'sloppy.ts'), "export const answer = { value: 42, label: 'forty-two' };\n");
    const result = check();
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('runs in npm test beside the lint', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toMatch(/\blint\+format:check\b/);
    expect(pkg.scripts['format:check']).toBe('node build/format-check.mjs');
  });
});
