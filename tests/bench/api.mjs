// `npm run bench:api`: how many durable feedback posts the real service acknowledges per second,
// against bare Fastify on the same machine in the same run (the ceiling), with autocannon.
// Every acknowledged post is then counted in the database: a 201 that left no row fails the run.
// Options: --readme writes the table into docs/benchmarks.md; BENCH_API_SECONDS (10) and
// BENCH_API_CONNECTIONS (50) shape the load.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../support/free-port.mjs';
import { writeDocBlock } from './doc-block.mjs';
import { postgresBin, startPostgres } from '../support/postgres.mjs';

/** Where `--readme` writes the tables, between this run's markers. */
const BENCH_DOC = 'docs/benchmarks.md';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'dist/bench');
const seconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
/** The targets for a durable service (issue budget); bare Fastify is shown as the ceiling, not judged. */
export const API_BUDGET = { postsPerSecond: 5000, p99Ms: 30 };

const BODY = JSON.stringify({
  name: 'Bench Visitor',
  email: 'bench@example.com',
  message: 'Measuring how many posts are kept per second.',
});

/**
 * Starts a Node process that prints nothing until it listens; resolves once the port answers.
 * @param {string[]} args @param {NodeJS.ProcessEnv} env @param {number} port
 */
async function start(args, env, port) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const exited = new Promise((done) => child.once('exit', done));
  return {
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** @param {string} url */
async function load(url) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections,
    duration: seconds,
  });
  const ok = result['2xx'];
  return {
    acknowledged: ok,
    perSecond: Math.round(ok / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function bareFastify() {
  const port = freePort();
  const server = await start([join(ROOT, 'tests/bench/bare-fastify.mjs')], { PORT: String(port) }, port);
  try {
    return await load(`http://127.0.0.1:${port}/api/feedback`);
  } finally {
    await server.stop();
  }
}

/**
 * The real service on a throwaway database, loaded, stopped, then its rows counted.
 * @param {(dir: string) => Promise<{ env: NodeJS.ProcessEnv, count(): Promise<number>, close?(): void }>} database
 */
async function service(database) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-bench-api-'));
  const port = freePort();
  const db = await database(dir);
  const env = {
    ...db.env,
    PORT: String(port),
    SKIP_BUILD: 'true',
    LOG_LEVEL: 'warn',
    FEEDBACK_RATE_LIMIT: '1000000000',
    DIST_DIR: join(dir, 'dist'),
  };
  const server = await start([join(ROOT, 'server/run.mjs'), 'main'], env, port);
  try {
    const measured = await load(`http://127.0.0.1:${port}/api/feedback`);
    await server.stop();
    return { ...measured, stored: await db.count() };
  } finally {
    await server.stop();
    db.close?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {string} dir */
async function sqliteDatabase(dir) {
  const path = join(dir, 'service.sqlite');
  return {
    env: { DATABASE_PATH: path },
    async count() {
      const db = new Database(path, { readonly: true });
      const { n } = /** @type {{ n: number }} */ (db.prepare('SELECT COUNT(*) AS n FROM feedback').get());
      db.close();
      return n;
    },
  };
}

async function postgresDatabase() {
  const server = startPostgres();
  return {
    env: { DATABASE_URL: server.url },
    async count() {
      const client = new pg.Client(server.url);
      await client.connect();
      const { rows } = await client.query('SELECT COUNT(*) AS n FROM feedback');
      await client.end();
      return Number(rows[0].n);
    },
    close: () => server.stop(),
  };
}

/** @param {{ name: string, perSecond: number, p50: number, p99: number, acknowledged: number, stored?: number, refused: number, errors: number }[]} rows */
function table(rows) {
  const head =
    '| Target | Acknowledged posts/s | p50 | p99 | Acknowledged | Stored | Refused or failed |\n| --- | --- | --- | --- | --- | --- | --- |';
  return [
    head,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.perSecond} | ${r.p50} ms | ${r.p99} ms | ${r.acknowledged} | ${r.stored ?? 'n/a (stores nothing)'} | ${r.refused + r.errors} |`,
    ),
  ].join('\n');
}

/** @param {string} text */
async function updateReadme(text) {
  const stamp = `Measured by \`npm run bench:api\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.versions.node}, 2 cores; ${connections} connections for ${seconds} s).`;
  await writeDocBlock(join(ROOT, BENCH_DOC), 'bench-api', `${stamp}\n\n${text}`);
}

const ceiling = { name: 'bare Fastify (the ceiling)', ...(await bareFastify()) };
const sqlite = { name: 'the service, SQLite', ...(await service(sqliteDatabase)) };
/** @type {{ name: string, perSecond: number, p50: number, p99: number, acknowledged: number, stored?: number, refused: number, errors: number }[]} */
const rows = [ceiling, sqlite];
if (postgresBin()) rows.push({ name: 'the service, PostgreSQL (not budgeted)', ...(await service(postgresDatabase)) });
else console.error('bench:api: PostgreSQL is not installed, so its row is left out (apt-get install postgresql)');
const text = table(rows);
const broken = [];
// Posts still in flight when the load stops may be stored without being counted as acknowledged.
for (const row of rows.slice(1))
  if ((row.stored ?? 0) < row.acknowledged)
    broken.push(`${row.name}: ${row.acknowledged} posts acknowledged but only ${row.stored} stored`);
if (sqlite.perSecond < API_BUDGET.postsPerSecond)
  broken.push(`${sqlite.perSecond} posts/s is under the budget of ${API_BUDGET.postsPerSecond}`);
if (sqlite.p99 > API_BUDGET.p99Ms) broken.push(`p99 ${sqlite.p99} ms is over the budget of ${API_BUDGET.p99Ms} ms`);
mkdirSync(OUT, { recursive: true });
writeFileSync(
  join(OUT, 'api-report.json'),
  `${JSON.stringify({ date: new Date().toISOString(), seconds, connections, budget: API_BUDGET, rows, broken }, null, 2)}\n`,
);
console.log(text);
if (process.argv.includes('--readme')) await updateReadme(text);
for (const line of broken) console.error(`budget broken: ${line}`);
process.exit(broken.length ? 1 : 0);
