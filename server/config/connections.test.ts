import { describe, expect, it } from 'vitest';
import { connectionLine, connections, originOnly } from './connections.ts';
import { loadConfig } from './settings.ts';

/** What the start would say for these settings, by line name. */
const said = (env: Record<string, string>) =>
  Object.fromEntries(connections(loadConfig(env, () => {})).map((c) => [c.name, connectionLine(c).slice(20)] as const));

const CALLS = {
  VAPI_PRIVATE_KEY: 'private-key-of-the-test',
  VAPI_PHONE_NUMBER_ID: 'phone-1',
  VAPI_ASSISTANT_RECEPTIONIST: 'a-1',
  VAPI_ASSISTANT_REAL_ESTATE: 'a-2',
  VAPI_ASSISTANT_SUPPORT_HINDI: 'a-3',
  VAPI_ASSISTANT_SUPPORT_ENGLISH: 'a-4',
  VAPI_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
};

describe('what the start says is connected', () => {
  it('says every line off or on, with why, on a fresh machine', () => {
    expect(said({})).toEqual({
      'One-time codes': 'on: shown in this terminal (OTP_PROVIDER=console), to numbers in IN; no text message is sent',
      'Demo calls': 'off (VAPI_PHONE_NUMBER_ID is unset: leads are kept, answered not-configured)',
      'Web demos': 'off (VITE_VAPI_PUBLIC_KEY is unset: the site’s demo is simulated and the gate grants none)',
      CRM: 'off (LEAD_WEBHOOK_URL is unset: leads stay in the desk and the exports)',
      'Allowed origins':
        "off (CORS_ORIGINS is unset: only this site's own pages (http://127.0.0.1:4173) may call the API)",
      'Desk sign-in': 'on: password, a second step for admins',
    });
  });

  it('says a private key without its phone number is half set', () => {
    expect(said({ VAPI_PRIVATE_KEY: 'k' })['Demo calls']).toBe(
      'half set: missing VAPI_PHONE_NUMBER_ID, a VAPI_ASSISTANT_* (one per demo agent), VAPI_WEBHOOK_SECRET (no call is placed: leads are answered not-configured)',
    );
    expect(said({ VAPI_PHONE_NUMBER_ID: 'p', VAPI_ASSISTANT_RECEPTIONIST: 'a' })['Demo calls']).toMatch(
      /^half set: missing VAPI_PRIVATE_KEY, VAPI_ASSISTANT_REAL_ESTATE, .* \(no call is placed/,
    );
    const three = { ...CALLS, VAPI_ASSISTANT_SUPPORT_HINDI: '' };
    expect(said(three)['Demo calls']).toBe(
      "half set: missing VAPI_ASSISTANT_SUPPORT_HINDI (those agents' leads get no call; the others' do)",
    );
    const unheard = { ...CALLS, VAPI_WEBHOOK_SECRET: '' };
    expect(said(unheard)['Demo calls']).toMatch(/^half set: missing VAPI_WEBHOOK_SECRET \(calls are placed/);
    expect(said(CALLS)['Demo calls']).toBe('on: the voice provider calls every demo agent’s leads');
    // Everything missing at once, so one round of settings mends it.
    expect(said({ ...three, VAPI_WEBHOOK_SECRET: '' })['Demo calls']).toBe(
      "half set: missing VAPI_ASSISTANT_SUPPORT_HINDI, VAPI_WEBHOOK_SECRET (those agents' leads get no call; the others' do, and how they went is refused)",
    );
  });

  it('keeps a private key that signs the web demos out of the demo calls', () => {
    const env = { VAPI_PRIVATE_KEY: 'k', VAPI_ORG_ID: 'org', VITE_VAPI_ASSISTANT_ID: 'site', VAPI_WEBHOOK_SECRET: 's' };
    expect(said(env)['Demo calls']).toMatch(/^off \(/);
    expect(said(env)['Web demos']).toBe(
      'half set: missing VITE_VAPI_PUBLIC_KEY (calls are granted; typed chats are refused)',
    );
    expect(said({ ...env, VAPI_WEBHOOK_SECRET: '' })['Web demos']).toBe(
      'half set: missing VITE_VAPI_PUBLIC_KEY, VAPI_WEBHOOK_SECRET (calls are granted, each counted as DEMO_MAX_SECONDS (its report refused); typed chats are refused)',
    );
    expect(said({ ...env, VITE_VAPI_PUBLIC_KEY: 'pk' })['Web demos']).toBe(
      'on: calls with tokens signed for VAPI_ORG_ID, chats with the public key',
    );
    expect(said({ VAPI_ORG_ID: 'org', VITE_VAPI_PUBLIC_KEY: 'pk' })['Web demos']).toBe(
      'half set: missing VAPI_PRIVATE_KEY, VITE_VAPI_ASSISTANT_ID, VAPI_WEBHOOK_SECRET (the gate grants no demo)',
    );
  });

  it('says Twilio settings without OTP_PROVIDER=twilio are half set, and Twilio on once chosen', () => {
    expect(said({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })['One-time codes']).toBe(
      'half set: missing OTP_PROVIDER=twilio, TWILIO_VERIFY_SERVICE_SID (the codes are shown in this terminal; none is sent)',
    );
    const twilio = {
      OTP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_VERIFY_SERVICE_SID: 'VA1',
    };
    expect(said({ ...twilio, OTP_COUNTRIES: 'IN,GB' })['One-time codes']).toBe(
      'on: Twilio Verify, to numbers in IN, GB',
    );
  });

  it('names the CRM by its origin only, and a secret without its URL as half set', () => {
    const crm = said({
      LEAD_WEBHOOK_URL: 'https://hooks.crm.example/catch/123/s3cr3t?key=k',
      LEAD_WEBHOOK_SECRET: 'x',
    });
    expect(crm.CRM).toBe("on: every lead's events to https://hooks.crm.example/…, signed");
    expect(said({ LEAD_WEBHOOK_SECRET: 'x' }).CRM).toBe('half set: missing LEAD_WEBHOOK_URL (nothing is sent)');
    expect(originOnly('https://crm.example')).toBe('https://crm.example');
  });

  it('lists the partners’ origins, not the site’s own', () => {
    expect(
      said({ CORS_ORIGINS: 'https://partner.example,http://localhost:8080,http://127.0.0.1:4173' })['Allowed origins'],
    ).toBe("on: https://partner.example, http://localhost:8080, besides this site's own");
  });

  it('names the desk’s ways in', () => {
    const sso = {
      DESK_OIDC_ISSUER: 'https://accounts.google.com',
      DESK_OIDC_CLIENT_ID: 'id',
      DESK_OIDC_CLIENT_SECRET: 'secret',
      DESK_OIDC_DOMAINS: 'example.com',
    };
    expect(said({ ...sso, DESK_PASSWORD_SIGNIN: 'off', DESK_REQUIRE_2FA: 'all' })['Desk sign-in']).toBe(
      'on: single sign-on with Google (example.com), a second step for everyone',
    );
    expect(said(sso)['Desk sign-in']).toBe(
      'on: password or single sign-on with Google (example.com), a second step for admins',
    );
  });

  it('never says a secret', () => {
    const secrets = {
      ...CALLS,
      VITE_VAPI_PUBLIC_KEY: 'public-key-of-the-test',
      LEAD_WEBHOOK_SECRET: 'crm-secret-of-the-test',
    };
    const lines = Object.values(
      said({ ...secrets, LEAD_WEBHOOK_URL: 'https://crm.example/hook?token=crm-token-of-the-test' }),
    ).join('\n');
    for (const secret of [...Object.values(secrets), 'crm-token-of-the-test'])
      if (secret.length > 8) expect(lines).not.toContain(secret);
  });
});
