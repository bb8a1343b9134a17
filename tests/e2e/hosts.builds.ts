// The host projects' builds (hosts.spec.ts), apart from the spec: the spec runs them as it starts, unless
// `npm run hosts:build` (tests/support/prebuild-hosts.ts) made them ahead for the packed package it has,
// which saves those minutes when the browser tests are run again and again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import pLimit from 'p-limit';
import { angularNode, copyHost, ROOT, run } from './hosts.project';

const NODE = process.execPath;
const VITE = 'node_modules/vite/bin/vite.js';
const TSC = 'node_modules/typescript/bin/tsc';
const PARCEL = 'node_modules/parcel/lib/bin.js';
const JEST = 'node_modules/jest/bin/jest.js';
export const NEXT = 'node_modules/next/dist/bin/next';
const HOSTS = join(ROOT, 'tests/hosts');

/** Where the last prebuild says what it built, and for which package and sources. */
export const PREBUILT = join(HOSTS, '.runs/prebuilt.json');

/** A host's build: its private copy and what its tools printed (the Jest and TypeScript hosts are judged on that). */
export type Built = { cwd: string; output: string };
type Recipe = { folder: string; swap?: Record<string, string>; build: (cwd: string) => Promise<string> };

/** A module importing each subpath of the packed package's `exports` that names code or types, as `line` writes it. */
function everySubpath(cwd: string, line: (sub: string, code: boolean) => string): string {
  const { exports } = JSON.parse(readFileSync(join(cwd, 'node_modules/ai-agent-widgets/package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  const subs = Object.entries(exports).flatMap(([key, target]) =>
    key !== '.' && typeof target === 'object' ? [line(key.slice(2), Boolean(target.import ?? target.default))] : [],
  );
  return `${subs.join('\n')}\nexport {};\n`;
}

const jest = async (cwd: string) =>
  `${await run(NODE, [JEST, '--version'], cwd)}${await run(NODE, [JEST, '--ci', '--cacheDirectory', join(cwd, '.jest-cache')], cwd)}`;
const vite = async (cwd: string) => run(NODE, [VITE, 'build'], cwd);
const typedVite = async (cwd: string) => `${await run(NODE, [TSC, '-p', '.'], cwd)}${await vite(cwd)}`;

/** Each host's build with its own tooling and defaults, by the name the spec knows it by, the longest first. */
export const RECIPES: Record<string, Recipe> = {
  next: { folder: 'next', build: (cwd) => run(NODE, [NEXT, 'build'], cwd) },
  angular: {
    folder: 'angular',
    build: (cwd) => run(angularNode(), ['node_modules/@angular/cli/bin/ng.js', 'build'], cwd),
  },
  vue: { folder: 'vue', build: vite },
  svelte: { folder: 'svelte', build: vite },
  preact: { folder: 'preact', build: typedVite },
  solid: { folder: 'solid', build: typedVite },
  parcel: {
    folder: 'parcel',
    build: async (cwd) => {
      await writeFile(
        join(cwd, 'src/every-subpath.js'),
        everySubpath(cwd, (sub, code) => (code ? `import 'ai-agent-widgets/${sub}';` : '')),
      );
      return run(NODE, [PARCEL, 'build', 'index.html', '--no-cache'], cwd);
    },
  },
  node10: {
    folder: 'node10',
    swap: { typescript: 'typescript-5.9' },
    build: async (cwd) => {
      await writeFile(
        join(cwd, 'src/every-subpath.ts'),
        everySubpath(cwd, (sub, code) =>
          code ? `import 'ai-agent-widgets/${sub}';` : `import type {} from 'ai-agent-widgets/${sub}';`,
        ),
      );
      return `${await run(NODE, [TSC, '--version'], cwd)}${await run(NODE, [TSC, '-p', '.', '--pretty', 'false'], cwd)}`;
    },
  },
  jest30: { folder: 'jest', build: jest },
  jest29: {
    folder: 'jest',
    swap: { jest: 'jest-29', 'jest-environment-jsdom': 'jest-environment-jsdom-29' },
    build: jest,
  },
};

/**
 * Two host builds at a time, the longest first (the order of RECIPES): ten at once on two cores took no less
 * CPU, held every build's memory at once, and finished them all together at the end.
 */
export const building = pLimit(2);

/** Every host copied into `dir` and built, two at a time: a host that fails to build rejects its own promise only. */
export function buildHosts(dir: string, tarball: string): Record<string, Promise<Built>> {
  return Object.fromEntries(
    Object.entries(RECIPES).map(([name, { folder, swap, build }]) => [
      name,
      building(async () => {
        const cwd = await copyHost(dir, folder, name, tarball, swap);
        return { cwd, output: await build(cwd) };
      }),
    ]),
  );
}

/** Every file under `dir` but installs and build outputs, for the key below. */
function sources(dir: string): string[] {
  return readdirSync(dir)
    .filter(
      (name) => !/^(node_modules|dist|\.next|\.angular|\.runs|\.jest-cache|\.install-lock|next-env\.d\.ts)$/.test(name),
    )
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? sources(join(dir, name)) : [join(dir, name)]));
}

/**
 * What a host build depends on: the packed package's bytes (npm packs the same files into the same
 * bytes), the hosts' sources and lockfile, these recipes and the Node that runs them.
 */
export function buildKey(tarball: string): string {
  const hash = createHash('sha256').update(process.version).update(readFileSync(tarball));
  const files = [...sources(HOSTS), join(ROOT, 'tests/e2e/hosts.builds.ts'), join(ROOT, 'tests/e2e/hosts.project.ts')];
  for (const file of files.sort()) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

/** What a prebuild recorded: each host's build, or why it failed. */
export type Prebuilt = {
  key: string;
  dir: string;
  hosts: Record<string, { ok: true; built: Built } | { ok: false; error: string }>;
};

/** The prebuild's results when they were made from this tarball and today's sources, else undefined. */
export function prebuilt(tarball: string): Record<string, Promise<Built>> | undefined {
  if (!existsSync(PREBUILT)) return undefined;
  const record = JSON.parse(readFileSync(PREBUILT, 'utf8')) as Prebuilt;
  if (record.key !== buildKey(tarball) || !existsSync(record.dir)) return undefined;
  return Object.fromEntries(
    Object.keys(RECIPES).map((name) => {
      const host = record.hosts[name];
      return [
        name,
        host?.ok ? Promise.resolve(host.built) : Promise.reject(new Error(host ? host.error : `${name} was not built`)),
      ];
    }),
  );
}
