import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seedDemos } from '../../tests/bench/demo-seed.ts';
import { seedPostgres, seedSqlite } from '../../tests/bench/desk-seed.ts';
import { openStore } from '../storage/index.ts';
import { bothDatabases } from './harness.ts';
import { planReader } from './operation-plans.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// Issue 46: the desk's Demos list and the overview's demo figures, every statement explained on 30,000
// seeded demos (and 3,000 leads, every 33rd naming a demo) with statistics, as the service keeps them:
// each list walks one of migration 15's indexes in its order (no sort, no table scan), its lead found by
// leads_demo_session, and the figures read overview_counts by key. `npm run bench:desk` times them at a million.
const { backends } = bothDatabases();
const DEMOS = 30_000;
const LEADS = 3_000;
const END = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const LISTS: [string, Record<string, unknown>][] = [
  ['the newest', {}],
  ['a day', { from: iso(END - 200 * DAY), to: iso(END - 199 * DAY) }],
  ['an agent', { agentId: 'supportHindi' }],
  ['a site', { origin: 'https://clinic.example' }],
  ['a kind', { mode: 'hybrid' }],
  ['an agent and a kind', { agentId: 'realEstate', mode: 'text' }],
  [
    'a site, an agent and a kind that never met',
    { origin: 'https://clinic.example', agentId: 'supportHindi', mode: 'hybrid' },
  ],
  ['an agent on a day', { agentId: 'receptionist', from: iso(END - 30 * DAY), to: iso(END - 29 * DAY) }],
  ['a page deep', { before: { createdAt: END - 100 * DAY, id: '00000100-0000-4000-8000-000000000100' } }],
  ['a kind, a page deep', { mode: 'text', before: { createdAt: END - 100 * DAY, id: 'f' } }],
];

describe.each(backends)('the desk’s demos at scale on $name', ({ name }) => {
  it(
    'walk one index in the list’s order for every filter, and read the overview’s demos by key',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-demo-plans-'));
      const env = backends.find((b) => b.name === name)!.env();
      const store = await openStore({ databasePath: join(dir, 'plans.sqlite'), databaseUrl: env.DATABASE_URL });
      await store.close();
      const sqlite = name === 'SQLite' ? new Database(join(dir, 'plans.sqlite')) : null;
      const client = sqlite ? null : new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        if (sqlite) {
          seedSqlite(sqlite, LEADS, END);
          await seedDemos({ sqlite }, DEMOS, END);
          sqlite.pragma('optimize=0x10002');
        } else {
          await client!.connect();
          await client!.query(
            'TRUNCATE leads, calls, lead_search, lead_marks, daily_counts, overview_counts, demo_sessions RESTART IDENTITY CASCADE',
          );
          await seedPostgres(client!, LEADS, END);
          await seedDemos({ postgres: client! }, DEMOS, END);
          // As autovacuum leaves a table that is mostly inserted into: its visibility map set, so an index alone answers.
          await client!.query('VACUUM ANALYZE');
        }
        const plans = planReader({ sqlite, client });
        const tableScan = sqlite
          ? /\bSCAN (d|p|l|demo_sessions|leads|overview_counts|daily_counts)\b(?! USING (COVERING )?INDEX)/
          : /Seq Scan on (demo_sessions|leads|overview_counts|daily_counts)\b/;
        // The page's ids come from one of migration 15's indexes alone, in the list's order; only the page's own
        // rows (at most 51) are sorted again once read.
        const walk = sqlite
          ? /(SCAN|SEARCH) p USING COVERING INDEX demo_sessions_(recent|agent|origin|mode)\b/
          : /Index Only Scan Backward using demo_sessions_(recent|agent|origin|mode) on demo_sessions p/;
        const sortsMore = (plan: string) =>
          sqlite
            ? (plan.match(/TEMP B-TREE/g) ?? []).length > 1
            : /Incremental Sort/.test(plan) ||
              [...plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g)].some((m) => Number(m[1]) > 51);
        for (const [label, filter] of LISTS) {
          const plan = await plans('demoDesk', 'list', { ...filter, limit: 51 });
          if (process.env.SHOW_PLANS) console.log(`${name} ${label}\n${plan}`);
          expect(plan, label).not.toMatch(tableScan);
          expect(plan, `${label}:\n${plan}`).toMatch(walk);
          expect(sortsMore(plan), `${label}:\n${plan}`).toBe(false);
          expect(plan, `${label}:\n${plan}`).toMatch(/leads_demo_session/);
        }
        const one = await plans('demoDesk', 'get', { id: '00000021-0000-4000-8000-000000000021' });
        expect(one).not.toMatch(tableScan);
        for (const days of [30, 365, 730])
          for (const zone of ['UTC', 'Asia/Kolkata']) {
            const plan = await plans('demoDesk', 'figures', {
              from: iso(END - (days - 1) * DAY).slice(0, 10),
              to: iso(END).slice(0, 10),
              zone,
            });
            expect(plan, `demo figures of ${days} days in ${zone}`).not.toMatch(tableScan);
            expect(plan, `demo figures of ${days} days in ${zone}`).not.toMatch(/demo_sessions|daily_counts/);
          }
      } finally {
        sqlite?.close();
        await client?.end();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    patience(240_000),
  );
});
