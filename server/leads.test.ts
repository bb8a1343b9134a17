import { afterEach, describe, expect, it } from 'vitest';
import { fakeTwilio, fakeVoiceProvider, TWILIO, webhookReceiver } from '../tests/support/fakes';
import { OTP_RULES } from './leads/routes.ts';
import { testApp } from './test-helpers';

type Harness = Awaited<ReturnType<typeof testApp>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const PHONE = '+919876543210';
let clock = Date.UTC(2026, 10, 23, 9);
const now = () => clock;
const later = (ms: number) => (clock += ms);

async function service(env: Record<string, string> = {}) {
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env }, { now });
  cleanups.push(h.close);
  return h;
}
const post = (h: Harness, url: string, body: unknown) => h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const lead = (token: string, extra: Record<string, unknown> = {}) => ({ agentId: 'receptionist', name: 'Asha Rao', phone: PHONE, consent: true, consentText: 'I agree to receive messages from Acme services.', token, ...extra });

/** Requests a code, reads it from the log, and verifies it: the token. */
async function verified(h: Harness, phone = PHONE): Promise<string> {
  expect((await post(h, '/api/otp', { phone })).statusCode).toBe(200);
  const res = await post(h, '/api/otp/verify', { phone, code: h.codeFor(phone) });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe('POST /api/otp', () => {
  it('sends a 6-digit code (printed by the console provider), storing only its hash', async () => {
    const h = await service();
    const res = await post(h, '/api/otp', { phone: PHONE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, phone: PHONE, display: '+91 98765 43210', resendAfterSeconds: 30, expiresInSeconds: 600 });
    const code = h.codeFor(PHONE)!;
    expect(code).toMatch(/^\d{6}$/);
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(h.store.path, { readonly: true });
    const rows = db.prepare('SELECT * FROM otp_codes').all() as { code_hash: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a malformed number and a country codes may not go to, sending nothing', async () => {
    const h = await service();
    for (const phone of ['98765', '+91 123', 12, '']) expect((await post(h, '/api/otp', { phone })).json().error).toBe('invalid-phone');
    const uk = await post(h, '/api/otp', { phone: '+447400123456' });
    expect(uk.statusCode).toBe(400);
    expect(uk.json()).toEqual({ error: 'country-not-allowed', message: 'We can only send codes to numbers in India for now.' });
    expect(h.logs.some((l) => l.code)).toBe(false);
    const both = await service({ OTP_COUNTRIES: 'IN,GB' });
    expect((await post(both, '/api/otp', { phone: '+447400123456' })).statusCode).toBe(200);
  });

  it('sends a new code to a phone no sooner than 30 s after the last, and at most 5 an hour', async () => {
    const h = await service();
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    later(10_000);
    const early = await post(h, '/api/otp', { phone: PHONE });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ error: 'cooldown', retryAfterSeconds: 20, message: 'A code was just sent. You can ask for another in 20 seconds.' });
    expect(early.headers['retry-after']).toBe('20');
    for (let i = 2; i <= OTP_RULES.perHour; i++) {
      later(OTP_RULES.cooldownMs);
      expect((await post(h, '/api/otp', { phone: PHONE })).statusCode, `code ${i}`).toBe(200);
    }
    later(OTP_RULES.cooldownMs);
    const sixth = await post(h, '/api/otp', { phone: PHONE });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('hourly');
    expect(sixth.json().message).toMatch(/^Too many codes were sent to this number\. Please try again in \d+ minutes\.$/);
    later(3_600_000);
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
  });

  it('limits the codes one client asks for, whatever the numbers', async () => {
    const h = await service({ OTP_CLIENT_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await post(h, '/api/otp', { phone: `+91987654321${i}` })).statusCode).toBe(200);
    const fourth = await post(h, '/api/otp', { phone: '+919876543219' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: 'client-limit', message: 'Too many codes were requested from your connection. Please try again later.' });
  });
});

