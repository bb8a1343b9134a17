// `npm run bench:data`: the desk and the exports at 1k, 100k and 1M leads, on SQLite and PostgreSQL.
// Seeds each tier (tests/bench/seed-data.ts), then measures the desk's list and each filter (median of 5),
// a whole CSV export streamed (time to the first rows, total time, the process's peak RSS above its start),
// and feedback writes' p50/p99 during that export beside the same writes' p50/p99 with nothing else running,
// measured in the same run for as long (so a p99 during the export means something on a loaded machine).
// BENCH_DATA_TIERS (1000,100000,1000000) picks the tiers, BENCH_DATA_DBS (SQLite,PostgreSQL) the databases;
// --readme writes the table into docs/benchmarks.md (between its bench-data markers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { LEAD_EXPORT_COLUMNS, leadRow } from '../../server/domain/exports/csv.ts';
import { csvChunks, listPages } from '../../server/domain/exports/stream.ts';
import { openStore, type Store } from '../../server/storage/index.ts';
import { startPostgres } from '../support/postgres.mjs';
import { seed } from './seed-data.ts';
import { writeDocBlock } from './doc-block.mjs';

const DAY = 86_400_000;
const tiers = (process.env.BENCH_DATA_TIERS ?? '1000,100000,1000000').split(',').map(Number);
const END = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const FILTERS: Record<string, Record<string, string>> = {
  list: {},
  agent: { agentId: 'realEstate' },
  'status=failed': { callStatus: 'failed' },
  'rare status': { callStatus: 'retrying' },
  '7 days': { from: iso(END - 7 * DAY) },
  'a week a year ago': { from: iso(END - 372 * DAY), to: iso(END - 365 * DAY) },
  'agent+status+7 days': { agentId: 'supportHindi', callStatus: 'ended', from: iso(END - 7 * DAY) },
};

const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const round = (x: number) => (x >= 100 ? Math.round(x) : Math.round(x * 10) / 10);

/** Feedback posts one after another (each awaited) until `stop` (and at least `min`, for `forMs` at least): their latencies. */
async function writes(store: Store, stop: { done: boolean }, min = 50, forMs = 0) {
  const latencies: number[] = [];
  const until = Date.now() + forMs;
  while (!stop.done || latencies.length < min || Date.now() < until) {
    const t = process.hrtime.bigint();
    await store.feedback.add({ name: 'Bench', email: 'bench@example.com', message: 'a write during the export' });
    latencies.push(ms(t));
  }
  return latencies;
}

async function measure(store: Store) {
  const row: Record<string, number> = {};
  for (const [label, filter] of Object.entries(FILTERS)) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = process.hrtime.bigint();
      await store.desk.leads({ ...filter, limit: 100 });
      times.push(ms(t));
    }
    row[label] = median(times);
  }

  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  // How long the bench's own thread (the service's, in production) was held up at a time during the export:
  // what of a write's latency is our thread's, not the database's.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const stop = { done: false };
  const during = writes(store, stop);
  const t = process.hrtime.bigint();
  let first = 0;
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of csvChunks(LEAD_EXPORT_COLUMNS, listPages(store, {}), leadRow)) {
    if (chunks++ === 1) first = ms(t);
    bytes += Buffer.byteLength(chunk);
  }
  row['CSV first rows'] = first;
  row['CSV total s'] = ms(t) / 1000;
  stop.done = true;
  const latencies = await during;
  loop.disable();
  clearInterval(sampler);
  row['loop delay p99 during'] = loop.percentile(99) / 1e6;
  row['CSV MB'] = bytes / 1e6;
  row['peak RSS +MB'] = (peak - startRss) / 1e6;
  // The same writes with nothing else running, for as long as the export took (at most a minute): the baseline.
  const baseline = await writes(store, { done: true }, 100, Math.min(60_000, row['CSV total s'] * 1000));
  row['write p50 alone'] = pct(baseline, 50);
  row['write p99 alone'] = pct(baseline, 99);
  row['write p50 during'] = pct(latencies, 50);
  row['write p99 during'] = pct(latencies, 99);
  return row;
}

const results: { db: string; leads: number; row: Record<string, number>; seedS: number }[] = [];
const pgServer = startPostgres();
try {
  for (const leads of tiers) {
    for (const db of (process.env.BENCH_DATA_DBS ?? 'SQLite,PostgreSQL').split(',')) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-data-'));
      try {
        const databasePath = join(dir, 'bench.sqlite');
        const databaseUrl = db === 'PostgreSQL' ? pgServer.url : '';
        if (databaseUrl) {
          const c = new pg.Client({ connectionString: databaseUrl });
          await c.connect();
          await c.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
          await c.end();
        }
        await (await openStore({ databasePath, databaseUrl })).close();
        const t = process.hrtime.bigint();
        const progress = (done: number) => process.stderr.write(`\r${db} ${leads}: seeded ${done}`);
        if (databaseUrl) {
          const c = new pg.Client({ connectionString: databaseUrl });
          await c.connect();
          await seed({ postgres: c }, leads, END, progress);
          await c.end();
        } else {
          const s = new Database(databasePath);
          s.pragma('journal_mode = WAL');
          await seed({ sqlite: s }, leads, END, progress);
          s.close();
        }
        const seedS = ms(t) / 1000;
        process.stderr.write(` in ${round(seedS)} s\n`);
        const store = await openStore({ databasePath, databaseUrl, databaseTimeoutMs: 30_000 });
        try {
          results.push({ db, leads, row: await measure(store), seedS });
          console.error(JSON.stringify(results.at(-1)));
        } finally {
          await store.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  pgServer.stop();
}

const columns = Object.keys(results[0].row);
const table = [
  `| Database | Leads | ${columns.join(' | ')} |`,
  `|---|--:|${columns.map(() => '--:').join('|')}|`,
  ...results.map(
    (r) => `| ${r.db} | ${r.leads.toLocaleString('en')} | ${columns.map((c) => round(r.row[c])).join(' | ')} |`,
  ),
].join('\n');
console.log(table);
if (process.argv.includes('--readme')) {
  const stamp = `Measured by \`npm run bench:data\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.versions.node}, a shared 2-core machine under other load: figures are noisy). Times in ms unless named.`;
  await writeDocBlock('docs/benchmarks.md', 'bench-data', `${stamp}\n\n${table}`, { append: true });
}
