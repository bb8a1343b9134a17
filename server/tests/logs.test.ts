import { afterEach, describe, expect, it } from 'vitest';
import { scrub } from '../domain/personal-data.ts';
import { fixtureHash, lead, post, verified, withVoiceProvider } from './harness.ts';
import { waitFor } from '../../tests/support/wait-for.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// The log is kept, shipped and searched: no phone number, one-time code, name or email address reaches it,
// at any level, through a whole lead's life (a code sent and checked, the lead, a call that fails once and
// is then placed, feedback, a desk sign-in and a download of a search).
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const PHONE = '+919812312399';
const NAME = 'Xavier Lognotsson';
const EMAIL = 'xavier.l@example.com';
const DESK = 'desk.person@example.com';

describe('the log', () => {
  it('never holds a number, a code, a name or an email address', async () => {
    const { h, voice } = await withVoiceProvider(cleanups, { LOG_LEVEL: 'trace' });
    const token = await verified(h, PHONE);
    const code = h.codeFor(PHONE)!;
    expect(code).toMatch(/^\d{6}$/);
    // The first try fails (the provider's error is logged).
    voice.script.push(503);
    const res = await post(h, '/api/demo-requests', lead(token, { phone: PHONE, name: NAME }));
    expect(res.statusCode).toBe(201);
    await waitFor(() => expect(voice.calls).toHaveLength(1), { timeout: patience(10_000) });
    await waitFor(async () => expect((await h.store.calls.state({ leadId: res.json().id }))?.status).toBe('placed'), {
      timeout: patience(10_000),
    });
    expect(
      (await post(h, '/api/feedback', { name: NAME, email: EMAIL, message: `call me on ${PHONE}` })).statusCode,
    ).toBe(201);
    await h.store.desk.addUser({ email: DESK, passwordHash: fixtureHash('a long enough password'), now: Date.now() });
    const origin = new URL(h.config.publicUrl).origin;
    const signIn = await post(h, '/api/session', { email: DESK, password: 'a long enough password' }, { origin });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const csv = await h.app.inject({ method: 'GET', url: '/api/desk/leads.csv?q=xavier', headers: { cookie } });
    expect(csv.body).toContain(NAME);

    const text = JSON.stringify(h.logs);
    // The log did speak of all this (so the test looks at the right lines)…
    for (const msg of [
      'one-time code sent',
      'lead stored',
      'demo call placed',
      'feedback stored',
      'desk sign-in',
      'desk leads downloaded',
    ]) {
      expect(
        h.logs.map((l) => l.msg),
        msg,
      ).toContain(msg);
    }
    expect(h.logs.find((l) => l.msg === 'one-time code sent')).toMatchObject({ phoneEnding: '…99' });
    // …and named no one.
    for (const secret of [PHONE, PHONE.slice(3), PHONE.slice(1), code, 'Xavier', 'Lognotsson', EMAIL, DESK])
      expect(text, secret).not.toContain(secret);
  });

  it('takes numbers, addresses and the known values out of text from outside', () => {
    const said =
      'voice provider answered 400: customer +91 98123 12399 (Xavier Lognotsson, xavier.l@example.com) is not reachable; 9812312399 retried 2026-11-25';
    expect(scrub(said, [PHONE, NAME])).toBe(
      'voice provider answered 400: customer [number] ([personal data], [email]) is not reachable; [number] retried 2026-11-25',
    );
  });
});
