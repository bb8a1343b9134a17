// Feedback from the site's form.
import { num, one, query, raw, sql } from '../sql.ts';

export type FeedbackInput = { name: string; email: string; message: string };
export type FeedbackRow = FeedbackInput & { id: number; createdAt: string };

const createdAt = raw({ sqlite: 'created_at', postgres: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` });

export const feedback = {
  *add(input: FeedbackInput) {
    const row = yield* one(sql`INSERT INTO feedback (name, email, message) VALUES (${input.name}, ${input.email}, ${input.message}) RETURNING id`);
    return num(row?.id);
  },
  *list({ limit = 100_000 }: { limit?: number } = {}) {
    const rows = yield* query(sql`SELECT id, name, email, message, ${createdAt} AS "createdAt" FROM feedback ORDER BY id LIMIT ${limit}`);
    return rows.map((r) => ({ ...r, id: num(r.id) }) as FeedbackRow);
  },
  *count() {
    return num((yield* one(sql`SELECT COUNT(*) AS n FROM feedback`))?.n);
  },
};
