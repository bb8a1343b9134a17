import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.mjs';

/** @typedef {{ url: string, stop(): void }} TestPostgres A throwaway PostgreSQL database on 127.0.0.1. */

/**
 * Set by the Vitest run's global setup (tests/support/databases.ts): the folder of the one cluster
 * the whole run shares. Its `url` file appears once the server answers, its `failed` file if it could not start.
 */
export const SHARED_CLUSTER = 'TEST_POSTGRES_CLUSTER';

/**
 * Debian installs the server under /usr/lib/postgresql/<major>/bin, off PATH; POSTGRES_BIN overrides.
 * @returns {string | null}
 */
export function postgresBin() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(base, majors[0], 'bin') : null;
}

function requireBin() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set POSTGRES_BIN).');
  return bin;
}

/**
 * A cluster's commands: PostgreSQL refuses to run as root, so as root the server's binaries run as the
 * `postgres` user (the Debian package creates it).
 * @param {string} dir
 */
function clusterIn(dir) {
  const bin = requireBin();
  const asRoot = process.getuid?.() === 0;
  const data = join(dir, 'data');
  /** @param {string} tool @param {string[]} args @returns {[string, string[]]} */
  const argv = (tool, args) =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  return {
    data,
    prepare() {
      if (!asRoot) return;
      chmodSync(dir, 0o755);
      execFileSync('chown', ['postgres:postgres', dir]);
    },
    /** @param {number} port @returns {[string, string[]][]} */
    start: (port) => [
      argv('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']),
      // fsync stays on: the tests check durability, and it is what production runs with.
      argv('pg_ctl', [
        '-D',
        data,
        '-w',
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        'start',
      ]),
    ],
    stop: () => argv('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
  };
}

/** @param {[string, string[]]} command */
function runSync([cmd, args]) {
  const result = spawnSync(cmd, args, { encoding: 'utf8' });
  const tool = basename(cmd === 'runuser' ? args[3] : cmd);
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

/**
 * Starts a cluster of its own in a temporary folder (about a second), for a process outside the test
 * run (the API benchmark); stop() stops it and removes the folder.
 * @returns {TestPostgres}
 */
export function startCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-pg-'));
  const cluster = clusterIn(dir);
  const port = freePort();
  cluster.prepare();
  for (const command of cluster.start(port)) runSync(command);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runSync(cluster.stop());
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts the run's one cluster in the background (Vitest's global setup): test files wait for it only
 * when they first ask for a database. `dir` is what SHARED_CLUSTER names; stop() waits for the start,
 * stops the server and removes the folder.
 * @returns {{ dir: string, stop(): Promise<void> }}
 */
export function startSharedCluster(/** @type {(server: string) => Promise<void>} */ prepare = async () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-pg-'));
  const run = promisify(execFile);
  let started = false;
  const starting = (async () => {
    const cluster = clusterIn(dir);
    const port = freePort();
    cluster.prepare();
    for (const [cmd, args] of cluster.start(port)) await run(cmd, args);
    started = true;
    const server = `postgres://postgres@127.0.0.1:${port}`;
    await run(join(requireBin(), 'psql'), [
      '-X',
      '-q',
      '-d',
      `${server}/postgres`,
      '-c',
      `CREATE DATABASE ${TEMPLATE}`,
    ]);
    await prepare(`${server}/${TEMPLATE}`);
    writeFileSync(join(dir, 'url'), server);
    return cluster;
  })().catch((error) => {
    writeFileSync(join(dir, 'failed'), String(error?.stderr || error?.message || error));
    return null;
  });
  return {
    dir,
    async stop() {
      const cluster = await starting;
      try {
        if (cluster && started) await run(...cluster.stop());
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Waits (synchronously: callers may not await) for the shared cluster's address. @param {string} dir */
function sharedClusterUrl(dir) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; Atomics.wait(pause, 0, 0, 50)) {
    if (existsSync(join(dir, 'failed')))
      throw new Error(`PostgreSQL did not start: ${readFileSync(join(dir, 'failed'), 'utf8')}`);
    if (existsSync(join(dir, 'url'))) return readFileSync(join(dir, 'url'), 'utf8');
  }
  throw new Error('PostgreSQL did not start within a minute.');
}

let databases = 0;

/** The shared cluster's database migrated once by the run's global setup (tests/support/databases.ts). */
const TEMPLATE = 'test_migrated';

/**
 * A database of its own. In a Vitest run it is a new database on the run's one cluster (tens of
 * milliseconds, where a cluster of its own took seconds): empty, or with `migrated` a copy of the
 * template the run migrated once; without `fsync`, its commits do not wait for the disk
 * (synchronous_commit off: for tests that prove nothing about crashes). Elsewhere it starts a cluster
 * of its own, empty. stop() drops what it made.
 * @param {{ migrated?: boolean, fsync?: boolean }} [options]
 * @returns {TestPostgres}
 */
export function startPostgres({ migrated = false, fsync = true } = {}) {
  const shared = process.env[SHARED_CLUSTER];
  if (!shared) return startCluster();
  const server = sharedClusterUrl(shared);
  const name = `test_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const psql = (/** @type {string} */ sql) =>
    runSync([join(requireBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', `${server}/postgres`, '-c', sql]]);
  psql(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${TEMPLATE}` : ''}`);
  if (!fsync) psql(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: `${server}/${name}`,
    // Removed with the cluster at the end of the run: dropping it now would wait on, or cut off, the
    // connections a test's service processes may still hold.
    stop() {},
  };
}
