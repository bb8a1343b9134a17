import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeVoiceProvider, webhookReceiver } from '../../tests/support/fakes';
import { OTP_RULES } from '../domain/otp/otp-service.ts';
import { CONSENT, lead, PHONE, post, testApp, testClock, verified } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});
const clock = testClock();
async function service(env: Record<string, string> = {}) {
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env }, { now: clock.now });
  cleanups.push(h.close);
  return h;
}
const listLeads = async (h: Awaited<ReturnType<typeof service>>) => (await h.store.leads.list()).map((r) => r.lead);

describe('POST /api/demo-requests', () => {
  it('stores the lead with its proof of consent and attribution, and answers 201 {id, call}', async () => {
    const h = await service();
    const res = await post(
      h,
      '/api/demo-requests',
      lead(await verified(h), {
        consentedAt: '2026-11-23T06:29:50.000Z',
        pageUrl: 'https://partner.example/landing?utm_source=newsletter#pricing',
        referrer: 'https://news.example/',
        utm: { source: 'newsletter', campaign: 'diwali' },
        clickIds: { gclid: 'g-123' },
        metadata: { landing: 'diwali-b', plan: 'pro' },
        timeZone: 'Asia/Kolkata',
      }),
      { 'user-agent': 'TestBrowser/1.0' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, call: 'not-configured' });
    const [stored] = await h.store.leads.list();
    expect(stored.lead).toMatchObject({
      id: 1,
      agentId: 'receptionist',
      name: 'Asha Rao',
      phone: PHONE,
      consent: {
        text: CONSENT,
        version: 'default-en',
        sha256: createHash('sha256').update(CONSENT).digest('hex'),
        consentedAt: '2026-11-23T06:29:50.000Z',
        verifiedAt: new Date(clock.now()).toISOString(),
      },
      source: {
        pageUrl: 'https://partner.example/landing?utm_source=newsletter',
        referrer: 'https://news.example/',
        userAgent: 'TestBrowser/1.0',
        ip: '127.0.0.1',
        timeZone: 'Asia/Kolkata',
        utm: { source: 'newsletter', campaign: 'diwali' },
        clickIds: { gclid: 'g-123' },
        metadata: { landing: 'diwali-b', plan: 'pro' },
      },
    });
    expect(stored.call).toMatchObject({ status: 'not-configured' });
  });

  it('stores the time zone by its current name: a browser that says Asia/Calcutta means Asia/Kolkata', async () => {
    const h = await service();
    const res = await post(h, '/api/demo-requests', lead(await verified(h), { timeZone: 'Asia/Calcutta' }));
    expect(res.statusCode).toBe(201);
    const [stored] = await h.store.leads.list();
    expect(stored.lead.source.timeZone).toBe('Asia/Kolkata');
  });

  it('refuses consent it does not know (never cut or replaced), in another version, or not ticked', async () => {
    const h = await service();
    const token = await verified(h);
    for (const [change, error] of [
      [{ consentText: 'I do NOT agree' }, 'consent-text'],
      [{ consentText: `${CONSENT} ${'x'.repeat(1500)}` }, 'consent-text'],
      [{ consentText: CONSENT, consentVersion: 'default-hi' }, 'consent-text'],
      [{ consent: false }, 'consent'],
      [{ consent: 'yes' }, 'consent'],
      [{ agentId: 'sales' }, 'unknown-agent'],
      [{ name: '   ' }, 'name'],
      [{ name: '\u200b\u202e\u200d' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ metadata: { a: 1 } }, 'metadata'],
      [{ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
      [{ metadata: { a: 'x'.repeat(201) } }, 'metadata'],
      [{ metadata: { nested: { a: 'b' } } }, 'metadata'],
    ] as [Record<string, unknown>, string][]) {
      const res = await post(h, '/api/demo-requests', lead(token, change));
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json().error).toBe(error);
      expect(res.json().message).toMatch(/\.$/);
    }
    expect(await listLeads(h)).toEqual([]);
    // The Hindi sentence of the same form is accepted, with its version.
    const hindi = await post(
      h,
      '/api/demo-requests',
      lead(token, { consentText: h.config.consentTexts['default-hi'] }),
    );
    expect(hindi.statusCode).toBe(201);
    expect((await listLeads(h))[0].consent.version).toBe('default-hi');
  });

  it('takes the consent sentences of CONSENT_TEXTS_FILE, by version', async () => {
    const probe = await service();
    const file = join(probe.dir, 'consent.json');
    writeFileSync(file, JSON.stringify({ '2026-11': 'I agree that Acme may call me about a demo.' }));
    const h = await service({ CONSENT_TEXTS_FILE: file });
    const token = await verified(h);
    expect((await post(h, '/api/demo-requests', lead(token))).json().error).toBe('consent-text');
    expect(
      (
        await post(
          h,
          '/api/demo-requests',
          lead(token, { consentText: 'I agree that Acme may call me about a demo.', consentVersion: '2026-11' }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await listLeads(h))[0].consent).toMatchObject({
      version: '2026-11',
      text: 'I agree that Acme may call me about a demo.',
    });
  });

  it('cleans names: NFC, no bidi-override or zero-width characters, joiners kept inside words; refuses control characters', async () => {
    const h = await service();
    // A control character (a line break, NUL) is refused with the field named, as in every field (issue 29).
    const refused = await post(
      h,
      '/api/demo-requests',
      lead(await verified(h), { name: 'Asha\r\nRao', agentId: 'realEstate' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'name', field: 'name' });
    const names: [string, string][] = [
      ['\u202eoaR ahsA', 'oaR ahsA'],
      ['A\u200bsha', 'Asha'],
      ['Jose\u0301', 'José'],
      ['क्\u200dष', 'क्\u200dष'],
    ];
    for (const [given] of names) {
      clock.later(OTP_RULES.cooldownMs);
      expect(
        (await post(h, '/api/demo-requests', lead(await verified(h), { name: given, agentId: 'realEstate' })))
          .statusCode,
      ).toBeLessThan(300);
      clock.later(25 * 3_600_000);
    }
    expect((await listLeads(h)).map((l) => l.name)).toEqual(names.map(([, want]) => want));
  });

  it('refuses a token for another phone, a forged, an expired or a used one (401), storing nothing more', async () => {
    const h = await service();
    const token = await verified(h);
    expect((await post(h, '/api/demo-requests', lead(token, { phone: '+919876543211' }))).statusCode).toBe(401);
    const [body, signature] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), phone: '+919876543211' }),
    ).toString('base64url');
    expect(
      (await post(h, '/api/demo-requests', lead(`${forgedBody}.${signature}`, { phone: '+919876543211' }))).statusCode,
    ).toBe(401);
    expect((await post(h, '/api/demo-requests', lead('not-a-token'))).statusCode).toBe(401);
    expect(await listLeads(h)).toEqual([]);

    expect((await post(h, '/api/demo-requests', lead(token))).statusCode).toBe(201);
    const again = await post(h, '/api/demo-requests', lead(token, { agentId: 'realEstate' }));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(
      'This verification was already used for a request. Verify your number again to send another.',
    );

    clock.later(OTP_RULES.cooldownMs);
    const stale = await verified(h);
    clock.later(16 * 60_000);
    const expired = await post(h, '/api/demo-requests', lead(stale, { agentId: 'supportHindi' }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your phone verification has expired. Please verify your number again.');
    expect(await listLeads(h)).toHaveLength(1);
  });

  it('answers a second request for the same phone and agent within a day with the first lead (200, duplicate)', async () => {
    const h = await service();
    const first = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(first.statusCode).toBe(201);
    clock.later(60_000);
    const second = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ id: 1, call: 'not-configured', duplicate: true });
    clock.later(OTP_RULES.cooldownMs);
    expect((await post(h, '/api/demo-requests', lead(await verified(h), { agentId: 'realEstate' }))).statusCode).toBe(
      201,
    );
    clock.later(24 * 3_600_000);
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).statusCode).toBe(201);
    expect(await listLeads(h)).toHaveLength(3);
  });
});

