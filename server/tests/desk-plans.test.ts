import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { searchPrefixes } from '../../model/search.ts';
import { seedPostgres, seedSqlite } from '../../tests/bench/desk-seed.ts';
import { openStore } from '../storage/index.ts';
import { bothDatabases } from './harness.ts';
import { planReader } from './operation-plans.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// The desk's search, To call list and overview at scale: every statement they run, explained on 40,000
// seeded leads with statistics (as the service keeps them), reads lead_search and overview_counts by
// their keys and never a table whole; a list sorts no more than a rare number's matches. 40,000 makes
// a one-letter name common enough (a third of the leads) to take the walk a million leads would.
const { backends } = bothDatabases();
const COUNT = 40_000;
const END = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;
const q = (text: string) => ({ search: searchPrefixes(text)! });

/** [label, filter, whether it may sort (a number's few matches, a date range's leads)]. */
const LISTS: [string, Record<string, unknown>, boolean][] = [
  ['one letter (common)', q('s'), false],
  ['a common beginning', q('pri'), false],
  ['a rare beginning', q('oph'), false],
  ['two words', q('asha sha'), false],
  ['digits anywhere', q('555'), true],
  ['common digits', q('+91 9'), false],
  ['one letter, a page deep', { ...q('s'), before: 30_000 }, false],
  ['one letter on the To call list', { ...q('s'), toCall: true }, false],
  ['a rare beginning with an outcome', { ...q('oph'), outcome: 'voicemail' }, false],
  ['one letter in the last 7 days', { ...q('s'), from: new Date(END - 7 * DAY).toISOString() }, true],
  ['the To call list', { toCall: true }, false],
];

describe.each(backends)('the desk’s search and overview on $name', ({ name }) => {
  it(
    'read lead_search and overview_counts by their keys, sort no page but a number’s few matches, and scan no table',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-desk-plans-'));
      const env = backends.find((b) => b.name === name)!.env();
      const store = await openStore({ databasePath: join(dir, 'plans.sqlite'), databaseUrl: env.DATABASE_URL });
      await store.close();
      const sqlite = name === 'SQLite' ? new Database(join(dir, 'plans.sqlite')) : null;
      const client = sqlite ? null : new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        if (sqlite) {
          seedSqlite(sqlite, COUNT, END);
          sqlite.pragma('optimize=0x10002');
        } else {
          await client!.connect();
          await client!.query(
            'TRUNCATE leads, calls, lead_search, lead_marks, daily_counts, overview_counts RESTART IDENTITY CASCADE',
          );
          await seedPostgres(client!, COUNT, END);
          await client!.query('ANALYZE');
        }
        const plans = planReader({ sqlite, client });
        const tableScan = sqlite
          ? /\bSCAN (lead_search|overview_counts|daily_counts|s|d|x|c)\b/
          : /Seq Scan on (leads|calls|lead_search|overview_counts|daily_counts)\b/;
        // PostgreSQL sorts the page it read (101 rows) by id; a sort of more than a page is a sort of the matches.
        const sortsMatches = (plan: string) =>
          sqlite
            ? /TEMP B-TREE FOR ORDER BY/.test(plan)
            : [...plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g)].some((m) => Number(m[1]) > 101);
        for (const [label, filter, sorted] of LISTS) {
          const plan = await plans('desk', 'leads', { ...filter, limit: 101 });
          if (process.env.SHOW_PLANS) console.log(`${name} ${label}\n${plan}`);
          expect(plan, label).not.toMatch(tableScan);
          if (!sorted) expect(sortsMatches(plan), `${label}:\n${plan}`).toBe(false);
          if ('search' in filter)
            expect(plan, label).toMatch(
              sqlite
                ? /SEARCH (lead_search|[dsx]) USING/
                : /(Index (Only )?Scan( Backward)? using|Bitmap Index Scan on) lead_search/,
            );
        }
        for (const days of [7, 365, 730])
          for (const zone of ['UTC', 'Asia/Kolkata']) {
            const plan = await plans('overview', 'get', {
              from: new Date(END - (days - 1) * DAY).toISOString().slice(0, 10),
              to: new Date(END).toISOString().slice(0, 10),
              zone,
            });
            expect(plan, `overview of ${days} days in ${zone}`).not.toMatch(tableScan);
            expect(plan, `overview of ${days} days in ${zone}`).not.toMatch(/daily_counts/);
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
