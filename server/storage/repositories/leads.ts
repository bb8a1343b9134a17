// Leads: who asked for a demo, with proof of consent and where they came from. A lead is stored with
// its call job and its CRM events in one transaction, so none exists without the others.
import type { CallState } from '../../../model/calls.ts';
import { sql } from 'kysely';
import { db, lock, num, numOrNull, one, query, reads } from '../query.ts';
import { OUTCOMES, outcomeOf } from '../../../model/call-outcomes.ts';
import { searchTerms } from '../../../model/search.ts';
import { claimedDemo, leadDemo } from './lead-demos.ts';
import { enqueue } from './outbox.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf, leadWhere } from './rows.ts';
import { countDemoLead } from './demo-tallies.ts';
import { bump } from './tallies.ts';
import type { Int, BigOrNull } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface LeadSearchTable {
  term: string;
  lead_id: Int;
}
export interface LeadsTable {
  id: Generated<Int>;
  agent_id: string;
  name: string;
  phone: string;
  consent_text: string;
  client_ip: string;
  token_id: string;
  created_at: string;
  consent_version: string | null;
  consent_sha256: string | null;
  consented_at: string | null;
  verified_at: string | null;
  page_url: string | null;
  referrer: string | null;
  user_agent: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  metadata: string | null;
  time_zone: string | null;
  created_ms: BigOrNull;
  phone_hash: string | null;
  erased_at: BigOrNull;
  consented_ms: BigOrNull;
  verified_ms: BigOrNull;
  demo_session_id: string | null;
  embed_id: string | null;
}
declare module '../schema.ts' {
  interface Database {
    lead_search: LeadSearchTable;
    leads: LeadsTable;
  }
}

