import { afterEach, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../tests/support/fakes';
import { bothDatabases, DESK_EMAIL, DESK_PASSWORD, deskTestService, lead, post, verified } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';
import { personalData } from '../domain/personal-data.ts';

// Issue 46: a call asked for from the tab that tried a web demo names that demo (`demoSessionId`, from the
// tab's sessionStorage). The id is a claim: kept only when it names a grant of the gate to the same
// client (issue 56, item 10), as continuing and ending a demo require. The CRM's
// lead.created and the desk's lead page carry it, with the demo's length once its report came.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const SITE = 'https://www.aurelo.test';

async function service(env: Record<string, string>) {
  const hook = await webhookReceiver('whsec-demo');
  cleanups.push(hook.close);
  const s = await deskTestService(cleanups, {
    ...env,
    PUBLIC_URL: SITE,
    VAPI_PRIVATE_KEY: 'vapi-private-demo',
    VAPI_ORG_ID: 'org-1',
    VITE_VAPI_ASSISTANT_ID: 'asst-site',
    VITE_VAPI_PUBLIC_KEY: 'public-key-site',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: 'whsec-demo',
    LEAD_WEBHOOK_BACKOFF_MS: '20',
  });
  /** A demo the gate grants this page, as the voice widget asks for it: its id. */
  const demo = async (mode: 'voice' | 'text' = 'voice', remoteAddress = '127.0.0.1') => {
    const res = await s.h.app.inject({
      method: 'POST',
      url: '/api/voice/session',
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: SITE, referer: `${SITE}/experience` },
      payload: JSON.stringify({ mode }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessionId as string;
  };
  /** The lead as the desk's lead page reads it. */
  const deskLead = async (id: number) => {
    const signIn = await post(
      s.h,
      '/api/session',
      { email: DESK_EMAIL, password: DESK_PASSWORD },
      { origin: s.origin },
    );
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const res = await s.h.app.inject({ method: 'GET', url: `/api/desk/leads/${id}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const created = async (leadId: number) => {
    await expect
      .poll(() => hook.received.filter((r) => r.event === 'lead.created' && r.body.lead.id === leadId).length, {
        timeout: patience(5000),
      })
      .toBe(1);
    return hook.received.find((r) => r.event === 'lead.created' && r.body.lead.id === leadId)!.body as Record<
      string,
      unknown
    >;
  };
  return { ...s, demo, deskLead, created };
}

describe.each(backends)('a lead after a demo on $name', ({ env }) => {
  it('keeps a granted demo’s id: the CRM’s lead.created and the desk’s lead page carry it, with its length once reported', async () => {
    const s = await service(env());
    const demoId = await s.demo();
    const reported = await s.h.store.demos.report({
      id: demoId,
      assistantId: 'asst-site',
      now: s.clock.now(),
      providerCallId: 'call-demo-1',
      durationSeconds: 130,
      endedReason: 'customer-ended-call',
      summary: 'Asked about clinics',
      transcript: 'AI: Hello. User: Do you book appointments?',
    });
    expect(reported.result).toBe('updated');
    const res = await post(s.h, '/api/demo-requests', lead(await verified(s.h), { demoSessionId: demoId }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;

    const event = await s.created(id);
    expect(event.demo).toEqual({ sessionId: demoId, mode: 'voice', durationSeconds: 130 });
    expect((await s.deskLead(id)).demo).toEqual({ sessionId: demoId, mode: 'voice', durationSeconds: 130 });

    // A demo not yet reported: its id, its mode, no length (the page says "tried the demo first").
    const chat = await s.demo('text');
    const phone = '+919812300001';
    const second = await post(
      s.h,
      '/api/demo-requests',
      lead(await verified(s.h, phone), { phone, agentId: 'realEstate', demoSessionId: chat }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().id as number;
    expect((await s.created(secondId)).demo).toEqual({ sessionId: chat, mode: 'text', durationSeconds: null });
    expect((await s.deskLead(secondId)).demo).toEqual({ sessionId: chat, mode: 'text', durationSeconds: null });
  });

  it('drops an id that names no grant without a word (the lead is stored), and refuses one over 64 characters', async () => {
    const s = await service(env());
    const made = await s.demo();
    const phone = '+919812300002';
    const token = await verified(s.h, phone);
    // Over 64 characters: refused before anything is stored, the field named; the token is still good.
    const long = await post(s.h, '/api/demo-requests', lead(token, { phone, demoSessionId: 'd'.repeat(65) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'demo-session', field: 'demoSessionId' });
    expect(long.json().message).toContain('64 characters');

    // 64 characters that name no grant (a forged or an expired one): the lead goes through without it.
    const unknown = `${made.slice(0, -1)}0`.padEnd(64, 'x');
    const res = await post(s.h, '/api/demo-requests', lead(token, { phone, demoSessionId: unknown }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await s.created(id)).demo).toBeNull();
    expect((await s.deskLead(id)).demo).toBeNull();
    expect(await s.h.store.leadDemos.ofLead({ leadId: id })).toBeNull();
    // An empty one is none at all.
    const other = '+919812300003';
    const empty = await post(
      s.h,
      '/api/demo-requests',
      lead(await verified(s.h, other), { phone: other, demoSessionId: '' }),
    );
    expect(empty.statusCode, empty.body).toBe(201);
    expect(await s.h.store.leadDemos.ofLead({ leadId: empty.json().id })).toBeNull();
  });

  it('drops the id of a demo granted to another client: no foreign transcript on the lead, and forgetting the lead keeps that demo', async () => {
    const s = await service(env());
    // Another visitor's demo, whose id this client read somewhere (a shared link, a log).
    const foreign = await s.demo('voice', '198.51.100.23');
    await s.h.store.demos.report({
      id: foreign,
      assistantId: 'asst-site',
      now: s.clock.now(),
      providerCallId: 'call-foreign-1',
      durationSeconds: 95,
      endedReason: 'customer-ended-call',
      summary: 'Asked about rentals',
      transcript: 'AI: Hello. User: I am Zoltan from the other tab.',
    });
    const phone = '+919812300004';
    const res = await post(
      s.h,
      '/api/demo-requests',
      lead(await verified(s.h, phone), { phone, demoSessionId: foreign }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await s.created(id)).demo).toBeNull();
    const page = await s.deskLead(id);
    expect(page.demo).toBeNull();
    expect(JSON.stringify(page)).not.toContain('Zoltan');
    expect(await s.h.store.leadDemos.ofLead({ leadId: id })).toBeNull();
    expect((await s.h.store.demoDesk.get({ id: foreign }))?.lead).toBeNull();

    await personalData(s.h.store, { key: s.h.config.dataHashKey, deliver: false }).forgetPhone(phone);
    expect(await s.h.store.demoDesk.get({ id: foreign })).toMatchObject({
      id: foreign,
      transcript: expect.stringContaining('Zoltan'),
    });
  });
});
