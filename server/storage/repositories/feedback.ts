// Feedback from the site's form.
import { sql } from 'kysely';
import { db, num, one, Prepared, query, reads } from '../query.ts';
import { converting, isoOf, msOf, timeRange } from './times.ts';
import type { BigOrNull, Int } from '../schema.ts';
import type { ColumnType, Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface FeedbackTable {
  id: Generated<Int>;
  name: string;
  email: string;
  message: string;
  /** ISO text on SQLite, timestamptz on PostgreSQL (a Date); written by its default only. */
  created_at: ColumnType<string | Date, never, never>;
  created_ms: BigOrNull;
  embed_id: string | null;
}
declare module '../schema.ts' {
  interface Database {
    feedback: FeedbackTable;
  }
}

/** `createdAt`: when it was sent (epoch ms); now when not given. */
export type FeedbackInput = {
  name: string;
  email: string;
  message: string;
  createdAt?: number;
  /** The embed the form was part of (issue 54). */
  embedId?: string | null;
};
export type FeedbackRow = Omit<FeedbackInput, 'createdAt' | 'embedId'> & {
  id: number;
  createdAt: string;
  embedId: string | null;
};

/** A feedback row's columns; its old time only where the milliseconds are missing (./times.ts). */
export const FEEDBACK_READ = [
  'id',
  'name',
  'email',
  'message',
  'created_ms',
  'embed_id',
  sql<string | Date | null>`CASE WHEN ${sql.ref('created_ms')} IS NULL THEN ${sql.ref('created_at')} END`.as(
    'created_at',
  ),
] as const;

export const feedbackOf = (r: Record<string, unknown>): FeedbackRow => ({
  id: num(r.id),
  name: String(r.name),
  email: String(r.email),
  message: String(r.message),
  createdAt: isoOf(r.created_ms, r.created_at) ?? '',
  embedId: r.embed_id === null || r.embed_id === undefined ? null : String(r.embed_id),
});

/** The conditions of a range of times (ISO) on feedback. */
export function* feedbackRange({ from, to, embedId }: { from?: string; to?: string; embedId?: string }) {
  const range = { from: msOf(from) ?? undefined, to: msOf(to) ?? undefined };
  const embed = embedId ? [sql<boolean>`${sql.ref('embed_id')} = ${embedId}`] : [];
  if (range.from === undefined && range.to === undefined) return embed;
  return [...timeRange('feedback', 'created_ms', 'created_at', range, yield* converting('feedback')), ...embed];
}

/** The API's hottest write, prepared. */
const ADD = new Prepared(
  (v: { name: string; email: string; message: string; createdAt: number; embedId: string | null }) =>
    db
      .insertInto('feedback')
      .values({ name: v.name, email: v.email, message: v.message, created_ms: v.createdAt, embed_id: v.embedId })
      .returning('id'),
);

export const feedback = {
  *add({ name, email, message, createdAt = Date.now(), embedId = null }: FeedbackInput) {
    // created_at (text on SQLite, timestamptz on PostgreSQL) keeps its default for a release back; nothing of ours reads it.
    const row = yield* one(ADD.with({ name, email, message, createdAt, embedId }));
    return num(row?.id);
  },
  list: reads(function* ({ limit = 100_000 }: { limit?: number } = {}) {
    return (yield* query(db.selectFrom('feedback').select(FEEDBACK_READ).orderBy('id').limit(limit))).map(feedbackOf);
  }),
  count: reads(function* () {
    return num((yield* one(db.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n'))))?.n);
  }),
};
