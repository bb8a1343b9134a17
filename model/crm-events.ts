// What the CRM webhook receives: `lead.created` once, then `lead.call.updated` whenever the call is
// placed, scheduled, failed or ended, and `lead.erased` when the person's data is erased. Part of the model, not the domain: storage builds
// each body inside the transaction that makes the change, so an event exists exactly when its change does.

import type { Call } from './calls.ts';
import type { Lead, LeadDemo } from './lead.ts';

export type CrmEvent = 'lead.created' | 'lead.call.updated' | 'lead.erased';

export function crmPayload(
  event: CrmEvent,
  deliveryId: string,
  occurredAt: number,
  lead: Lead,
  call: Call | null,
  demo: LeadDemo | null = null,
  embed: { id: string; name: string } | null = null,
): string {
  // `embed`: the partner page or landing page the lead came from (issue 54), null for the service's own.
  const base = { id: deliveryId, event, occurredAt: new Date(occurredAt).toISOString(), embed };
  // `demo`: the web demo the visitor tried from the same tab first, with its length once reported.
  if (event === 'lead.created')
    return JSON.stringify({ ...base, lead, call: call && { status: call.status, callAt: call.callAt }, demo });
  const { id, agentId, name, phone } = lead;
  return JSON.stringify({ ...base, lead: { id, agentId, name, phone }, call });
}

/**
 * `lead.erased`: the person's data is gone from the service; the CRM should erase its copy of the lead.
 * Only what identifies the lead record itself, nothing about the person.
 */
export function erasedPayload(
  deliveryId: string,
  occurredAt: number,
  lead: { id: number; agentId: string; createdAt: string },
): string {
  const at = new Date(occurredAt).toISOString();
  return JSON.stringify({
    id: deliveryId,
    event: 'lead.erased',
    occurredAt: at,
    lead: { id: lead.id, agentId: lead.agentId, createdAt: lead.createdAt, erasedAt: at },
  });
}
