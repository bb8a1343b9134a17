// Every stored time is epoch milliseconds (BIGINT on PostgreSQL). Rows stored before that convention
// kept some times as text (ISO, or the provider's words; feedback's as timestamptz on PostgreSQL): the
// migration of issue 31 gave them millisecond columns, filled here after the start (and by the hourly
// maintenance), one short transaction of at most `limit` rows at a time, while the service serves. Leads
// and calls go from the newest row down (a `times-below:<table>` setting holds where); feedback is found
// by its empty milliseconds (an index probe), so a row written by an instance of the release before, during
// a rolling upgrade, is still converted. Until a table is done, its filters also match a row not yet
// converted by the old column; its readers take the old column where the milliseconds are missing.
import { sql } from 'kysely';
import { col, db, num, one, query, type Cond } from '../query.ts';
import type { Database } from '../schema.ts';

export type TimeTable = 'leads' | 'feedback' | 'calls';

/** The milliseconds of a time given as text (ISO, or the provider's) or as a Date (PostgreSQL's timestamptz); null when it is none. */
export function msOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isFinite(ms) ? ms : null;
}

/** A stored time (epoch ms; PostgreSQL's BIGINT arrives as text) as the API and the exports show it, the `old` column's where it is missing. */
export function isoOf(ms: unknown, old?: unknown): string | null {
  const t = ms === null || ms === undefined ? msOf(old) : Number(ms);
  return t === null || !Number.isFinite(t) ? null : new Date(t).toISOString();
}

const key = (table: TimeTable) => `times-below:${table}`;

/** Whether some of `table`'s rows may still hold their time only in the old column. */
export function* converting(table: TimeTable) {
  if (table === 'feedback')
    return Boolean(
      yield* one(
        db
          .selectFrom('feedback')
          .select(sql`1`.as('found'))
          .where('created_ms', 'is', null)
          .limit(1),
      ),
    );
  return Boolean(
    yield* one(
      db
        .selectFrom('settings')
        .select(sql`1`.as('found'))
        .where('key', '=', key(table)),
    ),
  );
}

/**
 * `column` at or after `from` and before `to` (epoch ms). While the table is `converting`, a row whose
 * `column` is still empty is matched by its `old` column instead (ISO text compares as time in both databases:
 * SQLite's text sorts as time, PostgreSQL casts the value to the column's type).
 */
export function timeRange<T extends keyof Database>(
  table: T,
  column: keyof Database[T] & string,
  old: keyof Database[T] & string,
  { from, to }: { from?: number; to?: number },
  converting: boolean,
  alias?: string,
): Cond[] {
  const [c, o] = [col(table, column, alias), col(table, old, alias)];
  const bound = (op: '>=' | '<', ms: number) => {
    const plain = sql<boolean>`${c} ${sql.raw(op)} ${ms}`;
    return converting
      ? sql<boolean>`(${plain} OR (${c} IS NULL AND ${o} ${sql.raw(op)} ${new Date(ms).toISOString()}))`
      : plain;
  };
  return [...(from === undefined ? [] : [bound('>=', from)]), ...(to === undefined ? [] : [bound('<', to)])];
}

/** Each table's key column and old time columns with their new ones, checked against ./schema.ts. */
type Conversion<T extends TimeTable> = {
  id: keyof Database[T] & string;
  columns: [old: keyof Database[T] & string, ms: keyof Database[T] & string][];
};
const CONVERSIONS: { [T in TimeTable]: Conversion<T> } = {
  leads: {
    id: 'id',
    columns: [
      ['created_at', 'created_ms'],
      ['consented_at', 'consented_ms'],
      ['verified_at', 'verified_ms'],
    ],
  },
  calls: {
    id: 'lead_id',
    columns: [
      ['started_at', 'started_ms'],
      ['ended_at', 'ended_ms'],
    ],
  },
  feedback: { id: 'id', columns: [['created_at', 'created_ms']] },
};

/** Up to `limit` rows of `table` still to convert, and what marks the table done when they are the last. */
function* batch(table: TimeTable, limit: number) {
  const { id, columns } = CONVERSIONS[table];
  if (table === 'feedback')
    return {
      rows: yield* query(
        db.selectFrom('feedback').select(['id', 'created_at']).where('created_ms', 'is', null).limit(limit),
      ),
      finish: null,
    };
  const olds = columns.map(([old]) => sql.ref(old));
  const below = yield* one(db.selectFrom('settings').select('value').where('key', '=', key(table)));
  if (!below) return { rows: [], finish: null };
  const k = sql.ref(`${table}.${id}`);
  const rows = yield* query(
    sql<
      Record<string, unknown>
    >`SELECT ${k} AS id, ${sql.join(olds)} FROM ${sql.table(table)} WHERE ${k} < ${num(below.value)} ORDER BY ${k} DESC LIMIT ${limit}`,
  );
  const finish =
    rows.length < limit
      ? db.deleteFrom('settings').where('key', '=', key(table))
      : db
          .updateTable('settings')
          .set({ value: String(num(rows.at(-1)!.id)) })
          .where('key', '=', key(table));
  return { rows, finish };
}

export const times = {
  /**
   * Converts up to `limit` rows of the first table not yet done (one transaction): how many rows it read,
   * and `done` once every table is. A value already written in milliseconds is kept.
   */
  *convertOlder({ limit }: { limit: number }) {
    for (const table of Object.keys(CONVERSIONS) as TimeTable[]) {
      const { rows, finish } = yield* batch(table, limit);
      if (!rows.length && !finish) continue;
      const { id, columns } = CONVERSIONS[table];
      // Feedback's time is never empty: one that cannot be read (none of ours) is taken as 0, so the row is not found again.
      const msOr = (v: unknown) => (table === 'feedback' ? (msOf(v) ?? 0) : msOf(v));
      if (rows.length) {
        // One statement for the batch (a round trip a row made PostgreSQL's batches slow): the batch's values as a
        // table, whose columns both databases name column1, column2… (the key first, then each time).
        const int = (v: unknown) => sql`CAST(${v} AS BIGINT)`;
        const values = sql.join(
          rows.map(
            (r) =>
              sql`(${sql.join([int(num(r.id)), ...columns.map(([old]) => int(msOr((r as Record<string, unknown>)[old])))])})`,
          ),
        );
        const set = sql.join(
          columns.map(
            ([, ms], i) => sql`${sql.ref(ms)} = COALESCE(${sql.ref(`${table}.${ms}`)}, ${sql.ref(`v.column${i + 2}`)})`,
          ),
        );
        yield* one(
          sql`UPDATE ${sql.table(table)} SET ${set} FROM (VALUES ${values}) AS v WHERE ${sql.ref(`${table}.${id}`)} = v.column1`,
        );
      }
      if (finish) yield* one(finish);
      return { rows: rows.length, done: false };
    }
    return { rows: 0, done: true };
  },
};
