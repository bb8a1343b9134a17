// Leads, calls and CRM events put straight into a store, for the retention, erasure and scale tests.
import type { LeadInput, Store } from '../storage/index.ts';

let serial = 0;

export function leadInput(extra: Partial<LeadInput> = {}): LeadInput {
  serial += 1;
  return {
    agentId: 'receptionist',
    name: 'Asha Rao',
    phone: '+919876543210',
    tokenId: `seed-${process.pid}-${serial}-${Math.random()}`,
    createdAt: Date.now(),
    consentText: 'I agree to receive calls.',
    consentVersion: 'v1',
    consentSha256: 'c0ffee',
    consentedAt: null,
    verifiedAt: null,
    clientIp: '192.0.2.7',
    userAgent: 'Mozilla/5.0 (Test)',
    pageUrl: 'https://example.com/demo?who=asha',
    referrer: 'https://search.example/?q=asha',
    timeZone: 'Asia/Kolkata',
    utm: { source: 'newsletter', term: 'asha' },
    clickIds: { gclid: 'g-1' },
    metadata: { plan: 'pro' },
    ...extra,
  };
}

/** A lead whose call ended with a transcript, a summary and a recording, its CRM events delivered. */
export async function endedLead(store: Store, extra: Partial<LeadInput> = {}, at = Date.now()) {
  const added = await store.leads.add({
    lead: leadInput({ createdAt: at, ...extra }),
    plan: { status: 'pending', callAt: null },
    deliver: true,
    duplicateWindowMs: 0,
  });
  if (added === 'token-used') throw new Error('token used');
  const id = added.id;
  const callId = `call-${id}-${Math.random()}`;
  await store.calls.begin({ leadId: id, now: at });
  await store.calls.record({
    leadId: id,
    now: at,
    outcome: { kind: 'placed', providerCallId: callId, providerStatus: 'queued', checkAt: at + 60_000 },
    deliver: true,
  });
  const name = extra.name ?? 'Asha Rao';
  await store.calls.update({
    providerCallId: callId,
    now: at,
    update: {
      endedReason: 'customer-ended-call',
      transcript: `AI: Hello ${name}. User: call me on ${extra.phone ?? '+919876543210'}`,
      summary: `${name} wants a demo`,
      recordingUrl: `https://rec.example/${callId}.mp3`,
    },
    deliver: true,
  });
  // Delivered one by one: a lead's later events wait for its earlier ones.
  for (
    let rows = await store.outbox.claim({ now: at, leaseMs: 1, limit: 100 });
    rows.length;
    rows = await store.outbox.claim({ now: at + 2, leaseMs: 1, limit: 100 })
  ) {
    for (const row of rows) await store.outbox.delivered({ id: row.id, now: at });
  }
  return id;
}
