// What one scrape of GET /metrics costs at a million leads, on SQLite and PostgreSQL (issue 48): the leads and
// calls of the desk's benchmark (./desk-seed.ts), plus OUTBOX delivered CRM events (a retention period's worth
// and more) and a backlog of BACKLOG undelivered events and due calls. With the gauges' cache cold (every
// scrape reads: METRICS_CACHE_MS=0), it reports the service process's CPU per scrape (the reading thread's
// included) and the database's time for the read; with it warm, the CPU of a scrape that reads nothing.
//   node --import tsx tests/bench/scrape-cost.ts      (LEADS, OUTBOX, BACKLOG, RUNS, SCRAPE_DBS=sqlite,postgres)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../server/config/settings.ts';
import { startService } from '../../server/service.ts';
import { openStore } from '../../server/storage/index.ts';
import { startCluster } from '../support/postgres.mjs';
import { seedPostgres, seedSqlite } from './desk-seed.ts';

const LEADS = Number(process.env.LEADS ?? 1_000_000);
const OUTBOX = Number(process.env.OUTBOX ?? 1_000_000);
const BACKLOG = Number(process.env.BACKLOG ?? 1_000);
const RUNS = Number(process.env.RUNS ?? 9);
const DBS = (process.env.SCRAPE_DBS ?? 'sqlite,postgres').split(',');
const END = Date.UTC(2026, 10, 24, 12);
const TOKEN = 'x'.repeat(32);

/** Delivered events for the first OUTBOX leads, then BACKLOG undelivered ones and as many due calls. */
const extras = (payload: string) => [
  `INSERT INTO outbox (lead_id, payload, next_attempt_at, delivered_at, event, delivery_id)
     SELECT id, '${payload}', 0, ${END}, 'lead.created', 'd-' || id FROM leads WHERE id <= ${OUTBOX}`,
  `INSERT INTO outbox (lead_id, payload, next_attempt_at, event, delivery_id)
     SELECT id, '${payload}', ${END}, 'lead.call.updated', 'p-' || id FROM leads WHERE id <= ${BACKLOG}`,
  `UPDATE calls SET status = 'retrying', next_attempt_at = ${END - 60_000} WHERE lead_id > ${LEADS - BACKLOG}`,
];
const payload = JSON.stringify({ id: 'd', event: 'lead.created', occurredAt: new Date(END - 3_600_000).toISOString() });

/** The gauges' reads as gauges.ts makes them (calls due and the backlog at END), for their plans. */
const QUERIES = [
  'SELECT status AS k, COUNT(*) AS n FROM calls GROUP BY status',
  'SELECT outcome AS k, COUNT(*) AS n FROM calls WHERE outcome IS NOT NULL GROUP BY outcome',
  `SELECT COUNT(*) AS n, MIN(next_attempt_at) AS oldest FROM calls WHERE status IN ('pending', 'scheduled', 'retrying') AND next_attempt_at <= ${END}`,
  'SELECT COUNT(*) AS n, MIN(id + 0) AS first FROM outbox WHERE delivered_at IS NULL',
];

async function plans(databasePath: string, databaseUrl: string) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const q of QUERIES) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
      const lines = rows.map((r) => String(r['QUERY PLAN']));
      console.log(
        `  ${q.slice(0, 60)}…\n    ${lines
          .filter((l) => /Scan|Execution/.test(l))
          .map((l) => l.trim())
          .join('\n    ')}`,
      );
    }
    await client.end();
  } else {
    const db = new Database(databasePath, { readonly: true });
    for (const q of QUERIES) {
      const t = performance.now();
      db.prepare(q).all();
      const ms = performance.now() - t;
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${q}`).all() as { detail: string }[]).map((r) => r.detail);
      console.log(`  ${q.slice(0, 60)}…: ${ms.toFixed(1)} ms; ${plan.join('; ')}`);
    }
    db.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(databasePath: string, databaseUrl: string, cacheMs: number) {
  const config = loadConfig(
    {
      DATABASE_PATH: databasePath,
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN: TOKEN,
      METRICS_CACHE_MS: String(cacheMs),
      LOG_LEVEL: 'error',
      DIST_DIR: join(tmpdir(), 'no-dist'),
      DATABASE_TIMEOUT_MS: '60000',
    },
    () => {},
  );
  const store = await openStore(config);
  const { app, domain } = await startService(config, store, { now: () => END });
  await Promise.all([domain.calls.stop(), domain.outbox.stop()]);
  const cpu: number[] = [];
  const wall: number[] = [];
  const read: number[] = [];
  try {
    for (let i = 0; i <= RUNS; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const used = process.cpuUsage(c);
      if (i === 0) continue; // the first also opens SQLite's reader thread
      wall.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
      read.push(Number(/^widgets_gauges_read_seconds (\S+)$/m.exec(res.body)?.[1]) * 1000);
    }
  } finally {
    await app.close();
    await store.close();
  }
  return { cpu: median(cpu), wall: median(wall), read: median(read) };
}

const cluster = DBS.includes('postgres') ? startCluster() : null;
try {
  for (const db of DBS) {
    const dir = mkdtempSync(join(tmpdir(), 'scrape-cost-'));
    try {
      const databasePath = join(dir, 'scrape.sqlite');
      const databaseUrl = db === 'postgres' ? cluster!.url : '';
      await (await openStore({ databasePath, databaseUrl })).close();
      const started = Date.now();
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await seedPostgres(client, LEADS, END);
        for (const statement of extras(payload)) await client.query(statement);
        await client.query('VACUUM ANALYZE');
        await client.end();
      } else {
        const sqlite = new Database(databasePath);
        seedSqlite(sqlite, LEADS, END);
        for (const statement of extras(payload)) sqlite.exec(statement);
        sqlite.exec('PRAGMA optimize=0x10002');
        sqlite.close();
      }
      console.error(`${db}: seeded in ${Math.round((Date.now() - started) / 1000)} s`);
      const cold = await measure(databasePath, databaseUrl, 0);
      const warm = await measure(databasePath, databaseUrl, 3_600_000);
      console.log(
        `${db} at ${LEADS.toLocaleString('en')} leads, ${OUTBOX.toLocaleString('en')} delivered events, ${BACKLOG} waiting: ` +
          `cold scrape ${cold.wall.toFixed(1)} ms (process CPU ${cold.cpu.toFixed(1)} ms, database read ${cold.read.toFixed(1)} ms); ` +
          `warm scrape ${warm.wall.toFixed(1)} ms (process CPU ${warm.cpu.toFixed(1)} ms); median of ${RUNS}`,
      );
      await plans(databasePath, databaseUrl);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  cluster?.stop();
}
