import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FONT_PACKAGES, message, missingPrerequisites, type Probe } from './prerequisites.mjs';

/** A machine with the given executables, PostgreSQL version folders and packages (null: no dpkg). */
function probe({
  files = [] as string[],
  pgDirs = [] as string[],
  packages = FONT_PACKAGES as string[] | null,
  fonts = undefined as string | undefined,
  env = { PATH: '/usr/bin:/bin' } as Record<string, string>,
} = {}): Probe {
  return {
    env,
    executable: (path) => files.includes(path),
    postgresBinDirs: () => pgDirs,
    dpkgInstalled: (pkg) => (packages === null ? undefined : packages.includes(pkg)),
    fontFamilies: () => fonts,
  };
}

const debianPostgres = {
  pgDirs: ['/usr/lib/postgresql/16/bin'],
  files: [
    '/usr/bin/chromium',
    '/usr/lib/postgresql/16/bin/initdb',
    '/usr/lib/postgresql/16/bin/pg_ctl',
    '/usr/bin/promtool',
  ],
};

describe('the prerequisites check', () => {
  it('passes on a machine that has Chromium, Debian PostgreSQL and the fonts', () => {
    expect(missingPrerequisites(probe(debianPostgres))).toEqual([]);
  });

  it('names everything missing on a bare machine, as packages to install', () => {
    expect(missingPrerequisites(probe({ packages: [] }))).toEqual([
      'chromium',
      'postgresql',
      'prometheus',
      ...FONT_PACKAGES,
    ]);
  });

  it('wants promtool on PATH (Debian’s prometheus package) for the alert rules’ check', () => {
    const files = debianPostgres.files.filter((f) => !f.endsWith('promtool'));
    expect(missingPrerequisites(probe({ ...debianPostgres, files }))).toEqual(['prometheus']);
    expect(message(['prometheus'], true)).toBe(
      'Missing for the tests: prometheus — install with: apt-get install -y prometheus',
    );
  });

  it('looks for Chromium where CHROMIUM_PATH says', () => {
    const machine = probe({
      ...debianPostgres,
      files: [...debianPostgres.files.slice(1), '/opt/chrome/chrome'],
      env: { CHROMIUM_PATH: '/opt/chrome/chrome', PATH: '/usr/bin' },
    });
    expect(missingPrerequisites(machine)).toEqual([]);
    expect(missingPrerequisites({ ...machine, env: { PATH: '/usr/bin' } })).toEqual(['chromium']);
  });

  it('accepts initdb and pg_ctl on PATH, and wants both', () => {
    const base = {
      files: ['/usr/bin/chromium', '/usr/local/pg/bin/initdb', '/usr/local/pg/bin/pg_ctl', '/usr/bin/promtool'],
      env: { PATH: '/usr/bin:/usr/local/pg/bin' },
    };
    expect(missingPrerequisites(probe(base))).toEqual([]);
    expect(missingPrerequisites(probe({ ...base, files: base.files.filter((f) => !f.endsWith('pg_ctl')) }))).toEqual([
      'postgresql',
    ]);
    const noPgCtl = debianPostgres.files.filter((f) => !f.endsWith('pg_ctl'));
    expect(missingPrerequisites(probe({ ...debianPostgres, files: noPgCtl }))).toEqual(['postgresql']);
  });

  it('asks dpkg for each font package, and fc-list where there is no dpkg', () => {
    expect(missingPrerequisites(probe({ ...debianPostgres, packages: ['fonts-dejavu-core'] }))).toEqual([
      'fonts-noto-core',
      'fonts-liberation',
    ]);
    const noDpkg = { ...debianPostgres, packages: null };
    expect(missingPrerequisites(probe({ ...noDpkg, fonts: 'Noto Sans\nDejaVu Sans\nLiberation Sans\n' }))).toEqual([]);
    expect(missingPrerequisites(probe({ ...noDpkg, fonts: 'DejaVu Sans\n' }))).toEqual([
      'fonts-noto-core',
      'fonts-liberation',
    ]);
    expect(missingPrerequisites(probe({ ...noDpkg, fonts: undefined }))).toEqual(FONT_PACKAGES);
  });

  it('says it in one line with the command that installs it (sudo unless root)', () => {
    expect(message([], false)).toBe('');
    expect(message(['chromium', 'fonts-noto-core'], false)).toBe(
      'Missing for the tests: chromium (none at /usr/bin/chromium; CHROMIUM_PATH names another), fonts-noto-core — install with: sudo apt-get install -y chromium fonts-noto-core',
    );
    expect(message(['postgresql'], true)).toBe(
      'Missing for the tests: postgresql — install with: apt-get install -y postgresql',
    );
  });

  it('names CHROMIUM_PATH and the path it tried when that path is wrong (a setting to fix, not a package to install)', () => {
    const env = { CHROMIUM_PATH: '/opt/nowhere/chrome' };
    expect(message(['chromium'], true, env)).toBe(
      'Missing for the tests: chromium at CHROMIUM_PATH=/opt/nowhere/chrome (not an executable file: point CHROMIUM_PATH at a Chromium binary, or unset it for /usr/bin/chromium)',
    );
    expect(message(['chromium', 'postgresql'], false, env)).toMatch(
      /^Missing for the tests: chromium at CHROMIUM_PATH=\/opt\/nowhere\/chrome \(.*\), postgresql — install with: sudo apt-get install -y postgresql$/,
    );
  });

  // CPU seconds, not wall seconds: a loaded machine stretches the second, not the work done in it.
  it('answers in a fraction of a CPU second, in one line and exit code 1 when Chromium is missing', () => {
    const script = '"$0" tests/support/prerequisites.mjs; code=$?; times >&3; exit $code';
    const run = spawnSync('bash', ['-c', script, process.execPath], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    // `times`: the shell's own user and system time, then its children's.
    const [user, system] = [
      ...String(run.output[3])
        .split('\n')[1]
        .matchAll(/(\d+)m([\d.]+)s/g),
    ].map(([, m, sec]) => Number(m) * 60 + Number(sec));
    expect(user + system).toBeLessThan(1);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Missing for the tests: chromium at CHROMIUM_PATH=\/nonexistent\/chromium \(not an executable file[^)]*\)(, [\w-]+)*( — install with: .*)?\n$/,
    );
  });
});
