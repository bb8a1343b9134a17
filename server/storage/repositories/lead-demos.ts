// A lead and the web demo its tab tried first (issue 46). The lead's `demoSessionId` is a claim: it is
// stored only when it names a grant the gate made to the same client. The demo is read back for the desk's lead page, the
// CRM's `lead.created` and the person's access export; erasure and retention remove it (./erasure.ts,
// ./retention.ts).
import type { LeadDemo } from '../../../model/lead.ts';
import { db, num, numOrNull, one, reads } from '../query.ts';

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(num(ms)).toISOString());
const modeOf = (mode: unknown): LeadDemo['mode'] =>
  mode === 'voice' || mode === 'text' || mode === 'hybrid' ? mode : null;

/**
 * The id a new lead stores: the claim's when a grant by that id was made to this client; null for none, an
 * unknown one or another client's (whose transcript the lead would show, and whose demo its erasure would take).
 */
export function* claimedDemo(id: string | null | undefined, clientHash: string | null | undefined) {
  if (!id || !clientHash) return null;
  const grant = yield* one(
    db.selectFrom('demo_sessions').select('id').where('id', '=', id).where('client_hash', '=', clientHash),
  );
  return grant ? id : null;
}

/** A stored demo id as the lead's answers carry it (its mode and length as far as known). */
export function* leadDemo(sessionId: string | null) {
  if (!sessionId) return null;
  const row = yield* one(
    db.selectFrom('demo_sessions').select(['mode', 'duration_seconds']).where('id', '=', sessionId),
  );
  return { sessionId, mode: modeOf(row?.mode), durationSeconds: numOrNull(row?.duration_seconds) } as LeadDemo;
}

/** Everything a demo holds but the client's keyed hash (which names no one without DATA_HASH_KEY): the access export's. */
export function* demoRecord(sessionId: string | null) {
  if (!sessionId) return null;
  const d = yield* one(db.selectFrom('demo_sessions').selectAll().where('id', '=', sessionId));
  if (!d) return null;
  return {
    sessionId,
    agentId: d.agent_id,
    assistantId: d.assistant_id,
    mode: modeOf(d.mode),
    origin: d.origin,
    pageUrl: d.page_url,
    startedAt: iso(d.created_at),
    endedAt: iso(d.ended_at),
    durationSeconds: numOrNull(d.duration_seconds),
    endedReason: d.ended_reason,
    summary: d.summary,
    transcript: d.transcript,
    providerCallId: d.provider_call_id,
  };
}

export const leadDemos = {
  /** The demo lead `leadId` tried first; null when it names none (or there is no such lead). */
  ofLead: reads(function* ({ leadId }: { leadId: number }) {
    const row = yield* one(db.selectFrom('leads').select('demo_session_id').where('id', '=', leadId));
    return yield* leadDemo(row?.demo_session_id ?? null);
  }),
};
