import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, post } from './harness.ts';
import { embedsDesk, PARTNER } from './embeds-support.ts';

// Issue 54, item 7: the overview gives each embed's codes sent, verified phones, leads, calls placed and
// demos, counted in the transaction of each change, on both databases. A code counts for the embed it
// was asked for, its check and its cancellation too; what came from no embed is in the totals only.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The test clock's start (a sign-in is for its time). */
const AT = Date.UTC(2026, 10, 23, 6, 30);
const DAY = '2026-11-23';

describe.each(backends)('the overview by embed on $name', ({ env }) => {
  it('counts each embed’s codes, verified phones, leads, calls placed and demos, and lists every embed', async () => {
    const s = await embedsDesk(cleanups, env());
    expect(s.clock.now()).toBe(AT);
    const acme = await s.embed();
    const globex = await s.embed({ name: 'Globex', brandName: 'Globex' });
    const idle = await s.embed({ name: 'Initech', brandName: 'Initech' });
    const overview = async (range = `from=${DAY}&to=${DAY}`) => (await s.get(`/api/desk/overview?${range}`)).json();
    const before = (await overview()).funnel;
    const headers = { origin: PARTNER };

    // Acme: a code, verified, a lead, its call placed, and a demo.
    const phone = '+919876543101';
    expect((await post(s.h, '/api/otp', { phone, embedId: acme.id }, headers)).statusCode).toBe(200);
    const verify = await post(s.h, '/api/otp/verify', { phone, code: s.h.codeFor(phone), embedId: acme.id }, headers);
    expect(verify.statusCode).toBe(200);
    const lead = await post(
      s.h,
      '/api/demo-requests',
      {
        agentId: 'receptionist',
        name: 'Asha Rao',
        phone,
        consent: true,
        token: verify.json().token,
        consentText: acme.consentText,
        consentVersion: acme.consentVersion,
        embedId: acme.id,
      },
      headers,
    );
    expect(lead.statusCode).toBe(201);
    await s.h.store.calls.record({
      leadId: lead.json().id,
      now: AT + 1000,
      outcome: { kind: 'placed', providerCallId: `call-${Math.random()}`, providerStatus: 'queued', checkAt: AT + 1e6 },
      deliver: false,
    });
    const demo = (id: string, embedId: string | null) =>
      s.h.store.demos.grant({
        id,
        assistantId: 'asst-1',
        agentId: 'receptionist',
        mode: 'voice',
        origin: PARTNER,
        pageUrl: null,
        clientHash: `client-${id}`,
        now: AT,
        grantSeconds: 60,
        perClientHour: 10,
        budgetSeconds: 1e9,
        embedId,
      });
    await demo(`demo-acme-${Math.random()}`, acme.id);

    // Globex: a code never checked, and one that could not be sent (cancelled: it counts nowhere).
    expect((await post(s.h, '/api/otp', { phone: '+919876543102', embedId: globex.id }, headers)).statusCode).toBe(200);
    const rules = { ttlMs: 60_000, cooldownMs: 0, perPhoneHour: 9, perClientHour: 99, perServiceHour: 999 };
    const cancelled = { phone: '+919876543103', clientIp: '10.0.0.9', codeHash: null, now: AT + 5, ...rules };
    expect(await s.h.store.otp.request({ ...cancelled, embedId: globex.id })).toEqual({ ok: true });
    await s.h.store.otp.cancel({ phone: cancelled.phone, createdAt: cancelled.now });

    // No embed: a code and a demo, in the totals only.
    expect((await post(s.h, '/api/otp', { phone: '+919876543104' })).statusCode).toBe(200);
    await demo(`demo-plain-${Math.random()}`, null);

    const answer = await overview();
    const zero = { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, demos: 0 };
    const ours = new Set([acme.id, globex.id, idle.id]);
    expect(answer.byEmbed.filter((e: { id: string }) => ours.has(e.id))).toEqual([
      { id: acme.id, name: 'Acme', codesSent: 1, verified: 1, leads: 1, callsPlaced: 1, demos: 1 },
      { id: globex.id, name: 'Globex', ...zero, codesSent: 1 },
      { id: idle.id, name: 'Initech', ...zero },
    ]);
    expect(answer.funnel).toMatchObject({
      codesSent: before.codesSent + 3,
      verified: before.verified + 1,
      leads: before.leads + 1,
      callsPlaced: before.callsPlaced + 1,
    });
    // Whole months are read from the months' sums: the same figures.
    const month = (await overview('from=2026-11-01&to=2026-11-30')).byEmbed.find(
      (e: { id: string }) => e.id === acme.id,
    );
    expect(month).toEqual({ id: acme.id, name: 'Acme', codesSent: 1, verified: 1, leads: 1, callsPlaced: 1, demos: 1 });
    // Another period: every embed still listed, with nothing.
    const later = (await overview('from=2026-12-01&to=2026-12-02')).byEmbed.find(
      (e: { id: string }) => e.id === acme.id,
    );
    expect(later).toEqual({ id: acme.id, name: 'Acme', ...zero });
  });
});
