// What the CRM webhook receives: `lead.created` once, then `lead.call.updated` whenever the call is
// placed, scheduled, failed or ended. Pure: storage builds each body inside the transaction that
// makes the change, so an event exists exactly when its change does.

export type Utm = { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
export type ClickIds = { gclid?: string; fbclid?: string };

/** A lead as the service keeps it (times as ISO 8601). */
export type Lead = {
  id: number;
  createdAt: string;
  agentId: string;
  name: string;
  phone: string;
  consent: { text: string; version: string | null; sha256: string | null; consentedAt: string | null; verifiedAt: string | null };
  source: { pageUrl: string | null; referrer: string | null; userAgent: string | null; ip: string; timeZone: string | null; utm: Utm; clickIds: ClickIds; metadata: Record<string, string> };
};

export type CallState = 'scheduled' | 'pending' | 'retrying' | 'placed' | 'ended' | 'failed' | 'not-configured';

/** The demo call of a lead and how it went. */
export type Call = {
  status: CallState;
  callAt: string | null;
  attempts: number;
  lastError: string | null;
  failureReason: string | null;
  providerCallId: string | null;
  providerStatus: string | null;
  endedReason: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  summary: string | null;
  successEvaluation: string | null;
  transcript: string | null;
  recordingUrl: string | null;
};

export type CrmEvent = 'lead.created' | 'lead.call.updated' | 'lead.erased';

export function crmPayload(event: CrmEvent, deliveryId: string, occurredAt: number, lead: Lead, call: Call | null): string {
  const base = { id: deliveryId, event, occurredAt: new Date(occurredAt).toISOString() };
  if (event === 'lead.created') return JSON.stringify({ ...base, lead, call: call && { status: call.status, callAt: call.callAt } });
  const { id, agentId, name, phone } = lead;
  return JSON.stringify({ ...base, lead: { id, agentId, name, phone }, call });
}

/**
 * `lead.erased`: the person's data is gone from the service; the CRM should erase its copy of the lead.
 * Only what identifies the lead record itself, nothing about the person.
 */
export function erasedPayload(deliveryId: string, occurredAt: number, lead: { id: number; agentId: string; createdAt: string }): string {
  const at = new Date(occurredAt).toISOString();
  return JSON.stringify({ id: deliveryId, event: 'lead.erased', occurredAt: at, lead: { id: lead.id, agentId: lead.agentId, createdAt: lead.createdAt, erasedAt: at } });
}
