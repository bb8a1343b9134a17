// What the plan tests ask of a seeded database, opened directly (no service): each statement an operation
// runs, explained on SQLite or PostgreSQL and fed the rows it returns, as storage's runner would.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { CompiledQuery } from 'kysely';
import type { Row, Step } from '../storage/query.ts';
import { operation } from '../storage/repositories/index.ts';
import { queryOf } from '../storage/run.ts';

/** `plans(repo, op, args)`: every statement the operation runs, explained, one plan after another. */
export function planReader({ sqlite, client }: { sqlite: Database.Database | null; client: pg.Client | null }) {
  const explain = async (s: CompiledQuery) =>
    sqlite
      ? (sqlite.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.parameters) as { detail: string }[])
          .map((r) => r.detail)
          .join('\n')
      : (await client!.query(`EXPLAIN ${s.sql}`, s.parameters as unknown[])).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
  const run = async (s: CompiledQuery): Promise<Row[]> =>
    sqlite
      ? (sqlite.prepare(s.sql).all(...s.parameters) as Row[])
      : (await client!.query(s.sql, s.parameters as unknown[])).rows;
  /** Every statement an operation runs (fed the rows each returns), explained. */
  const plans = async (repo: string, op: string, args: unknown) => {
    const steps = operation(repo, op)(args);
    const out: string[] = [];
    for (let step = steps.next(); !step.done;) {
      const s = queryOf(step.value as Step, sqlite ? 'sqlite' : 'postgres');
      if (s && !/^SET /.test(s.sql)) out.push(await explain(s));
      step = steps.next(s ? await run(s) : []);
    }
    return out.join('\n');
  };
  return plans;
}
