// The do-not-call list: numbers that are never called.
import { num, one, query, sql } from '../sql.ts';

export const suppressions = {
  *add({ phone, reason, now }: { phone: string; reason: string; now: number }) {
    yield* one(
      sql`INSERT INTO suppressions (phone, reason, created_at) VALUES (${phone}, ${reason}, ${now}) ON CONFLICT (phone) DO NOTHING`,
    );
  },
  /** An erased number is listed by its keyed hash (`phoneHash`): both forms are looked for. */
  *remove({ phone, phoneHash = phone }: { phone: string; phoneHash?: string }) {
    return (
      (yield* query(sql`DELETE FROM suppressions WHERE phone IN (${phone}, ${phoneHash}) RETURNING phone`)).length > 0
    );
  },
  *has({ phone, phoneHash = phone }: { phone: string; phoneHash?: string }) {
    return Boolean(yield* one(sql`SELECT 1 AS found FROM suppressions WHERE phone IN (${phone}, ${phoneHash})`));
  },
  *list() {
    return (yield* query(sql`SELECT phone, reason, created_at AS "createdAt" FROM suppressions ORDER BY phone`)).map(
      (r) => ({ phone: String(r.phone), reason: String(r.reason), createdAt: num(r.createdAt) }),
    );
  },
};