describe('POST /api/otp/verify', () => {
  it('answers a token for the right code, once; a wrong code says how many tries are left', async () => {
    const h = await service();
    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    const wrong = await post(h, '/api/otp/verify', { phone: PHONE, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'wrong-code', message: 'That code is not right. You have 4 tries left.', attemptsLeft: 4 });
    const right = await post(h, '/api/otp/verify', { phone: PHONE, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code })).json().error).toBe('no-code');
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: '12 34' })).json().error).toBe('code-format');
  });

  it('checks a code at most 5 times, and not after 10 minutes', async () => {
    const h = await service();
    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post(h, '/api/otp/verify', { phone: PHONE, code: wrongCode })).json());
    expect(answers.map((a) => a.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(answers[4].message).toBe('That code is not right, and that was the last try. Ask for a new one.');
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code })).json().error).toBe('too-many');

    later(OTP_RULES.cooldownMs);
    await post(h, '/api/otp', { phone: PHONE });
    later(OTP_RULES.ttlMs);
    const expired = await post(h, '/api/otp/verify', { phone: PHONE, code: h.codeFor(PHONE) });
    expect(expired.json()).toEqual({ error: 'expired', message: 'This code has expired. Ask for a new one.' });
  });
});

describe('Twilio Verify as the provider', () => {
  it('sends and checks through the Verify API, and a provider outage answers 502 at once without counting', async () => {
    const twilio = await fakeTwilio();
    cleanups.push(twilio.close);
    const h = await service({ OTP_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid, TWILIO_API_URL: twilio.url });
    twilio.down = true;
    const started = Date.now();
    const down = await post(h, '/api/otp', { phone: PHONE });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ error: 'provider-unavailable', message: 'We could not send or check the code right now. Please try again in a minute.' });
    expect(Date.now() - started).toBeLessThan(2000);
    twilio.down = false;
    // The failed send did not start a cooldown.
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    expect(twilio.requests.at(-1)).toEqual({ path: `/v2/Services/${TWILIO.serviceSid}/Verifications`, form: { To: PHONE, Channel: 'sms' } });
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: '999999' === twilio.codes.get(PHONE) ? '999998' : '999999' })).json().attemptsLeft).toBe(4);
    const ok = await post(h, '/api/otp/verify', { phone: PHONE, code: twilio.codes.get(PHONE) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
  });
});

