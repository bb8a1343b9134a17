// `npm run bench:desk`: the desk at a million leads on SQLite and PostgreSQL. Seeds LEADS leads (1,000,000
// by default) over two years (./desk-seed.mjs), brings the statistics up to date as the service keeps them
// (PRAGMA optimize on SQLite, ANALYZE as autovacuum would on PostgreSQL), then times what a desk asks,
// through the store's operations the routes call (the list with its version figure, as GET /api/desk/leads
// asks; the overview as GET /api/desk/overview): median and p95 of RUNS runs (9) after one warm-up.
// DESK_DBS=sqlite or =postgres runs one; --doc writes the table into docs/benchmarks.md (its desk markers).
// DEMOS web demos (1,000,000 by default) are seeded beside them (./demo-seed.ts) and the Demos page's reads
// and the overview's demo figures timed (./desk-demos-scale.ts) in a table of their own; DESK_PARTS=demos
// times only those (with fewer LEADS, say, since only every 33rd demo's lead matters to them). The embeds
// (issue 54: two, the leads, demos and FEEDBACK feedback rows through them, the overview's sums per embed)
// are ./embed-seed.ts's; the overview's rows include its figures per embed.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { searchPrefixes } from '../../model/search.ts';
import { openStore, type Store } from '../../server/storage/index.ts';
import type { DeskLeadFilter } from '../../server/storage/repositories/desk.ts';
import { startCluster } from '../support/postgres.mjs';
import { seedDemos } from './demo-seed.ts';
import { measureDemos } from './desk-demos-scale.ts';
import { seedPostgres, seedSqlite } from './desk-seed.ts';
import { EMBED_FEW, EMBED_MANY, embedStatements, measureFeedback } from './embed-seed.ts';
import { writeDocBlock } from './doc-block.mjs';

const COUNT = Number(process.env.LEADS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 9);
const DBS = (process.env.DESK_DBS ?? 'sqlite,postgres').split(',');
const DEMOS = Number(process.env.DEMOS ?? 1_000_000);
const PARTS = (process.env.DESK_PARTS ?? 'leads,demos').split(',');
const PAGE = 101; // the route asks one more than the 100 it shows, to know whether a next page exists
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 24, 12);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const q = (text: string) => {
  const prefixes = searchPrefixes(text);
  if (!prefixes) throw new Error(`not a search: ${text}`);
  return { search: prefixes };
};

