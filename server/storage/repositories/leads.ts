// Leads: who asked for a demo, with proof of consent and where they came from. A lead is stored with
// its call job and its CRM events in one transaction, so none exists without the others.
import type { CallState } from '../../../model/calls.ts';
import { join, lock, num, numOrNull, one, query, sql } from '../sql.ts';
import { OUTCOMES, outcomeOf } from '../../../model/call-outcomes.ts';
import { searchTerms } from '../../../model/search.ts';
import { enqueue } from './outbox.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf, leadWhere } from './rows.ts';
import { bump } from './tallies.ts';

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

/** Stores what a desk search finds the lead by (../../model/search.ts). */
export function* indexTerms(leadId: number, name: string, phone: string) {
  const rows = searchTerms(name, phone).map((term) => sql`(${term}, ${leadId})`);
  if (rows.length)
    yield* one(
      sql`INSERT INTO lead_search (term, lead_id) VALUES ${join(rows, ', ')} ON CONFLICT (term, lead_id) DO NOTHING`,
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
    if (yield* one(sql`SELECT 1 AS used FROM leads WHERE token_id = ${lead.tokenId}`)) return 'token-used' as LeadAdded;
    const earlier =
      yield* one(sql`SELECT l.id, c.status, c.call_at, c.placed_at FROM leads l JOIN calls c ON c.lead_id = l.id
      WHERE l.phone = ${lead.phone} AND l.agent_id = ${lead.agentId} AND l.created_ms > ${lead.createdAt - duplicateWindowMs} ORDER BY l.id DESC LIMIT 1`);
    if (earlier)
      return {
        id: num(earlier.id),
        status: earlier.status as CallState,
        callAt: numOrNull(earlier.call_at),
        duplicate: true,
        placedAt: numOrNull(earlier.placed_at),
      } as LeadAdded;
    const u = lead.utm;
    // The text columns of the times are still written (a release back reads them); nothing of ours reads them.
    const text = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const inserted =
      yield* one(sql`INSERT INTO leads (agent_id, name, phone, phone_hash, token_id, created_at, created_ms, consent_text, consent_version, consent_sha256,
        consented_at, consented_ms, verified_at, verified_ms, client_ip, user_agent, page_url, referrer, time_zone, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid, metadata)
      VALUES (${lead.agentId}, ${lead.name}, ${lead.phone}, ${lead.phoneHash ?? null}, ${lead.tokenId}, ${text(lead.createdAt)}, ${lead.createdAt}, ${lead.consentText},
        ${lead.consentVersion}, ${lead.consentSha256}, ${text(lead.consentedAt)}, ${lead.consentedAt}, ${text(lead.verifiedAt)}, ${lead.verifiedAt}, ${lead.clientIp}, ${lead.userAgent}, ${lead.pageUrl}, ${lead.referrer},
        ${lead.timeZone}, ${u.source ?? null}, ${u.medium ?? null}, ${u.campaign ?? null}, ${u.term ?? null}, ${u.content ?? null}, ${lead.clickIds.gclid ?? null},
        ${lead.clickIds.fbclid ?? null}, ${JSON.stringify(lead.metadata)})
      RETURNING id`);
    const id = num(inserted?.id);
    const due = plan.status === 'pending' || plan.status === 'scheduled' ? (plan.callAt ?? lead.createdAt) : null;
    const outcome = outcomeOf({ status: plan.status, failureReason: plan.failureReason });
    yield* one(sql`INSERT INTO calls (lead_id, status, call_at, next_attempt_at, failure_reason, updated_at, outcome, to_call)
      VALUES (${id}, ${plan.status}, ${plan.callAt}, ${due}, ${plan.failureReason ?? null}, ${lead.createdAt}, ${outcome}, ${OUTCOMES[outcome].toCall ? 1 : 0})`);
    yield* indexTerms(id, lead.name, lead.phone);
    const dims = { agentId: lead.agentId, campaign: u.campaign };
    yield* bump('leads', lead.createdAt, dims);
    if (OUTCOMES[outcome].final) yield* bump(`outcome:${outcome}`, lead.createdAt, dims);
    if (deliver) {
      const row = yield* one(
        sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS} FROM leads l JOIN calls c ON c.lead_id = l.id WHERE l.id = ${id}`,
      );
      const stored = leadOf(row!);
      yield* enqueue('lead.created', lead.createdAt, stored, callOf(row!));
      if (plan.status === 'scheduled' || plan.status === 'failed')
        yield* enqueue('lead.call.updated', lead.createdAt, stored, callOf(row!));
    }
    return { id, status: plan.status, callAt: plan.callAt, duplicate: false } as LeadAdded;
  },

  /** Leads with their calls, oldest first (exports) or filtered. */
  *list({ from, to, agentId, callStatus, limit = 1_000_000 }: LeadFilter = {}) {
    const where = yield* leadWhere({ from, to, agentId, callStatus });
    const rows = yield* query(
      sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS} FROM leads l LEFT JOIN calls c ON c.lead_id = l.id WHERE ${where} ORDER BY l.id LIMIT ${limit}`,
    );
    return rows.map((r) => ({ lead: leadOf(r), call: callOf(r) }));
  },

  *get({ id }: { id: number }) {
    const row = yield* one(
      sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS} FROM leads l LEFT JOIN calls c ON c.lead_id = l.id WHERE l.id = ${id}`,
    );
    return row ? { lead: leadOf(row), call: callOf(row) } : null;
  },
};
