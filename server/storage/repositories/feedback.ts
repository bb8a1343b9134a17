// Feedback from the site's form.
import { columns, fragment, num, one, query, sql } from '../sql.ts';
import type { FeedbackRow as Stored } from '../tables.ts';
import { converting, isoOf, msOf, timeRange } from './times.ts';

/** `createdAt`: when it was sent (epoch ms); now when not given. */
export type FeedbackInput = { name: string; email: string; message: string; createdAt?: number };
export type FeedbackRow = Omit<FeedbackInput, 'createdAt'> & { id: number; createdAt: string };

const READ = columns<Stored>('id', 'name', 'email', 'message', 'created_ms');
/** A feedback row's columns; its old time only where the milliseconds are missing (./times.ts). */
export const FEEDBACK_READ = fragment(
  `${READ.join(', ')}, CASE WHEN created_ms IS NULL THEN created_at END AS created_at`,
);

export const feedbackOf = (r: Record<string, unknown>): FeedbackRow => ({
  id: num(r.id),
  name: String(r.name),
  email: String(r.email),
  message: String(r.message),
  createdAt: isoOf(r.created_ms, r.created_at) ?? '',
});

/** The conditions of a range of times (ISO) on feedback. */
export function* feedbackRange({ from, to }: { from?: string; to?: string }) {
  const range = { from: msOf(from) ?? undefined, to: msOf(to) ?? undefined };
  if (range.from === undefined && range.to === undefined) return [];
  return timeRange('created_ms', 'created_at', range, yield* converting('feedback'));
}

export const feedback = {
  *add({ name, email, message, createdAt = Date.now() }: FeedbackInput) {
    // created_at (text on SQLite, timestamptz on PostgreSQL) keeps its default for a release back; nothing of ours reads it.
    const row = yield* one(
      sql`INSERT INTO feedback (name, email, message, created_ms) VALUES (${name}, ${email}, ${message}, ${createdAt}) RETURNING id`,
    );
    return num(row?.id);
  },
  *list({ limit = 100_000 }: { limit?: number } = {}) {
    return (yield* query(sql`SELECT ${FEEDBACK_READ} FROM feedback ORDER BY id LIMIT ${limit}`)).map(feedbackOf);
  },
  *count() {
    return num((yield* one(sql`SELECT COUNT(*) AS n FROM feedback`))?.n);
  },
};