export type LeadInput = {
  agentId: string;
  name: string;
  phone: string;
  /** The number's keyed hash (domain/personal-data.ts): what stays of it once the lead is erased. */
  phoneHash?: string | null;
  tokenId: string;
  createdAt: number;
  consentText: string;
  consentVersion: string | null;
  consentSha256: string;
  /** When the visitor ticked the box (epoch ms, as every stored time), by their own clock; null when not sent. */
  consentedAt: number | null;
  /** When the phone number was verified (epoch ms). */
  verifiedAt: number | null;
  clientIp: string;
  userAgent: string | null;
  pageUrl: string | null;
  referrer: string | null;
  timeZone: string | null;
  utm: { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
  clickIds: { gclid?: string; fbclid?: string };
  metadata: Record<string, string>;
  /** The demo the visitor's tab tried first, as claimed: stored only when it names a grant to `demoClientHash`. */
  demoSessionId?: string | null;
  /** The asking client as the web demos' gate keeps it (domain/personal-data.ts `clientHash`). */
  demoClientHash?: string | null;
  /** The embed the form was part of (issue 54). */
  embedId?: string | null;
};

/** How the lead's call starts: due now, waiting for calling hours, or never (and why). */
export type CallPlan = {
  status: Extract<CallState, 'pending' | 'scheduled' | 'failed' | 'not-configured'>;
  callAt: number | null;
  failureReason?: string;
};

/** A duplicate carries the earlier call's `placedAt` (epoch ms, once placed), so the answer can say when it was made (#34). */
export type LeadAdded =
  { id: number; status: CallState; callAt: number | null; duplicate: boolean; placedAt?: number | null } | 'token-used';

export type LeadFilter = { from?: string; to?: string; agentId?: string; callStatus?: string; limit?: number };

/** A lead with its call (both stored), as the CRM's events carry them. */
export const leadWithCall = (id: number) =>
  db
    .selectFrom('leads as l')
    .innerJoin('calls as c', 'c.lead_id', 'l.id')
    .select([...LEAD_COLUMNS, ...CALL_COLUMNS])
    .where('l.id', '=', id);

/** Stores what a desk search finds the lead by (../../model/search.ts). */
export function* indexTerms(leadId: number, name: string, phone: string) {
  const rows = searchTerms(name, phone).map((term) => ({ term, lead_id: leadId }));
  if (rows.length)
    yield* one(
      db
        .insertInto('lead_search')
        .values(rows)
        .onConflict((oc) => oc.columns(['term', 'lead_id']).doNothing()),
    );
}

export const leads = {
  /**
   * Stores a lead, its call and its CRM events. A lead for the same phone and agent within
   * `duplicateWindowMs` is answered instead (no second call); a token makes one lead at most.
   */
  *add({
    lead,
    plan,
    deliver,
    duplicateWindowMs,
  }: {
    lead: LeadInput;
    plan: CallPlan;
    deliver: boolean;
    duplicateWindowMs: number;
  }) {
    yield* lock(`lead:${lead.phone}`);
    if (
      yield* one(
        db
          .selectFrom('leads')
          .select(sql`1`.as('used'))
          .where('token_id', '=', lead.tokenId),
      )
    )
      return 'token-used' as LeadAdded;
    const earlier = yield* one(
      db
        .selectFrom('leads as l')
        .innerJoin('calls as c', 'c.lead_id', 'l.id')
        .select(['l.id', 'c.status', 'c.call_at', 'c.placed_at'])
        .where('l.phone', '=', lead.phone)
        .where('l.agent_id', '=', lead.agentId)
        .where('l.created_ms', '>', lead.createdAt - duplicateWindowMs)
        .orderBy('l.id', 'desc')
        .limit(1),
    );
    if (earlier)
      return {
        id: num(earlier.id),
        status: earlier.status as CallState,
        callAt: numOrNull(earlier.call_at),
        duplicate: true,
        placedAt: numOrNull(earlier.placed_at),
      } as LeadAdded;
    const u = lead.utm;
    const demoSessionId = yield* claimedDemo(lead.demoSessionId, lead.demoClientHash);
    // The text columns of the times are still written (a release back reads them); nothing of ours reads them.
    const text = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const inserted = yield* one(
      db
        .insertInto('leads')
        .values({
          agent_id: lead.agentId,
          name: lead.name,
          phone: lead.phone,
          phone_hash: lead.phoneHash ?? null,
          token_id: lead.tokenId,
          created_at: text(lead.createdAt)!,
          created_ms: lead.createdAt,
          consent_text: lead.consentText,
          consent_version: lead.consentVersion,
          consent_sha256: lead.consentSha256,
          consented_at: text(lead.consentedAt),
          consented_ms: lead.consentedAt,
          verified_at: text(lead.verifiedAt),
          verified_ms: lead.verifiedAt,
          client_ip: lead.clientIp,
          user_agent: lead.userAgent,
          page_url: lead.pageUrl,
          referrer: lead.referrer,
          time_zone: lead.timeZone,
          utm_source: u.source ?? null,
          utm_medium: u.medium ?? null,
          utm_campaign: u.campaign ?? null,
          utm_term: u.term ?? null,
          utm_content: u.content ?? null,
          gclid: lead.clickIds.gclid ?? null,
          fbclid: lead.clickIds.fbclid ?? null,
          metadata: JSON.stringify(lead.metadata),
          demo_session_id: demoSessionId,
          embed_id: lead.embedId ?? null,
        })
        .returning('id'),
    );
    const id = num(inserted?.id);
    const due = plan.status === 'pending' || plan.status === 'scheduled' ? (plan.callAt ?? lead.createdAt) : null;
    const outcome = outcomeOf({ status: plan.status, failureReason: plan.failureReason });
    yield* one(
      db.insertInto('calls').values({
        lead_id: id,
        status: plan.status,
        call_at: plan.callAt,
        next_attempt_at: due,
        failure_reason: plan.failureReason ?? null,
        updated_at: lead.createdAt,
        outcome,
        to_call: OUTCOMES[outcome].toCall ? 1 : 0,
      }),
    );
    yield* indexTerms(id, lead.name, lead.phone);
    const dims = { agentId: lead.agentId, campaign: u.campaign };
    yield* bump('leads', lead.createdAt, { ...dims, embedId: lead.embedId });
    if (OUTCOMES[outcome].final) yield* bump(`outcome:${outcome}`, lead.createdAt, dims);
    if (demoSessionId) yield* countDemoLead(demoSessionId);
    if (deliver) {
      const row = yield* one(leadWithCall(id));
      const stored = leadOf(row!);
      yield* enqueue('lead.created', lead.createdAt, stored, callOf(row!), yield* leadDemo(demoSessionId));
      if (plan.status === 'scheduled' || plan.status === 'failed')
        yield* enqueue('lead.call.updated', lead.createdAt, stored, callOf(row!));
    }
    return { id, status: plan.status, callAt: plan.callAt, duplicate: false } as LeadAdded;
  },

  /** Leads with their calls, oldest first (exports) or filtered. */
  list: reads(function* ({ from, to, agentId, callStatus, limit = 1_000_000 }: LeadFilter = {}) {
    const where = yield* leadWhere({ from, to, agentId, callStatus });
    const rows = yield* query(
      db
        .selectFrom('leads as l')
        .leftJoin('calls as c', 'c.lead_id', 'l.id')
        .select([...LEAD_COLUMNS, ...CALL_COLUMNS])
        .where((eb) => eb.and(where))
        .orderBy('l.id')
        .limit(limit),
    );
    return rows.map((r) => ({ lead: leadOf(r), call: callOf(r) }));
  }),

  get: reads(function* ({ id }: { id: number }) {
    const row = yield* one(
      db
        .selectFrom('leads as l')
        .leftJoin('calls as c', 'c.lead_id', 'l.id')
        .select([...LEAD_COLUMNS, ...CALL_COLUMNS])
        .where('l.id', '=', id),
    );
    return row ? { lead: leadOf(row), call: callOf(row) } : null;
  }),
};
