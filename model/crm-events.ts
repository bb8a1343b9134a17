// What the CRM webhook receives: `lead.created` once, then `lead.call.updated` whenever the call is
// placed, scheduled, failed or ended. Part of the model, not the domain: storage builds
// each body inside the transaction that makes the change, so an event exists exactly when its change does.

import type { Call } from './calls.ts';
import type { Lead } from './lead.ts';

export type CrmEvent = 'lead.created' | 'lead.call.updated';

export function crmPayload(event: CrmEvent, deliveryId: string, occurredAt: number, lead: Lead, call: Call | null): string {
  const base = { id: deliveryId, event, occurredAt: new Date(occurredAt).toISOString() };
  if (event === 'lead.created') return JSON.stringify({ ...base, lead, call: call && { status: call.status, callAt: call.callAt } });
  const { id, agentId, name, phone } = lead;
  return JSON.stringify({ ...base, lead: { id, agentId, name, phone }, call });
}
