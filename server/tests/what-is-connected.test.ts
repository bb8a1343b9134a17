// What the start and `npm run doctor` say is connected, as the real entries print it, against local
// fakes of each provider answering, refusing and unreachable; and the doctor's test lead, checked as a
// CRM checks a delivery. No key, token or secret is ever in what they print.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeTwilio, fakeVoiceProvider, TWILIO, webhookReceiver } from '../../tests/support/fakes';
import { freePort } from '../../tests/support/free-port.mjs';
import { patience } from '../../tests/support/slowdown.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRIVATE_KEY = 'vapi-private-key-of-the-test';
const CRM_SECRET = 'crm-secret-of-the-test';
const SECRETS = [PRIVATE_KEY, CRM_SECRET, TWILIO.authToken, 'sso-client-secret-of-the-test', 'crm-token-in-the-path'];

let dir = '';
const closing: (() => Promise<unknown>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'connected-'));
});
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs an entry (`cli/doctor`, `main`) with only these settings; resolves with its output and exit, or once `until` shows. */
function run(entry: string, args: string[], env: Record<string, string>, until?: string) {
  const child = spawn(process.execPath, ['server/run.mjs', entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_PATH: join(dir, 's.sqlite'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise<{ status: number | null; out: string }>((done) => {
    const take = (chunk: Buffer) => {
      out += chunk;
      if (until && out.includes(until)) {
        child.kill('SIGKILL');
        done({ status: null, out });
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (status) => done({ status, out }));
  });
}
const doctor = (env: Record<string, string>, ...args: string[]) => run('cli/doctor', args, env);

/** A server that takes requests and never answers: a provider that hangs. */
async function hanging(): Promise<string> {
  const server: Server = createServer(() => {});
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  closing.push(async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** An OpenID provider's discovery document, naming `issuer` (or another). */
async function discovery(named?: string): Promise<string> {
  const server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: named ?? issuer }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  closing.push(() => new Promise((closed) => server.close(closed)));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function providers() {
  const [twilio, voice, crm] = await Promise.all([
    fakeTwilio(),
    fakeVoiceProvider(PRIVATE_KEY),
    webhookReceiver(CRM_SECRET),
  ]);
  crm.strict = true;
  closing.push(twilio.close, voice.close, crm.close);
  voice.phoneNumbers.set('phone-1', { number: '+14155550100', provider: 'twilio' });
  voice.assistants.set('assistant-1', { name: 'Receptionist' });
  return { twilio, voice, crm };
}

const settings = (urls: { twilio: string; voice: string; crm: string; issuer: string }) => ({
  OTP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO.accountSid,
  TWILIO_AUTH_TOKEN: TWILIO.authToken,
  TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
  TWILIO_API_URL: urls.twilio,
  VAPI_PRIVATE_KEY: PRIVATE_KEY,
  VAPI_PHONE_NUMBER_ID: 'phone-1',
  VAPI_ASSISTANT_RECEPTIONIST: 'assistant-1',
  VAPI_API_URL: urls.voice,
  VAPI_WEBHOOK_SECRET: 'vapi-webhook-secret-of-the-test',
  LEAD_WEBHOOK_URL: `${urls.crm}?token=crm-token-in-the-path`,
  LEAD_WEBHOOK_SECRET: CRM_SECRET,
  DESK_OIDC_ISSUER: urls.issuer,
  DESK_OIDC_CLIENT_ID: 'desk',
  DESK_OIDC_CLIENT_SECRET: 'sso-client-secret-of-the-test',
  DESK_OIDC_DOMAINS: 'example.com',
});
const noSecret = (out: string) => {
  for (const secret of SECRETS) expect(out).not.toContain(secret);
};

describe('the start', { timeout: patience(60_000) }, () => {
  it('says one line for each connection, a private key without its number as half set', async () => {
    const { out } = await run(
      'main',
      [],
      {
        PORT: String(freePort()),
        DIST_DIR: join(dir, 'dist'),
        VAPI_PRIVATE_KEY: PRIVATE_KEY,
        CORS_ORIGINS: 'https://partner.example',
      },
      'Store:',
    );
    const lines = out.split('\n').filter((line) => /^ {2}[A-Z][\w -]+: {2,}/.test(line));
    expect(lines.map((line) => line.trim().split(':')[0])).toEqual([
      'Site',
      'Widget examples',
      'Sales desk',
      'One-time codes',
      'Demo calls',
      'Web demos',
      'CRM',
      'Allowed origins',
      'Desk sign-in',
      'Store',
    ]);
    expect(out).toContain('  Demo calls:       half set: missing VAPI_PHONE_NUMBER_ID');
    expect(out).toContain("  Allowed origins:  on: https://partner.example, besides this site's own");
    expect(out).toContain('  CRM:              off (LEAD_WEBHOOK_URL is unset');
    noSecret(out);
  });
});

describe('npm run doctor', { timeout: patience(60_000) }, () => {
  it('asks each provider, which answers; the test lead is signed as the CRM checks it', async () => {
    const { twilio, voice, crm } = await providers();
    const { status, out } = await doctor(
      settings({ twilio: twilio.url, voice: voice.url, crm: crm.url, issuer: await discovery() }),
      '--test-lead',
    );
    expect(out).toContain('  One-time codes:   on: Twilio Verify, to numbers in IN');
    expect(out).toContain('✓ Twilio Verify answered: its service “Aurelo” is there');
    expect(out).toContain('✓ The voice provider (VAPI_PHONE_NUMBER_ID) answered: number “+14155550100” is there');
    expect(out).toContain(
      '✓ The voice provider (VAPI_ASSISTANT_RECEPTIONIST) answered: assistant “Receptionist” is there',
    );
    expect(out).toContain('✓ The sign-in provider answered: its discovery document names this issuer');
    expect(out).toMatch(/✓ The CRM took the test event [0-9a-f-]{36}: 200 OK in \d+ ms: \{"ok":true\}/);
    // Three agents without an assistant: half set, said, so not all is well.
    expect(out).toContain('Demo calls:       half set: missing VAPI_ASSISTANT_REAL_ESTATE');
    expect(status).toBe(1);
    expect(crm.received).toEqual([
      expect.objectContaining({
        event: 'lead.test',
        validSignature: true,
        body: expect.objectContaining({ event: 'lead.test', test: true, lead: null }),
      }),
    ]);
    expect(crm.received[0].deliveryId).toBe(crm.received[0].body.id);
    // Only questions that change nothing: no code sent, no call placed.
    expect(twilio.requests.map((r) => r.path)).toEqual([`/v2/Services/${TWILIO.serviceSid}`]);
    expect(voice.posts).toEqual([]);
    noSecret(out);
  });

  it('says all is well, exit 0, when everything set answers', async () => {
    const { twilio } = await providers();
    const { status, out } = await doctor({
      OTP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
      TWILIO_API_URL: twilio.url,
    });
    expect(out).toContain('Everything set is connected.');
    expect(status).toBe(0);
  });

  it('says what each provider refused and what to check', async () => {
    const { twilio, voice, crm } = await providers();
    const { status, out } = await doctor(
      {
        ...settings({
          twilio: twilio.url,
          voice: voice.url,
          crm: crm.url,
          issuer: await discovery('https://other.example'),
        }),
        TWILIO_AUTH_TOKEN: 'a-wrong-twilio-token',
        VAPI_PRIVATE_KEY: 'a-wrong-private-key',
        VAPI_ASSISTANT_RECEPTIONIST: 'no-such-assistant',
        LEAD_WEBHOOK_SECRET: 'a-wrong-crm-secret',
      },
      '--test-lead',
    );
    expect(status).toBe(1);
    expect(out).toContain(
      '✗ Twilio Verify refused (401, code 20003: Authenticate): TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is wrong',
    );
    expect(out).toContain(
      '✗ The voice provider (VAPI_PHONE_NUMBER_ID) refused (401: Invalid Key): VAPI_PRIVATE_KEY is wrong',
    );
    expect(out).toMatch(
      /✗ The CRM refused the test event [0-9a-f-]{36}: 401 Unauthorized in \d+ ms: .*LEAD_WEBHOOK_SECRET/,
    );
    expect(out).toContain(
      '✗ The sign-in provider answered, naming issuer “https://other.example”: set DESK_OIDC_ISSUER to exactly that',
    );
    expect(crm.received).toEqual([]);
    for (const secret of ['a-wrong-twilio-token', 'a-wrong-private-key', 'a-wrong-crm-secret'])
      expect(out).not.toContain(secret);
  });

  it('says a service SID or assistant the provider does not have', async () => {
    const { twilio, voice } = await providers();
    const { out } = await doctor({
      ...settings({ twilio: twilio.url, voice: voice.url, crm: 'http://127.0.0.1:9', issuer: await discovery() }),
      TWILIO_VERIFY_SERVICE_SID: 'VAnot000000000000000000000000000',
      VAPI_ASSISTANT_RECEPTIONIST: 'no-such-assistant',
    });
    expect(out).toContain('refused (404, code 20404: The requested resource');
    expect(out).toContain('this account has no service TWILIO_VERIFY_SERVICE_SID');
    expect(out).toContain(
      '✗ The voice provider (VAPI_ASSISTANT_RECEPTIONIST) refused (404: Not Found): the organisation has no assistant with this VAPI_ASSISTANT_RECEPTIONIST',
    );
    // Without --test-lead nothing is sent to the CRM.
    expect(out).toContain('not asked: npm run doctor -- --test-lead sends one signed test event');
  });

  it('gives up on a provider that does not answer after 5 s, and says it is unreachable', async () => {
    const silent = await hanging();
    const closed = `http://127.0.0.1:${freePort()}`;
    const { status, out } = await doctor(
      settings({ twilio: silent, voice: silent, crm: `${closed}/hooks`, issuer: closed }),
      '--test-lead',
    );
    expect(status).toBe(1);
    expect(out).toContain(`✗ Twilio Verify: unreachable (no answer within 5 s) at ${silent}`);
    expect(out).toContain(
      `✗ The voice provider (VAPI_PHONE_NUMBER_ID): unreachable (no answer within 5 s) at ${silent}`,
    );
    expect(out).toContain(`✗ The CRM: unreachable (ECONNREFUSED) at ${closed}`);
    expect(out).toContain(`✗ The sign-in provider: unreachable (ECONNREFUSED) at ${closed}`);
    noSecret(out);
  });
});
