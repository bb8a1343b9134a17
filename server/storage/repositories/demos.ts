// The web demos POST /api/voice/session grants, and the limits on them: per client address per hour,
// and minutes per UTC day for the whole service. One lock serialises grants across instances (as the
// code limits' does, ./otp.ts), so each limit holds exactly however many requests race.
import { db, lock, num, one, query } from '../query.ts';
import { countDemo } from './demo-tallies.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

export type DemoGrant = {
  id: string;
  assistantId: string;
  agentId: string | null;
  mode: 'voice' | 'text';
  origin: string;
  pageUrl: string | null;
  clientHash: string;
  now: number;
  /** The seconds this demo may last: counted against the day until its report says how long it was. */
  grantSeconds: number;
  perClientHour: number;
  /** Seconds of voice demos per UTC day. */
  budgetSeconds: number;
};

/** `usedBefore`/`usedAfter`: seconds of the day's budget counted before and after this grant (voice only). */
export type DemoGrantResult =
  | { ok: true; usedBefore: number; usedAfter: number }
  | { ok: false; reason: 'demo-limit' | 'demo-budget'; retryAfterMs: number; used: number };

export type DemoReport = {
  id: string;
  assistantId: string | null;
  now: number;
  providerCallId: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  summary: string | null;
  transcript: string | null;
};

const dayOf = (now: number) => now - (now % DAY);

/** The day's voice demos, each counted by its report's duration, or its grant until it is reported. */
function* usedSeconds(now: number) {
  const start = dayOf(now);
  const rows = yield* query(
    db
      .selectFrom('demo_sessions')
      .select(['grant_seconds', 'duration_seconds'])
      .where('mode', '=', 'voice')
      .where('created_at', '>=', start)
      .where('created_at', '<', start + DAY),
  );
  return rows.reduce(
    (sum, row) => sum + (row.duration_seconds === null ? num(row.grant_seconds) : num(row.duration_seconds)),
    0,
  );
}

export const demos = {
  *grant(g: DemoGrant) {
    yield* lock('demo');
    const refuse = (reason: 'demo-limit' | 'demo-budget', retryAfterMs: number, used: number): DemoGrantResult => ({
      ok: false,
      reason,
      retryAfterMs: Math.max(1000, retryAfterMs),
      used,
    });
    const client = yield* query(
      db
        .selectFrom('demo_sessions')
        .select('created_at')
        .where('client_hash', '=', g.clientHash)
        .where('created_at', '>', g.now - HOUR)
        .orderBy('created_at', 'desc')
        .limit(g.perClientHour),
    );
    const used = g.mode === 'voice' ? yield* usedSeconds(g.now) : 0;
    if (client.length >= g.perClientHour)
      return refuse('demo-limit', num(client.at(-1)?.created_at) + HOUR - g.now, used);
    if (g.mode === 'voice' && used + g.grantSeconds > g.budgetSeconds)
      return refuse('demo-budget', dayOf(g.now) + DAY - g.now, used);
    yield* one(
      db.insertInto('demo_sessions').values({
        id: g.id,
        assistant_id: g.assistantId,
        agent_id: g.agentId,
        mode: g.mode,
        origin: g.origin,
        page_url: g.pageUrl,
        client_hash: g.clientHash,
        created_at: g.now,
        grant_seconds: g.grantSeconds,
      }),
    );
    yield* countDemo({ createdAt: g.now, agentId: g.agentId, origin: g.origin, pageUrl: g.pageUrl });
    return {
      ok: true,
      usedBefore: used,
      usedAfter: g.mode === 'voice' ? used + g.grantSeconds : used,
    } as DemoGrantResult;
  },

  /**
   * A demo's end-of-call report: 'updated' for the first report of a granted demo of that assistant,
   * 'unchanged' once it has ended (a finished demo is never reopened), 'unknown' for anything else.
   * `usedBefore`/`usedAfter`: the day's budget around it (the report replaces the grant's seconds).
   */
  *report(r: DemoReport) {
    yield* lock('demo');
    const demo = yield* one(
      db.selectFrom('demo_sessions').select(['assistant_id', 'ended_at', 'created_at', 'mode']).where('id', '=', r.id),
    );
    if (!demo || (r.assistantId !== null && demo.assistant_id !== r.assistantId)) return { result: 'unknown' as const };
    if (demo.ended_at !== null) return { result: 'unchanged' as const };
    const at = num(demo.created_at);
    const usedBefore = demo.mode === 'voice' ? yield* usedSeconds(at) : 0;
    yield* one(
      db
        .updateTable('demo_sessions')
        .set({
          ended_at: r.now,
          duration_seconds: r.durationSeconds,
          ended_reason: r.endedReason,
          summary: r.summary,
          transcript: r.transcript,
          provider_call_id: r.providerCallId,
        })
        .where('id', '=', r.id)
        .where('ended_at', 'is', null),
    );
    const usedAfter = demo.mode === 'voice' ? yield* usedSeconds(at) : 0;
    return { result: 'updated' as const, usedBefore, usedAfter };
  },

  /** One demo as stored (tests, and the desk later). */
  *get({ id }: { id: string }) {
    return yield* one(db.selectFrom('demo_sessions').selectAll().where('id', '=', id));
  },
};
