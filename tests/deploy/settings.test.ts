// Every setting the service, the site's build and compose.yaml read is documented: in .env.example
// (the template a newcomer copies), compose's in service.env.example (the operator's), and, but for
// the site's VITE_* settings, in docs/operations.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The service's source files (tests left out), recursively. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });
}

const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);
// The service reads its settings through reader calls (`r.int('PORT', …)`) or `env.NAME`.
const serviceSettings = [
  ...new Set(
    sources('server').flatMap((file) => [
      ...names(read(file), /\benv\.([A-Z][A-Z0-9_]+)/g),
      ...names(read(file), /\br\.(?:text|int|url|oneOf|list|value)\('([A-Z][A-Z0-9_]+)'/g),
    ]),
  ),
].sort();
// VITE_PUBLIC_URL is PUBLIC_URL's former name, read with a warning: .env.example names only PUBLIC_URL.
const siteSettings = [...new Set(names(read('site/config.ts') + read('ui/brand.ts'), /\benv\.(VITE_[A-Z0-9_]+)/g))]
  .filter((name) => name !== 'VITE_PUBLIC_URL')
  .sort();
const composeSettings = [...new Set(names(read('compose.yaml'), /\$\{([A-Z][A-Z0-9_]+)/g))].sort();
const example = read('.env.example');
const serviceExample = read('service.env.example');
const operations = read('docs/operations.md');
const inExample = (name: string) => new RegExp(`^#? ?${name}=`, 'm').test(example);

describe('settings', () => {
  it('finds the settings it checks', () => {
    expect(serviceSettings).toEqual(
      expect.arrayContaining(['PORT', 'HOST', 'DATABASE_URL', 'TRUST_PROXY', 'CORS_ORIGINS']),
    );
    expect(siteSettings).toContain('VITE_BRAND_NAME');
    expect(composeSettings).toContain('POSTGRES_PASSWORD');
  });

  it('.env.example lists every one, and service.env.example every one compose reads', () => {
    expect([...serviceSettings, ...siteSettings, 'PUBLIC_URL'].filter((name) => !inExample(name))).toEqual([]);
    expect(composeSettings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(serviceExample))).toEqual([]);
    expect(example, 'VITE_PUBLIC_URL is replaced by PUBLIC_URL').not.toMatch(/^#? ?VITE_PUBLIC_URL=/m);
  });

  it('docs/operations.md describes every setting of the service and of compose.yaml', () => {
    const documented = (name: string) => operations.includes(`\`${name}\``);
    expect(
      [...serviceSettings.filter((name) => !name.startsWith('VITE_')), ...composeSettings].filter(
        (name) => !documented(name),
      ),
    ).toEqual([]);
  });
});
