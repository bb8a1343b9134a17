import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seed } from '../../tests/bench/seed-data.ts';
import { Lock, type Dialect, type Step } from '../storage/query.ts';
import { queryOf } from '../storage/run.ts';
import { openStore } from '../storage/index.ts';
import { operation } from '../storage/repositories/index.ts';
import { bothDatabases } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// The desk's filters at scale: each list's plan walks an index (or the ids, newest first) and sorts no
// more than a date range's matches. Checked on 20,000 seeded leads with statistics, the way the planner sees a big table.
const { backends } = bothDatabases();
const COUNT = 20_000;
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 24);
const iso = (ms: number) => new Date(ms).toISOString();

/** The first statement an operation runs on the leads, rendered for `dialect` (every old time converted: ../storage/repositories/times.ts). */
function firstStatement(repo: string, op: string, args: unknown, dialect: Dialect) {
  const run = operation(repo, op)(args);
  let step = run.next().value as Step;
  while (/from "settings"/.test(queryOf(step, dialect)?.sql ?? '')) step = run.next([]).value as Step;
  const q = queryOf(step, dialect);
  if (step instanceof Lock || !q) throw new Error('a lock first');
  return { text: q.sql, values: q.parameters as unknown[] };
}

const FILTERS: Record<string, Record<string, unknown>> = {
  'newest first': {},
  'one agent': { agentId: 'realEstate' },
  'failed calls': { callStatus: 'failed' },
  'a rare state': { callStatus: 'retrying' },
  'the last 7 days': { from: iso(END - 7 * DAY) },
  'a week a year ago': { from: iso(END - 372 * DAY), to: iso(END - 365 * DAY) },
  'agent, state and 7 days': { agentId: 'supportHindi', callStatus: 'ended', from: iso(END - 7 * DAY) },
};

describe.each(backends)('query plans on $name', ({ name }) => {
  it(
    'list every filter through an index, sorting no more than the matches of a date range',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-plans-'));
      const dialect: Dialect = name === 'SQLite' ? 'sqlite' : 'postgres';
      const env = backends.find((b) => b.name === name)!.env();
      const store = await openStore({ databasePath: join(dir, 'plans.sqlite'), databaseUrl: env.DATABASE_URL });
      await store.close();
      const plans: Record<string, string> = {};
      try {
        if (dialect === 'sqlite') {
          const db = new Database(join(dir, 'plans.sqlite'));
          await seed({ sqlite: db }, COUNT, END);
          for (const [label, filter] of Object.entries(FILTERS)) {
            const { text, values } = firstStatement('desk', 'leads', { ...filter, limit: 100 }, 'sqlite');
            plans[label] = (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as { detail: string }[])
              .map((r) => r.detail)
              .join('\n');
          }
          db.close();
        } else {
          const client = new pg.Client({ connectionString: env.DATABASE_URL });
          await client.connect();
          await client.query(
            'TRUNCATE leads, calls, call_attempts, outbox, lead_marks, desk_audit RESTART IDENTITY CASCADE',
          );
          await seed({ postgres: client }, COUNT, END);
          for (const [label, filter] of Object.entries(FILTERS)) {
            const { text, values } = firstStatement('desk', 'leads', { ...filter, limit: 100 }, 'postgres');
            plans[label] = (await client.query(`EXPLAIN ${text}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n');
          }
          await client.end();
        }
        for (const [label, plan] of Object.entries(plans)) {
          // No table is read whole: leads and calls come by an index or an id range (newest first walks the ids down to a page).
          if (label === 'newest first') continue;
          expect(plan, label).not.toMatch(/Seq Scan on (leads|calls)|SCAN (l|c)\b(?! USING)/);
          // Nothing is sorted but a date range's matches (PostgreSQL may sort those few rather than walk the ids).
          if (!('from' in FILTERS[label])) expect(plan, label).not.toMatch(/TEMP B-TREE|Sort Key: l\.id/);
          expect(plan, label).toMatch(/leads_agent|calls_status_lead|leads_created|leads_pkey|rowid>|id >= /);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    patience(120_000),
  );
});
