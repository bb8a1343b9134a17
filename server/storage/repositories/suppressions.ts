// The do-not-call list: numbers that are never called.
import { sql } from 'kysely';
import { db, num, one, query, reads } from '../query.ts';
import type { Big } from '../schema.ts';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface SuppressionsTable {
  phone: string;
  reason: string;
  created_at: Big;
}
declare module '../schema.ts' {
  interface Database {
    suppressions: SuppressionsTable;
  }
}

export const suppressions = {
  *add({ phone, reason, now }: { phone: string; reason: string; now: number }) {
    yield* one(
      db
        .insertInto('suppressions')
        .values({ phone, reason, created_at: now })
        .onConflict((oc) => oc.column('phone').doNothing()),
    );
  },
  /** An erased number is listed by its keyed hash (`phoneHash`): both forms are looked for. */
  *remove({ phone, phoneHash = phone }: { phone: string; phoneHash?: string }) {
    const gone = yield* query(
      db.deleteFrom('suppressions').where('phone', 'in', [phone, phoneHash]).returning('phone'),
    );
    return gone.length > 0;
  },
  *has({ phone, phoneHash = phone }: { phone: string; phoneHash?: string }) {
    return Boolean(
      yield* one(
        db
          .selectFrom('suppressions')
          .select(sql`1`.as('found'))
          .where('phone', 'in', [phone, phoneHash]),
      ),
    );
  },
  list: reads(function* () {
    const rows = yield* query(
      db.selectFrom('suppressions').select(['phone', 'reason', 'created_at as createdAt']).orderBy('phone'),
    );
    return rows.map((r) => ({ phone: String(r.phone), reason: String(r.reason), createdAt: num(r.createdAt) }));
  }),
};
