// `npm run hosts:install`: installs the host projects' dependencies (tests/hosts/package-lock.json)
// into tests/hosts/node_modules, which the browser tests copy for each host. It installs only when
// that folder is missing or was installed from another lockfile, so a run with nothing changed costs
// a file read. Two runs at once (two `npm test`s side by side) take turns through a lock.
//
// `npm install --no-save` installs exactly the locked tree, as `npm ci` would; `npm ci` itself refuses
// this lockfile because it lacks some other platforms' optional binaries (Next's SWC for macOS and
// others), which the registry these machines reach does not serve at the locked versions.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOSTS = dirname(fileURLToPath(import.meta.url));
const LOCK = join(HOSTS, '.install-lock');
/** Written after a successful install: the hash of the lockfile it installed. */
const STAMP = join(HOSTS, 'node_modules', '.installed-from');
/** A lock older than this was left by a run that died: a cold install takes a few minutes. */
const STALE_MS = 15 * 60_000;

const wanted = () =>
  createHash('sha256')
    .update(readFileSync(join(HOSTS, 'package-lock.json')))
    .digest('hex');
const installed = () => {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return '';
  }
};

function takeLock() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmdirSync(LOCK);
      } catch {
        // Gone meanwhile: try again.
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
}

if (installed() !== wanted()) {
  takeLock();
  try {
    // The other run may have installed it while this one waited.
    const hash = wanted();
    if (installed() !== hash) {
      process.stdout.write('Installing the host projects (tests/hosts)\n');
      const npm = spawnSync(
        'npm',
        ['install', '--no-save', '--prefix', HOSTS, '--no-audit', '--no-fund', '--loglevel=error'],
        { stdio: 'inherit' },
      );
      if (npm.status === 0) writeFileSync(STAMP, `${hash}\n`);
      else process.exitCode = npm.status ?? 1;
    }
  } finally {
    rmdirSync(LOCK);
  }
}
