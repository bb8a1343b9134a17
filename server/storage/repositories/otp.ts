// One-time codes and every limit on sending them (per phone, per client address, for the whole
// service). One lock serialises code requests across instances, so each limit holds exactly.
import { db, lock, num, one, query, type Query } from '../query.ts';
import { bump } from './tallies.ts';
import type { Int, Big, BigOrNull } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface OtpCodesTable {
  /** BIGINT (see Big). */
  id: Generated<number | string>;
  phone: string;
  code_hash: string | null;
  created_at: Big;
  expires_at: Big;
  checks: Generated<Int>;
  consumed_at: BigOrNull;
  client_ip: string | null;
  embed_id: string | null;
}
declare module '../schema.ts' {
  interface Database {
    otp_codes: OtpCodesTable;
  }
}

const HOUR = 3_600_000;

/** A new code for a phone and the limits it must fit. Times are epoch milliseconds. */
export type OtpRequest = {
  phone: string;
  clientIp: string;
  codeHash: string | null;
  now: number;
  ttlMs: number;
  cooldownMs: number;
  perPhoneHour: number;
  perClientHour: number;
  perServiceHour: number;
  /** The embed the code is asked for (issue 54): its check and its cancellation count for that embed. */
  embedId?: string | null;
};
export type OtpRefusal = 'cooldown' | 'hourly' | 'client-limit' | 'otp-capacity';
export type OtpRequestResult = { ok: true } | { ok: false; reason: OtpRefusal; retryAfterMs: number };

/**
 * One check of a code: counted before it is made, so no more than `maxChecks` are ever made. `used`:
 * the phone's newest code was used (verified, or replaced by a code that could not be sent), so the
 * visitor needs a new one, not "a code first".
 */
export type OtpCheckStart =
  | { status: 'check'; codeId: number; codeHash: string | null; checksLeft: number }
  | { status: 'none' | 'expired' | 'too-many' | 'used' };

/** The phone's unused codes may not be used again. */
const finishCodes = (phone: string, now: number) =>
  db.updateTable('otp_codes').set({ consumed_at: now }).where('phone', '=', phone).where('consumed_at', 'is', null);

export const otp = {
  *request(r: OtpRequest) {
    return yield* requestCode(r);
  },

  *startCheck({ phone, now, maxChecks }: { phone: string; now: number; maxChecks: number }) {
    yield* lock(`otp:${phone}`);
    const code = yield* one(
      db
        .selectFrom('otp_codes')
        .select(['id', 'code_hash', 'expires_at', 'checks'])
        .where('phone', '=', phone)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1),
    );
    if (!code) {
      const newest = yield* one(
        db.selectFrom('otp_codes').select('id').where('phone', '=', phone).orderBy('created_at', 'desc').limit(1),
      );
      return { status: newest ? 'used' : 'none' } as OtpCheckStart;
    }
    if (num(code.expires_at) <= now) return { status: 'expired' } as OtpCheckStart;
    if (num(code.checks) >= maxChecks) return { status: 'too-many' } as OtpCheckStart;
    yield* one(
      db
        .updateTable('otp_codes')
        .set((eb) => ({ checks: eb('checks', '+', 1) }))
        .where('id', '=', code.id),
    );
    return {
      status: 'check',
      codeId: num(code.id),
      codeHash: (code.code_hash as string | null) ?? null,
      checksLeft: maxChecks - num(code.checks) - 1,
    } as OtpCheckStart;
  },

  /** Marks a code used; true for the one caller that did so (however many checks raced). */
  *consume({ codeId, now }: { codeId: number; now: number }) {
    const used = (yield* query(
      db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', codeId)
        .where('consumed_at', 'is', null)
        .returning('embed_id'),
    ))[0];
    if (used) yield* bump('verified', now, { embedId: used.embed_id });
    return used !== undefined;
  },

  /** Forgets the code made at `createdAt` (it could not be sent), so it counts against no limit. */
  *cancel({ phone, createdAt }: { phone: string; createdAt: number }) {
    const gone = yield* query(
      db.deleteFrom('otp_codes').where('phone', '=', phone).where('created_at', '=', createdAt).returning('embed_id'),
    );
    for (const code of gone) yield* bump('codes-sent', createdAt, { embedId: code.embed_id }, -1);
  },

  /** The phone's current code may not be used again. */
  *finish({ phone, now }: { phone: string; now: number }) {
    yield* one(finishCodes(phone, now));
  },
};

function* requestCode(r: OtpRequest) {
  yield* lock('otp');
  const since = r.now - HOUR;
  const phoneTimes = (yield* query(
    db
      .selectFrom('otp_codes')
      .select('created_at')
      .where('phone', '=', r.phone)
      .where('created_at', '>', since)
      .orderBy('created_at'),
  )).map((row) => num(row.created_at));
  const last = phoneTimes.at(-1);
  const refuse = (reason: OtpRefusal, retryAfterMs: number): OtpRequestResult => ({
    ok: false,
    reason,
    retryAfterMs: Math.max(1000, retryAfterMs),
  });
  if (last !== undefined && r.now - last < r.cooldownMs) return refuse('cooldown', last + r.cooldownMs - r.now);
  if (phoneTimes.length >= r.perPhoneHour)
    return refuse('hourly', phoneTimes[phoneTimes.length - r.perPhoneHour] + HOUR - r.now);
  const recent = db.selectFrom('otp_codes').select('created_at').where('created_at', '>', since);
  const client = yield* oldestOver(
    recent.where('client_ip', '=', r.clientIp).orderBy('created_at', 'desc').limit(r.perClientHour),
    r.perClientHour,
  );
  if (client !== null) return refuse('client-limit', client + HOUR - r.now);
  const service = yield* oldestOver(recent.orderBy('created_at', 'desc').limit(r.perServiceHour), r.perServiceHour);
  if (service !== null) return refuse('otp-capacity', service + HOUR - r.now);
  // A new code replaces the old one.
  yield* one(finishCodes(r.phone, r.now));
  yield* one(
    db.insertInto('otp_codes').values({
      phone: r.phone,
      client_ip: r.clientIp,
      code_hash: r.codeHash,
      created_at: r.now,
      expires_at: r.now + r.ttlMs,
      embed_id: r.embedId ?? null,
    }),
  );
  yield* bump('codes-sent', r.now, { embedId: r.embedId });
  return { ok: true } as OtpRequestResult;
}

/** When the limit is reached: the time of the oldest of the last `limit` codes (it frees a place an hour later). */
function* oldestOver(statement: Query<{ created_at: number | string }>, limit: number) {
  const rows = yield* query(statement);
  return rows.length >= limit ? num(rows.at(-1)?.created_at) : null;
}