describe('POST /api/demo-requests', () => {
  it('stores the lead with its proof of consent and answers 201 {id, call}', async () => {
    const h = await service();
    const res = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, call: 'not-configured' });
    expect(await h.store.listLeads()).toEqual([
      expect.objectContaining({ id: 1, agentId: 'receptionist', name: 'Asha Rao', phone: PHONE, consentText: 'I agree to receive messages from Acme services.', clientIp: '127.0.0.1', callStatus: 'not-configured' }),
    ]);
  });

  it('refuses without consent, with an unknown agent, without a name, and stores nothing', async () => {
    const h = await service();
    const token = await verified(h);
    const cases: [Record<string, unknown>, string][] = [
      [{ consent: false }, 'consent'],
      [{ consent: 'yes' }, 'consent'],
      [{ agentId: 'sales' }, 'unknown-agent'],
      [{ name: '   ' }, 'name'],
    ];
    for (const [change, error] of cases) {
      const res = await post(h, '/api/demo-requests', lead(token, change));
      expect(res.statusCode, error).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await h.store.listLeads()).toEqual([]);
  });

  it('refuses a token for another phone, a forged, an expired or a used one (401), storing nothing more', async () => {
    const h = await service();
    const token = await verified(h);
    const other = await post(h, '/api/demo-requests', lead(token, { phone: '+919876543211' }));
    expect(other.statusCode).toBe(401);
    const [body, signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), phone: '+919876543211' })).toString('base64url');
    expect((await post(h, '/api/demo-requests', lead(`${forgedBody}.${signature}`, { phone: '+919876543211' }))).statusCode).toBe(401);
    expect((await post(h, '/api/demo-requests', lead('not-a-token'))).statusCode).toBe(401);
    expect(await h.store.listLeads()).toEqual([]);

    expect((await post(h, '/api/demo-requests', lead(token))).statusCode).toBe(201);
    const again = await post(h, '/api/demo-requests', lead(token));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This verification was already used for a request. Verify your number again to send another.');

    later(OTP_RULES.cooldownMs);
    const stale = await verified(h);
    later(16 * 60_000);
    const expired = await post(h, '/api/demo-requests', lead(stale));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your phone verification has expired. Please verify your number again.');
    expect(await h.store.listLeads()).toHaveLength(1);
  });

  it('asks the voice provider to call the visitor with the agent\'s assistant, and keeps the lead when it cannot', async () => {
    const voice = await fakeVoiceProvider('vapi-private-test');
    cleanups.push(voice.close);
    const h = await service({ VAPI_PRIVATE_KEY: 'vapi-private-test', VAPI_PHONE_NUMBER_ID: 'pn-1', VAPI_API_URL: voice.url, VAPI_ASSISTANT_REAL_ESTATE: 'asst-real-estate' });
    const placed = await post(h, '/api/demo-requests', lead(await verified(h), { agentId: 'realEstate' }));
    expect(placed.json()).toEqual({ id: 1, call: 'placed' });
    expect(voice.calls).toEqual([{ assistantId: 'asst-real-estate', phoneNumberId: 'pn-1', customer: { number: PHONE, name: 'Asha Rao' } }]);
    // An agent without an assistant is not configured; a provider outage leaves the call queued for the team.
    later(OTP_RULES.cooldownMs);
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json().call).toBe('not-configured');
    voice.down = true;
    later(OTP_RULES.cooldownMs);
    expect((await post(h, '/api/demo-requests', lead(await verified(h), { agentId: 'realEstate' }))).json().call).toBe('queued');
    const leads = await h.store.listLeads();
    expect(leads.map((l) => [l.callStatus, l.callId])).toEqual([['placed', 'call-1'], ['not-configured', null], ['queued', null]]);
    expect(leads[2].callError).toBe('voice provider answered 503');
    expect(JSON.stringify(h.logs)).not.toContain('vapi-private-test');
  });

  it('delivers each lead to the CRM webhook, signed, retrying until it answers', async () => {
    const hook = await webhookReceiver('whsec-test', 2);
    cleanups.push(hook.close);
    const h = await service({ LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: 'whsec-test', LEAD_WEBHOOK_BACKOFF_MS: '20' });
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).statusCode).toBe(201);
    await expect.poll(() => hook.received.length, { timeout: 5000 }).toBe(1);
    expect(hook.failures).toBe(2);
    expect(hook.received[0]).toEqual({
      deliveryId: 'lead-1',
      validSignature: true,
      body: { event: 'lead.created', lead: expect.objectContaining({ id: 1, agentId: 'receptionist', name: 'Asha Rao', phone: PHONE }) },
    });
    expect(JSON.stringify(hook.received[0].body)).not.toContain('tokenId');
    await expect.poll(async () => (await h.store.listLeads())[0].delivered).toBe(true);
  });
});

describe('npm run export-leads', () => {
  it('exports every lead with its consent and call outcome, neutralising spreadsheet formulas', async () => {
    const h = await service();
    expect((await post(h, '/api/demo-requests', lead(await verified(h), { name: '=HYPERLINK("x")' }))).statusCode).toBe(201);
    const { execFileSync } = await import('node:child_process');
    const run = (format: string) => execFileSync('npm', ['run', '-s', 'export-leads', '--', '--format', format, '--db', h.store.path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const [header, row] = run('csv').split('\r\n');
    expect(header).toBe('id,createdAt,agentId,name,phone,consentText,clientIp,callStatus,callId,callError,delivered');
    // A leading + is neutralised too: a spreadsheet keeps the number as text, with its +.
    expect(row).toContain(`"'=HYPERLINK(""x"")","'${PHONE}","I agree to receive messages from Acme services.","127.0.0.1","not-configured"`);
    expect(JSON.parse(run('json'))).toEqual([expect.objectContaining({ id: 1, name: '=HYPERLINK("x")', agentId: 'receptionist' })]);
  });
});
