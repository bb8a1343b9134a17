// One-time codes and every limit on sending them (per phone, per client address, for the whole
// service). One lock serialises code requests across instances, so each limit holds exactly.
import { lock, num, one, query, sql } from '../sql.ts';
import { bump } from './tallies.ts';

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
};
export type OtpRefusal = 'cooldown' | 'hourly' | 'client-limit' | 'otp-capacity';
export type OtpRequestResult = { ok: true } | { ok: false; reason: OtpRefusal; retryAfterMs: number };

/** One check of a code: counted before it is made, so no more than `maxChecks` are ever made. */
export type OtpCheckStart =
  | { status: 'check'; codeId: number; codeHash: string | null; checksLeft: number }
  | { status: 'none' | 'expired' | 'too-many' };

export const otp = {
  *request(r: OtpRequest) {
    return yield* requestCode(r);
  },

  *startCheck({ phone, now, maxChecks }: { phone: string; now: number; maxChecks: number }) {
    yield* lock(`otp:${phone}`);
    const code = yield* one(
      sql`SELECT id, code_hash, expires_at, checks FROM otp_codes WHERE phone = ${phone} AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    );
    if (!code) return { status: 'none' } as OtpCheckStart;
    if (num(code.expires_at) <= now) return { status: 'expired' } as OtpCheckStart;
    if (num(code.checks) >= maxChecks) return { status: 'too-many' } as OtpCheckStart;
    yield* one(sql`UPDATE otp_codes SET checks = checks + 1 WHERE id = ${code.id}`);
    return {
      status: 'check',
      codeId: num(code.id),
      codeHash: (code.code_hash as string | null) ?? null,
      checksLeft: maxChecks - num(code.checks) - 1,
    } as OtpCheckStart;
  },

  /** Marks a code used; true for the one caller that did so (however many checks raced). */
  *consume({ codeId, now }: { codeId: number; now: number }) {
    const used =
      (yield* query(
        sql`UPDATE otp_codes SET consumed_at = ${now} WHERE id = ${codeId} AND consumed_at IS NULL RETURNING id`,
      )).length === 1;
    if (used) yield* bump('verified', now);
    return used;
  },

  /** Forgets the code made at `createdAt` (it could not be sent), so it counts against no limit. */
  *cancel({ phone, createdAt }: { phone: string; createdAt: number }) {
    const gone = yield* query(
      sql`DELETE FROM otp_codes WHERE phone = ${phone} AND created_at = ${createdAt} RETURNING id`,
    );
    if (gone.length) yield* bump('codes-sent', createdAt, {}, -gone.length);
  },

  /** The phone's current code may not be used again. */
  *finish({ phone, now }: { phone: string; now: number }) {
    yield* one(sql`UPDATE otp_codes SET consumed_at = ${now} WHERE phone = ${phone} AND consumed_at IS NULL`);
  },
};

function* requestCode(r: OtpRequest) {
  yield* lock('otp');
  const since = r.now - HOUR;
  const phoneTimes = (yield* query(
    sql`SELECT created_at FROM otp_codes WHERE phone = ${r.phone} AND created_at > ${since} ORDER BY created_at`,
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
  const client = yield* oldestOver(
    sql`SELECT created_at FROM otp_codes WHERE client_ip = ${r.clientIp} AND created_at > ${since} ORDER BY created_at DESC LIMIT ${r.perClientHour}`,
    r.perClientHour,
  );
  if (client !== null) return refuse('client-limit', client + HOUR - r.now);
  const service = yield* oldestOver(
    sql`SELECT created_at FROM otp_codes WHERE created_at > ${since} ORDER BY created_at DESC LIMIT ${r.perServiceHour}`,
    r.perServiceHour,
  );
  if (service !== null) return refuse('otp-capacity', service + HOUR - r.now);
  // A new code replaces the old one.
  yield* one(sql`UPDATE otp_codes SET consumed_at = ${r.now} WHERE phone = ${r.phone} AND consumed_at IS NULL`);
  yield* one(
    sql`INSERT INTO otp_codes (phone, client_ip, code_hash, created_at, expires_at) VALUES (${r.phone}, ${r.clientIp}, ${r.codeHash}, ${r.now}, ${r.now + r.ttlMs})`,
  );
  yield* bump('codes-sent', r.now);
  return { ok: true } as OtpRequestResult;
}

/** When the limit is reached: the time of the oldest of the last `limit` codes (it frees a place an hour later). */
function* oldestOver(statement: ReturnType<typeof sql>, limit: number) {
  const rows = yield* query(statement);
  return rows.length >= limit ? num(rows.at(-1)?.created_at) : null;
}