describe('a repeat request (#34)', () => {
  it('says when the earlier call was made (calledAt), and that a scheduled one is still to come', async () => {
    const voice = await fakeVoiceProvider('vapi-key');
    cleanups.push(voice.close);
    // Calling hours are 09:00-20:00 in the visitor's zone: 12:00 calls at once, 01:00 waits for 09:00.
    const h = await service({
      VAPI_PRIVATE_KEY: 'vapi-key',
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      VAPI_API_URL: voice.url,
      VAPI_ASSISTANT_RECEPTIONIST: 'asst-r',
      VAPI_ASSISTANT_REAL_ESTATE: 'asst-e',
      PROVIDER_TIMEOUT_MS: '700',
      CALL_HOURS: '09:00-20:00',
    });
    // Another day than the other tests' (the clock is shared): 12:00 in Kolkata, then 01:00 the next night.
    const day = Math.ceil(clock.now() / 86_400_000 + 1) * 86_400_000;
    clock.set(day + 6.5 * 3_600_000);
    const placedAt = new Date(clock.now()).toISOString();
    const first = await post(h, '/api/demo-requests', lead(await verified(h), { timeZone: 'Asia/Kolkata' }));
    expect(first.json()).toEqual({ id: 1, call: 'placed' });
    clock.later(OTP_RULES.cooldownMs);
    const again = await post(h, '/api/demo-requests', lead(await verified(h), { timeZone: 'Asia/Kolkata' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: 1, call: 'placed', calledAt: placedAt, duplicate: true });

    clock.set(day + 19.5 * 3_600_000);
    const nine = new Date(day + 27.5 * 3_600_000).toISOString();
    const night = await post(
      h,
      '/api/demo-requests',
      lead(await verified(h), { agentId: 'realEstate', timeZone: 'Asia/Kolkata' }),
    );
    expect(night.json()).toEqual({ id: 2, call: 'scheduled', callAt: nine });
    clock.later(OTP_RULES.cooldownMs);
    const repeat = await post(
      h,
      '/api/demo-requests',
      lead(await verified(h), { agentId: 'realEstate', timeZone: 'Asia/Kolkata' }),
    );
    expect(repeat.json()).toEqual({ id: 2, call: 'scheduled', callAt: nine, duplicate: true });
  });
});

describe('the default consent sentences', () => {
  it("are the demo form's own, with and without a brand, in English and Hindi", async () => {
    const { DEMO_REQUEST_STRINGS } = await import('../../widgets/demo-request/strings.ts');
    const { defaultConsentTexts } = await import('../../model/consent.ts');
    expect(defaultConsentTexts('Acme')).toEqual({
      'default-en': DEMO_REQUEST_STRINGS.en.consent({ brand: 'Acme' }),
      'default-hi': DEMO_REQUEST_STRINGS.hi.consent({ brand: 'Acme' }),
      'default-en-unbranded-2': DEMO_REQUEST_STRINGS.en.consent({}),
      'default-hi-unbranded-2': DEMO_REQUEST_STRINGS.hi.consent({}),
      // What forms without a brand-name showed before they said "us": still the proof their leads carry.
      'default-en-unbranded':
        'I agree to receive messages, including automated calls and AI-powered demo calls, from our services at the contact information provided.',
      'default-hi-unbranded':
        'मैं सहमत हूँ कि मेरी दी हुई संपर्क जानकारी पर हमारी सेवाओं की ओर से मुझे संदेश भेजे जा सकते हैं, जिनमें ऑटोमेटेड कॉल और एआई से चलने वाली डेमो कॉल भी शामिल हैं।',
    });
    expect(DEMO_REQUEST_STRINGS.en.consent({})).toContain(' from us at the contact information provided.');
  });

  it('takes a lead from a form without a brand-name, by its sentence: "from us", and the older "from our services"', async () => {
    const h = await service();
    const sentences = [
      ['default-en-unbranded-2', h.config.consentTexts['default-en-unbranded-2']],
      ['default-en-unbranded', h.config.consentTexts['default-en-unbranded']],
    ];
    for (const [i, [version, consentText]] of sentences.entries()) {
      const phone = `+91987650010${i}`;
      const res = await post(h, '/api/demo-requests', lead(await verified(h, phone), { phone, consentText }));
      expect(res.statusCode, version).toBe(201);
      const stored = (await listLeads(h)).find((l) => l.phone === phone);
      expect(stored?.consent).toMatchObject({ text: consentText, version });
    }
  });
});

describe('exports', () => {
  it(
    'export-leads carries consent proof, attribution and the call, neutralising formulas but keeping phones dialable',
    async () => {
      const h = await service();
      expect(
        (
          await post(
            h,
            '/api/demo-requests',
            lead(await verified(h), {
              name: '=HYPERLINK("x")',
              utm: { source: 'newsletter', campaign: 'diwali' },
              pageUrl: 'https://a.example/p',
            }),
            { 'user-agent': 'UA/1' },
          )
        ).statusCode,
      ).toBe(201);
      // The npm script once (what an operator types); the tool itself for the other formats (npm's own start is a second each).
      const npm = (...args: string[]) =>
        execFileSync('npm', ['run', '-s', 'export-leads', '--', ...args, '--db', h.store.path], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      const run = (...args: string[]) =>
        execFileSync(process.execPath, ['server/run.mjs', 'cli/export', 'leads', ...args, '--db', h.store.path], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      const [header, row] = npm('--format', 'csv').split('\r\n');
      expect(header.split(',')).toEqual(
        expect.arrayContaining([
          'id',
          'createdAt',
          'phone',
          'consentText',
          'consentVersion',
          'consentSha256',
          'verifiedAt',
          'pageUrl',
          'userAgent',
          'utmSource',
          'utmCampaign',
          'callStatus',
          'callAttempts',
          'callAt',
          'callLastError',
          'callEndedReason',
          'callDurationSeconds',
          'callSummary',
        ]),
      );
      expect(header).toMatch(/^[a-zA-Z0-9,]+$/);
      expect(row).toContain(`"'=HYPERLINK(""x"")","${PHONE}"`);
      // Piped into other tools by default; --bom starts it with UTF-8's byte-order mark, for Excel.
      expect(run('--format', 'csv', '--bom').startsWith(`\uFEFF${header}\r\n`)).toBe(true);
      expect(row).toContain('"newsletter"');
      const [json] = JSON.parse(run('--format', 'json'));
      expect(json).toMatchObject({
        id: 1,
        name: '=HYPERLINK("x")',
        utmCampaign: 'diwali',
        pageUrl: 'https://a.example/p',
        userAgent: 'UA/1',
        consentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(run('--help')).toContain('--format');
    },
    patience(60_000),
  );
});

describe('the CRM webhook', () => {
  it('receives lead.created, signed, with a delivery id of its own kept across retries', async () => {
    const hook = await webhookReceiver('whsec-test', 2);
    cleanups.push(hook.close);
    const h = await service({
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: 'whsec-test',
      LEAD_WEBHOOK_BACKOFF_MS: '20',
    });
    expect((await post(h, '/api/demo-requests', lead(await verified(h), { utm: { source: 'ads' } }))).statusCode).toBe(
      201,
    );
    await expect.poll(() => hook.received.length, { timeout: patience(5000) }).toBe(1);
    expect(hook.failures).toBe(2);
    const [got] = hook.received;
    expect(got).toMatchObject({ event: 'lead.created', validSignature: true });
    expect(got.deliveryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.body).toMatchObject({
      id: got.deliveryId,
      event: 'lead.created',
      lead: {
        id: 1,
        agentId: 'receptionist',
        name: 'Asha Rao',
        phone: PHONE,
        consent: { text: CONSENT },
        source: { utm: { source: 'ads' } },
      },
    });
    expect(JSON.stringify(got.body)).not.toContain('token');
  });
});
