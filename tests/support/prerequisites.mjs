// `npm test` runs this first: what the tests need and the product does not (Chromium, PostgreSQL's
// server binaries, promtool for the alert rules, the fonts the screenshots are drawn with). When something is missing it prints
// one line naming it and the command that installs it, and exits 1, instead of a run of failures.
// `.ci/run` installs the same packages on a fresh machine.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** The Debian packages the screenshot baselines are drawn with (system-ui is Noto Sans; Devanagari from Noto too). */
export const FONT_PACKAGES = ['fonts-noto-core', 'fonts-dejavu-core', 'fonts-liberation'];

/** Where Chromium is looked for when CHROMIUM_PATH is unset. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** A font family each package installs, for machines without dpkg (fc-list names families). */
const FONT_FAMILIES = {
  'fonts-noto-core': 'Noto Sans',
  'fonts-dejavu-core': 'DejaVu Sans',
  'fonts-liberation': 'Liberation Sans',
};

/**
 * @typedef {object} Probe What the machine has, asked through these functions (replaced in the unit tests).
 * @property {Record<string, string | undefined>} env
 * @property {(path: string) => boolean} executable
 * @property {(pattern: string) => string[]} postgresBinDirs directories like /usr/lib/postgresql/16/bin
 * @property {(pkg: string) => boolean | undefined} dpkgInstalled undefined when dpkg is not there to ask
 * @property {() => string | undefined} fontFamilies fc-list's output, undefined without fc-list
 */

/**
 * What is missing, as the packages that install it.
 * @param {Probe} probe
 * @returns {string[]}
 */
export function missingPrerequisites(probe) {
  const missing = [];
  const chromium = probe.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (!probe.executable(chromium)) missing.push('chromium');

  const onPath = (/** @type {string} */ name) =>
    (probe.env.PATH ?? '').split(delimiter).some((dir) => dir && probe.executable(join(dir, name)));
  const debianPostgres = probe
    .postgresBinDirs('/usr/lib/postgresql')
    .some((dir) => probe.executable(join(dir, 'initdb')) && probe.executable(join(dir, 'pg_ctl')));
  if (!debianPostgres && !(onPath('initdb') && onPath('pg_ctl'))) missing.push('postgresql');
  // deploy/prometheus/alerts.yml is checked with promtool, which Debian's prometheus package installs.
  if (!onPath('promtool')) missing.push('prometheus');

  let families;
  for (const pkg of FONT_PACKAGES) {
    const installed = probe.dpkgInstalled(pkg);
    if (installed === true) continue;
    if (installed === undefined) {
      families ??= probe.fontFamilies() ?? '';
      if (families.includes(FONT_FAMILIES[/** @type {keyof typeof FONT_FAMILIES} */ (pkg)])) continue;
    }
    missing.push(pkg);
  }
  return missing;
}

/**
 * The one line a run prints when something is missing, or nothing. Chromium is named with the path
 * tried; a CHROMIUM_PATH that names no executable is the setting to fix, not a package to install.
 * @param {string[]} missing
 * @param {boolean} root
 * @param {Record<string, string | undefined>} [env]
 */
export function message(missing, root, env = {}) {
  if (missing.length === 0) return '';
  const custom = env.CHROMIUM_PATH;
  const named = missing.map((name) => {
    if (name !== 'chromium') return name;
    return custom
      ? `chromium at CHROMIUM_PATH=${custom} (not an executable file: point CHROMIUM_PATH at a Chromium binary, or unset it for ${DEFAULT_CHROMIUM})`
      : `chromium (none at ${DEFAULT_CHROMIUM}; CHROMIUM_PATH names another)`;
  });
  const packages = missing.filter((name) => !(name === 'chromium' && custom));
  const install = packages.length
    ? ` — install with: ${root ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`
    : '';
  return `Missing for the tests: ${named.join(', ')}${install}`;
}

/** @type {Probe} */
export const machine = {
  env: process.env,
  executable(path) {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  postgresBinDirs(root) {
    try {
      return readdirSync(root).map((version) => join(root, version, 'bin'));
    } catch {
      return [];
    }
  },
  dpkgInstalled(pkg) {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2000,
      });
      return status.includes('install ok installed');
    } catch (error) {
      // dpkg-query exits 1 for a package it does not know; ENOENT means there is no dpkg to ask.
      return /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT' ? undefined : false;
    }
  },
  fontFamilies() {
    try {
      return execFileSync('fc-list', [':', 'family'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2000,
      });
    } catch {
      return undefined;
    }
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = message(missingPrerequisites(machine), process.getuid?.() === 0, machine.env);
  if (line) {
    process.stderr.write(`${line}\n`);
    process.exitCode = 1;
  }
}
