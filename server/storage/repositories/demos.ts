// The web demos POST /api/voice/session grants, and the limits on them: per client address per hour,
// and minutes per UTC day for the whole service. One lock serialises grants across instances (as the
// code limits' does, ./otp.ts), so each limit holds exactly however many requests race.
import { db, lock, num, one, query } from '../query.ts';
import { demoEnds } from './demo-ends.ts';
import { countDemo } from './demo-tallies.ts';
import type { Int, Big, BigOrNull, Real } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface DemoSessionsTable {
  id: string;
  assistant_id: string;
  agent_id: string | null;
  mode: string;
  origin: string;
  page_url: string | null;
  client_hash: string;
  created_at: Big;
  grant_seconds: Int;
  ended_at: BigOrNull;
  duration_seconds: Real | null;
  ended_reason: string | null;
  summary: string | null;
  transcript: string | null;
  provider_call_id: string | null;
  call_seconds: Real | null;
  provider_session_id: string | null;
  continuations: Generated<Int>;
  embed_id: string | null;
}
declare module '../schema.ts' {
  interface Database {
    demo_sessions: DemoSessionsTable;
  }
}

const HOUR = 3_600_000;
/** How often one demo may be continued: each continuation answers a token, and is no grant of its own. */
export const CONTINUATIONS_MAX = 5;
const DAY = 86_400_000;

export type DemoGrant = {
  id: string;
  /** The conversation's demo so far (the widget's `demoSessionId`): continued when it may be (`continuable`). */
  continues?: string;
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
  /** The embed the card was part of (issue 54). */
  embedId?: string | null;
};

/**
 * `usedBefore`/`usedAfter`: seconds of the day's budget counted before and after this grant (calls only);
 * `id`: the demo granted, the continued one's or the new one's.
 */
export type DemoGrantResult =
  | { ok: true; id: string; continued: boolean; usedBefore: number; usedAfter: number }
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

/** Modes whose demo has a call: each counts against the day's minutes. */
export const WITH_CALL = ['voice', 'hybrid'] as const;

/** The day's demos with a call, each counted by its call's reported seconds, or its grant until reported. */
export function* usedSeconds(now: number) {
  const start = dayOf(now);
  const rows = yield* query(
    db
      .selectFrom('demo_sessions')
      .select(['grant_seconds', 'call_seconds'])
      .where('mode', 'in', WITH_CALL)
      .where('created_at', '>=', start)
      .where('created_at', '<', start + DAY),
  );
  return rows.reduce(
    (sum, row) => sum + (row.call_seconds === null ? num(row.grant_seconds) : num(row.call_seconds)),
    0,
  );
}

/**
 * What a continuation asked with `mode` makes of the demo it names: its new mode, or null when it
 * is no continuation (another assistant or client, finished, over an hour old, or a second call).
 */
function* continuable(g: DemoGrant) {
  if (!g.continues) return null;
  const demo = yield* one(
    db
      .selectFrom('demo_sessions')
      .select(['mode', 'created_at'])
      .where('id', '=', g.continues)
      .where('assistant_id', '=', g.assistantId)
      .where('client_hash', '=', g.clientHash)
      .where('ended_at', 'is', null)
      .where('created_at', '>', g.now - HOUR)
      .where('continuations', '<', CONTINUATIONS_MAX),
  );
  if (!demo) return null;
  // One call a demo: a second call of the conversation is a grant of its own.
  if (g.mode === 'voice' && demo.mode !== 'text') return null;
  return { mode: demo.mode === g.mode ? demo.mode : 'hybrid', createdAt: num(demo.created_at) };
}

/** The continued demo: a call added to a chat reserves its seconds, as a new call's grant does. */
function* continued(g: DemoGrant, next: { mode: string; createdAt: number }) {
  const id = g.continues!;
  const addsCall = g.mode === 'voice';
  const used = addsCall ? yield* usedSeconds(next.createdAt) : 0;
  if (addsCall && used + g.grantSeconds > g.budgetSeconds)
    return {
      ok: false,
      reason: 'demo-budget',
      retryAfterMs: Math.max(1000, dayOf(g.now) + DAY - g.now),
      used,
    } as DemoGrantResult;
  yield* one(
    db
      .updateTable('demo_sessions')
      .set((eb) => ({
        mode: next.mode,
        continuations: eb('continuations', '+', 1),
        ...(addsCall && { grant_seconds: g.grantSeconds }),
      }))
      .where('id', '=', id),
  );
  return {
    ok: true,
    id,
    continued: true,
    usedBefore: used,
    usedAfter: addsCall ? used + g.grantSeconds : used,
  } as DemoGrantResult;
}

export const demos = {
  *grant(g: DemoGrant) {
    yield* lock('demo');
    const next = yield* continuable(g);
    if (next) return yield* continued(g, next);
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
        embed_id: g.embedId ?? null,
      }),
    );
    yield* countDemo({
      createdAt: g.now,
      agentId: g.agentId,
      origin: g.origin,
      pageUrl: g.pageUrl,
      embedId: g.embedId ?? null,
    });
    return {
      ok: true,
      id: g.id,
      continued: false,
      usedBefore: used,
      usedAfter: g.mode === 'voice' ? used + g.grantSeconds : used,
    } as DemoGrantResult;
  },

  /**
   * A web call's end-of-call report: 'updated' for the first report of a granted demo of that assistant,
   * 'unchanged' once its call was reported, 'unknown' for anything else. A report never reopens a demo:
   * one the widget ended first only gains its call's figures (the budget counts its reported seconds).
   * A voice demo ends with its call; a chat's demo (that a call joined) ends with the chat.
   * `usedBefore`/`usedAfter`: the day's budget around it (the report replaces the grant's seconds).
   */
  *report(r: DemoReport) {
    yield* lock('demo');
    const demo = yield* one(
      db
        .selectFrom('demo_sessions')
        .select(['assistant_id', 'ended_at', 'created_at', 'mode', 'call_seconds', 'grant_seconds'])
        .where('id', '=', r.id),
    );
    if (!demo || (r.assistantId !== null && demo.assistant_id !== r.assistantId)) return { result: 'unknown' as const };
    if (demo.call_seconds !== null) return { result: 'unchanged' as const };
    const at = num(demo.created_at);
    const usedBefore = yield* usedSeconds(at);
    const ends = demo.ended_at === null && demo.mode === 'voice';
    yield* one(
      db
        .updateTable('demo_sessions')
        .set((eb) => ({
          // A call under a chat's grant (no call asked for) is a hybrid all the same: its seconds count.
          mode: demo.mode === 'text' ? 'hybrid' : demo.mode,
          call_seconds: r.durationSeconds ?? num(demo.grant_seconds),
          ended_reason: r.endedReason,
          summary: r.summary,
          provider_call_id: r.providerCallId,
          ...(ends
            ? { ended_at: r.now, duration_seconds: r.durationSeconds, transcript: r.transcript }
            : demo.ended_at === null && { transcript: eb.fn.coalesce('transcript', eb.val(r.transcript)) }),
        }))
        .where('id', '=', r.id),
    );
    const usedAfter = yield* usedSeconds(at);
    return { result: 'updated' as const, usedBefore, usedAfter };
  },

  ...demoEnds,

  /** One demo as stored (tests, and the desk later). */
  *get({ id }: { id: string }) {
    return yield* one(db.selectFrom('demo_sessions').selectAll().where('id', '=', id));
  },
};
