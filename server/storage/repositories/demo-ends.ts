// How a web demo ends apart from its call's report: the widget's End (or its tab closing), and the
// provider's session.* messages about a chat. Each is a claim checked against the grant, and none
// reopens a demo that has ended.
import { db, lock, num, one } from '../query.ts';

export type DemoEnd = {
  id: string;
  /** The client that was granted it (keyed hash): the widget's end counts only from there. */
  clientHash: string;
  now: number;
  transcript: string | null;
};

export type DemoSessionMessage = {
  kind: 'created' | 'updated' | 'deleted';
  /** The widget's `variableValues.demoSessionId` (or `metadata`), as the chat's session carries it. */
  id: string | null;
  /** The provider's chat session: a session matched once is found by it afterwards. */
  providerSessionId: string | null;
  assistantId: string | null;
  now: number;
  transcript: string | null;
};

/** A demo's length from its grant to `now`, to a tenth of a second. */
const lengthOf = (createdAt: unknown, now: number) => Math.max(0, Math.round((now - num(createdAt)) / 100) / 10);

export const demoEnds = {
  /** The widget's end: 'ended' for an unfinished grant of this client, else 'unchanged' (never told apart). */
  *end(e: DemoEnd) {
    yield* lock('demo');
    const demo = yield* one(
      db
        .selectFrom('demo_sessions')
        .select(['created_at', 'transcript'])
        .where('id', '=', e.id)
        .where('client_hash', '=', e.clientHash)
        .where('ended_at', 'is', null),
    );
    if (!demo) return 'unchanged' as const;
    yield* one(
      db
        .updateTable('demo_sessions')
        .set({
          ended_at: e.now,
          duration_seconds: lengthOf(demo.created_at, e.now),
          transcript: e.transcript ?? demo.transcript,
        })
        .where('id', '=', e.id),
    );
    return 'ended' as const;
  },

  /**
   * A chat's session.* message: 'updated' when it names an unfinished demo of its assistant (created and
   * updated keep the chat's words so far; deleted ends it), 'unchanged' for one that has ended, else 'unknown'.
   */
  *session(m: DemoSessionMessage) {
    yield* lock('demo');
    const columns = ['id', 'assistant_id', 'ended_at', 'created_at', 'provider_session_id'] as const;
    const byId = m.id ? yield* one(db.selectFrom('demo_sessions').select(columns).where('id', '=', m.id)) : undefined;
    const demo =
      byId ??
      (m.providerSessionId
        ? yield* one(
            db.selectFrom('demo_sessions').select(columns).where('provider_session_id', '=', m.providerSessionId),
          )
        : undefined);
    if (!demo || (m.assistantId !== null && demo.assistant_id !== m.assistantId)) return 'unknown' as const;
    // A demo already tied to another chat session is not taken over by this one.
    if (demo.provider_session_id && m.providerSessionId && demo.provider_session_id !== m.providerSessionId)
      return 'unknown' as const;
    if (demo.ended_at !== null) return 'unchanged' as const;
    yield* one(
      db
        .updateTable('demo_sessions')
        .set({
          provider_session_id: demo.provider_session_id ?? m.providerSessionId,
          ...(m.transcript !== null && { transcript: m.transcript }),
          ...(m.kind === 'deleted' && { ended_at: m.now, duration_seconds: lengthOf(demo.created_at, m.now) }),
        })
        .where('id', '=', demo.id),
    );
    return 'updated' as const;
  },
};
