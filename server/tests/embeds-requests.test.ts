import { afterEach, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../tests/support/fakes';
import { bothDatabases, CONSENT, post } from './harness.ts';
import { embedsDesk, OTHER, PARTNER } from './embeds-support.ts';

// Issue 54: a request naming an embed is checked before anything is made or sent: the embed exists, takes
// requests, from one of its origins, with one of its own consent sentences; what it stores names the embed.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
let phones = 20;
/** A number of each test's own: one PostgreSQL database serves the file, and a number's cooldown is in it. */
const phone = () => `+9198765432${phones++}`;
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends)('requests naming an embed on $name', ({ env }) => {
  it('lets the embed’s origin in, right after it is made, and keeps another out with 403 origin', async () => {
    const PHONE = phone();
    const s = await embedsDesk(cleanups, env());
    const embed = await s.embed();
    const preflight = await s.h.app.inject({
      method: 'OPTIONS',
      url: '/api/otp',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
    const ours = await post(s.h, '/api/otp', { phone: PHONE, embedId: embed.id }, { origin: PARTNER });
    expect(ours.statusCode).toBe(200);
    expect(s.h.codes).toHaveLength(1);

    const other = await post(s.h, '/api/otp', { phone: phone(), embedId: embed.id }, { origin: OTHER });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'origin' });
    const none = await post(s.h, '/api/otp', { phone: phone(), embedId: embed.id });
    expect(none.json()).toMatchObject({ error: 'origin' });
    expect(s.h.codes).toHaveLength(1);
  });

  it('refuses an unknown embed with 404 and a paused one with 403, sending no code', async () => {
    const PHONE = phone();
    const s = await embedsDesk(cleanups, env());
    const embed = await s.embed();
    const unknown = await post(s.h, '/api/otp', { phone: PHONE, embedId: 'emb_0000000000000000' }, { origin: PARTNER });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('embed-unknown');
    const malformed = await post(s.h, '/api/otp', { phone: PHONE, embedId: 'emb_short' }, { origin: PARTNER });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe('embed-unknown');
    await s.patch(embed.id, { active: false });
    const paused = await post(s.h, '/api/otp', { phone: PHONE, embedId: embed.id }, { origin: PARTNER });
    expect(paused.statusCode).toBe(403);
    expect(paused.json().error).toBe('embed-paused');
    expect(paused.json().message).toMatch(/paused by its owner/);
    expect(s.h.codes).toHaveLength(0);
  });

  it('sends no code for another embed’s consent version, nor for an agent the embed does not offer', async () => {
    const PHONE = phone();
    const s = await embedsDesk(cleanups, env());
    const acme = await s.embed({ agents: ['receptionist'] });
    const globex = await s.embed({ name: 'Globex', brandName: 'Globex' });
    const ask = (body: Record<string, unknown>) =>
      post(s.h, '/api/otp', { phone: PHONE, embedId: acme.id, ...body }, { origin: PARTNER });
    const theirs = await ask({ consentVersion: globex.consentVersion });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error).toBe('consent-text');
    expect((await ask({ consentVersion: 'default-en' })).json().error).toBe('consent-text');
    expect((await ask({ agentId: 'realEstate' })).json().error).toBe('unknown-agent');
    expect(s.h.codes).toHaveLength(0);
    expect((await ask({ consentVersion: acme.consentVersion, agentId: 'receptionist' })).statusCode).toBe(200);
    expect(s.h.codes).toHaveLength(1);
    // Without an embed, a version the service does not accept is refused before a code too.
    const plain = await post(s.h, '/api/otp', { phone: phone(), consentVersion: 'nope' });
    expect(plain.json().error).toBe('consent-text');
    expect(s.h.codes).toHaveLength(1);
  });

  it('stores the embed with the lead, takes only its own sentence, and names it in the CRM event', async () => {
    const PHONE = phone();
    const hook = await webhookReceiver('x'.repeat(32));
    cleanups.push(hook.close);
    const s = await embedsDesk(cleanups, { ...env(), LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: 'x'.repeat(32) });
    const embed = await s.embed();
    const headers = { origin: PARTNER };
    expect((await post(s.h, '/api/otp', { phone: PHONE, embedId: embed.id }, headers)).statusCode).toBe(200);
    const verify = await post(
      s.h,
      '/api/otp/verify',
      { phone: PHONE, code: s.h.codeFor(PHONE), embedId: embed.id },
      headers,
    );
    expect(verify.statusCode).toBe(200);
    const base = { agentId: 'receptionist', name: 'Asha Rao', phone: PHONE, consent: true, token: verify.json().token };
    const service = await post(
      s.h,
      '/api/demo-requests',
      { ...base, consentText: CONSENT, embedId: embed.id },
      headers,
    );
    expect(service.statusCode).toBe(400);
    expect(service.json().error).toBe('consent-text');
    const elsewhere = await post(
      s.h,
      '/api/demo-requests',
      { ...base, consentText: embed.consentText, embedId: embed.id },
      { origin: OTHER },
    );
    expect(elsewhere.json().error).toBe('origin');
    const res = await post(
      s.h,
      '/api/demo-requests',
      { ...base, consentText: embed.consentText, consentVersion: embed.consentVersion, embedId: embed.id },
      headers,
    );
    expect(res.statusCode).toBe(201);
    const stored = await s.h.store.leads.get({ id: res.json().id });
    expect(stored?.lead).toMatchObject({ embedId: embed.id, consent: { version: embed.consentVersion } });
    const created = () => hook.received.find((r) => r.body.event === 'lead.created');
    for (let tries = 0; !created() && tries < 300; tries++) await new Promise((next) => setTimeout(next, 100));
    expect(created()?.body).toMatchObject({
      event: 'lead.created',
      embed: { id: embed.id, name: 'Acme' },
    });
  });

  it('stores the embed with feedback, and refuses a feedback form on another page', async () => {
    const s = await embedsDesk(cleanups, env());
    const embed = await s.embed();
    const body = { name: 'Asha', email: 'asha@example.com', message: 'Lovely.', embedId: embed.id };
    expect((await post(s.h, '/api/feedback', body, { origin: OTHER })).json().error).toBe('origin');
    expect((await post(s.h, '/api/feedback', body, { origin: PARTNER })).statusCode).toBe(201);
    expect((await s.h.store.feedback.list()).map((f) => f.embedId)).toEqual([embed.id]);
  });
});