/** The cases, given one seeded lead's number to search for. */
function cases(phone: string) {
  const digits = phone.replace(/\D/g, '');
  const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 8)} ${phone.slice(8)}`;
  const list: Record<string, DeskLeadFilter> = {
    'newest page': {},
    'search "s" (one letter, a third of leads)': q('s'),
    'search "pri" (common prefix)': q('pri'),
    'search "asha sha" (two words)': q('asha sha'),
    'search "oph" (rare prefix)': q('oph'),
    [`search "${digits.slice(5, 9)}" (4 digits mid-number)`]: q(digits.slice(5, 9)),
    'search "555" (3 digits)': q('555'),
    [`search "${spaced}" (whole number)`]: q(spaced),
    'To call': { toCall: true },
    'To call + search "pri"': { toCall: true, ...q('pri') },
    'voicemail + search "oph"': { outcome: 'voicemail', ...q('oph') },
    'agent + status + 7 days': { agentId: 'supportHindi', callStatus: 'ended', from: iso(END - 7 * DAY) },
    'a rare old status (retrying)': { callStatus: 'retrying' },
    'status failed': { callStatus: 'failed' },
    'a week a year ago': { from: iso(END - 372 * DAY), to: iso(END - 365 * DAY) },
    'agent + a week a year ago': { agentId: 'realEstate', from: iso(END - 372 * DAY), to: iso(END - 365 * DAY) },
    'embed= (a tenth of leads)': { embedId: EMBED_MANY },
    'embed= (one in a thousand)': { embedId: EMBED_FEW },
    'embed= + 7 days': { embedId: EMBED_MANY, from: iso(END - 7 * DAY) },
    'embed= + agent + a week a year ago': {
      embedId: EMBED_MANY,
      agentId: 'realEstate',
      from: iso(END - 372 * DAY),
      to: iso(END - 365 * DAY),
    },
    'embed= + To call': { embedId: EMBED_MANY, toCall: true },
    'embed= + search "pri"': { embedId: EMBED_MANY, ...q('pri') },
  };
  for (const outcome of [
    'answered',
    'no-answer',
    'voicemail',
    'busy',
    'failed',
    'not-set-up',
    'do-not-call',
    'scheduled',
    'retrying',
    'calling',
    'waiting',
  ])
    list[`outcome ${outcome}`] = { outcome };
  return list;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

type Timing = { median: number; p95: number; rows: number };

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  await run();
  const times = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const result = await run();
    times.push(performance.now() - t);
    rows = Array.isArray(result) ? result.length : 1;
  }
  return { median: median(times), p95: p95(times), rows };
}

async function measure(store: Store, results: Record<string, Timing> = {}) {
  const record = async (label: string, run: () => Promise<unknown>) => {
    results[label] = await timed(run);
    console.error(
      `  ${label.padEnd(52)} ${results[label].median.toFixed(1).padStart(7)} ${results[label].p95.toFixed(1).padStart(7)} ms  ${results[label].rows} rows`,
    );
  };
  if (!PARTS.includes('leads')) return { results, record };
  const list = (filter: DeskLeadFilter) =>
    Promise.all([store.desk.leads({ ...filter, limit: PAGE }), store.desk.version()]).then(([rows]) => rows);
  const sample = await store.desk.lead({ id: Math.floor(COUNT / 2) });
  for (const [label, filter] of Object.entries(cases(sample!.lead.phone))) await record(label, () => list(filter));
  // Page 50: the cursor of page 49's last lead, reached by walking the pages as the desk does.
  const deep: Record<string, DeskLeadFilter> = {
    'newest, page 50 by cursor': {},
    'search "s", page 50': q('s'),
    'To call, page 50': { toCall: true },
  };
  for (const [label, filter] of Object.entries(deep)) {
    let before: number | undefined;
    for (let page = 1; page < 50; page++)
      before = (await store.desk.leads({ ...filter, before, limit: 100 })).at(-1)!.lead.id;
    await record(label, () => list({ ...filter, before }));
  }
  for (const [label, days] of [
    ['overview, 7 days', 7],
    ['overview, a year', 365],
    ['overview, two years', 730],
  ] as const)
    await record(label, () => store.overview.get({ from: day(END - (days - 1) * DAY), to: day(END) }));
  await measureFeedback(store, END, record);
  return { results, record };
}

const all: Record<string, Record<string, Timing>> = {};
const demoTimes: Record<string, Record<string, Timing>> = {};
// For repeated runs: DESK_SQLITE (a file) and DATABASE_URL (a database) are kept, and seeded only when empty.
const kept: Record<string, string | undefined> = {
  sqlite: process.env.DESK_SQLITE,
  postgres: process.env.DATABASE_URL,
};
const cluster = DBS.includes('postgres') && !kept.postgres ? startCluster() : null;
try {
  for (const db of DBS) {
    const dir = mkdtempSync(join(tmpdir(), 'desk-scale-'));
    try {
      const databasePath = kept.sqlite ?? join(dir, 'desk.sqlite');
      const databaseUrl = db === 'postgres' ? (kept.postgres ?? cluster!.url) : '';
      const store = await openStore({ databasePath, databaseUrl, databaseTimeoutMs: 600_000 });
      const empty = (await store.desk.leads({ limit: 1 })).length === 0;
      const noFeedback = (await store.feedback.count()) === 0;
      await store.close();
      const started = Date.now();
      const progress = (n: number) => process.stderr.write(`\r${db}: ${n.toLocaleString('en')} leads seeded`);
      const demoProgress = (n: number) => process.stderr.write(`\r${db}: ${n.toLocaleString('en')} demos seeded`);
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        if (empty) await seedPostgres(client, COUNT, END, progress);
        if (empty && PARTS.includes('demos')) await seedDemos({ postgres: client }, DEMOS, END, demoProgress);
        // A kept database seeded before embeds gets its embeds here, once (none are null after).
        for (const text of embedStatements('postgres', END, noFeedback)) await client.query(text);
        await client.query(empty ? 'VACUUM ANALYZE' : 'ANALYZE');
        await client.end();
      } else {
        const sqlite = new Database(databasePath);
        if (empty) seedSqlite(sqlite, COUNT, END, progress);
        if (empty && PARTS.includes('demos')) await seedDemos({ sqlite }, DEMOS, END, demoProgress);
        sqlite.transaction(() => embedStatements('sqlite', END, noFeedback).forEach((text) => sqlite.exec(text)))();
        sqlite.close();
      }
      console.error(
        `${db}: ready in ${Math.round((Date.now() - started) / 1000)} s; load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      const measured = await openStore({ databasePath, databaseUrl, databaseTimeoutMs: 60_000 });
      try {
        if (db === 'sqlite') await measured.retention.optimize();
        const { results, record } = await measure(measured);
        all[db] = results;
        if (PARTS.includes('demos')) {
          const before = new Set(Object.keys(results));
          await measureDemos(measured, END, record);
          demoTimes[db] = Object.fromEntries(Object.entries(results).filter(([label]) => !before.has(label)));
          for (const label of Object.keys(demoTimes[db])) delete results[label];
        }
      } finally {
        await measured.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  cluster?.stop();
}

const cell = (r: Timing | undefined) => (r ? `${r.median.toFixed(1)} / ${r.p95.toFixed(1)}` : '–');
const names = DBS.map((d) => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL')).join(' | ');
const tableOf = (times: Record<string, Record<string, Timing>>, what: string) => {
  const labels = Object.keys(Object.values(times)[0] ?? {});
  return [
    `| At ${what} (ms, median / p95 of ${RUNS}) | ${names} | Rows |`,
    `|---|${DBS.map(() => '--:').join('|')}|--:|`,
    ...labels.map((l) => `| ${l} | ${DBS.map((d) => cell(times[d]?.[l])).join(' | ')} | ${times[DBS[0]][l].rows} |`),
  ].join('\n');
};
const table = PARTS.includes('leads') ? tableOf(all, `${COUNT.toLocaleString('en')} leads`) : '';
const demoTable = PARTS.includes('demos')
  ? tableOf(demoTimes, `${DEMOS.toLocaleString('en')} demos and ${COUNT.toLocaleString('en')} leads`)
  : '';
console.log([table, demoTable].filter(Boolean).join('\n\n'));
if (process.argv.includes('--doc')) {
  const stamp = (command: string) =>
    `Measured by \`${command}\` on ${day(Date.now())} (Node ${process.versions.node}; load average at the end ${loadavg()[0].toFixed(1)} on a shared 2-core machine).`;
  if (table)
    await writeDocBlock('docs/benchmarks.md', 'bench-desk', `${stamp('npm run bench:desk -- --doc')}\n\n${table}`, {
      append: true,
    });
  if (demoTable) {
    const command = `${PARTS.includes('leads') ? '' : `DESK_PARTS=demos LEADS=${COUNT} `}npm run bench:desk -- --doc`;
    await writeDocBlock('docs/benchmarks.md', 'bench-desk-demos', `${stamp(command)}\n\n${demoTable}`, {
      append: true,
    });
  }
}
