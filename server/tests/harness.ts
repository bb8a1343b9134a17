import { afterAll, beforeAll } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs';
import { slowdown } from '../../tests/support/slowdown.mjs';
import { fakeVoiceProvider } from '../../tests/support/fakes';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/settings.ts';
import { startService } from '../service.ts';
import { openStore, type LeadInput, type StoreOptions } from '../storage/index.ts';
import { SQLITE_TEMPLATE } from '../../tests/support/databases.ts';
import { answerCheck, type OpenApiDocument } from './contract.ts';

/**
 * How long the service waits for its database before answering 503 busy, on this machine now: the
 * default (4 s) stretched as the test runners' timeouts are, since `npm test` runs the unit tests beside
 * the browser tests. A test about that limit sets DATABASE_TIMEOUT_MS itself.
 */
export const DATABASE_PATIENCE = { DATABASE_TIMEOUT_MS: String(4000 * slowdown()) };

/**
 * A service on a throwaway database, driven with `inject` (no port). Its log lines are kept in `logs`
 * (not printed); `now` moves the service's clock (codes, calling hours, call retries). Its SQLite file
 * is a copy of the run's migrated one (tests/support/databases.ts) unless DATABASE_PATH names another;
 * it commits without fsync unless `fsync` (the tests that prove a crash loses nothing) and reads on the
 * writer's thread unless `reader` (the tests of reads beside writes).
 */
export async function testApp(
  env: Record<string, string> = {},
  { now, fsync = false, reader = false }: { now?: () => number } & StoreOptions = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-api-'));
  const template = process.env[SQLITE_TEMPLATE];
  if (template && !env.DATABASE_PATH && !env.DATABASE_URL) {
    copyFileSync(template, join(dir, 'service.sqlite'));
    // As the service makes its own file: readable by its owner only.
    chmodSync(join(dir, 'service.sqlite'), 0o600);
  }
  const config = loadConfig(
    {
      ...DATABASE_PATIENCE,
      DATABASE_PATH: join(dir, 'service.sqlite'),
      LOG_LEVEL: 'info',
      DIST_DIR: join(dir, 'dist'),
      CALL_HOURS: '00:00-24:00',
      // The tests' admins sign in with a password alone; desk-two-step-sign-in.test.ts asks for the default.
      DESK_REQUIRE_2FA: 'off',
      ...env,
    },
    () => {},
  );
  const store = await openStore(config, { fsync, reader });
  const logs: Record<string, unknown>[] = [];
  // The console provider's codes (its stand-in for the text message), apart from the log.
  const codes: { phone: string; code: string; channel: string }[] = [];
  const { app, domain } = await startService(config, store, {
    now,
    logStream: { write: (line) => void logs.push(JSON.parse(line)) },
    showCode: (phone, code, channel) => void codes.push({ phone, code, channel }),
  });
  // Every answer of an API operation is checked against the document's response schemas (./contract.ts).
  const broken: string[] = [];
  let check: ReturnType<typeof answerCheck> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    check ??= answerCheck(app.swagger() as unknown as OpenApiDocument);
    const problem = check({
      method: request.method,
      url: request.routeOptions.url,
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? ''),
      body: payload,
      header: (name) => reply.getHeader(name),
    });
    if (problem) broken.push(problem);
    return payload;
  });
  return {
    app,
    store,
    domain,
    config,
    dir,
    logs,
    codes,
    /** The last one-time code the console provider sent to a phone. */
    codeFor: (phone: string) => codes.filter((c) => c.phone === phone).at(-1)?.code,
    /** The answers so far that broke the contract (close() fails with them). */
    broken,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      if (broken.length) throw new Error(`answers outside the OpenAPI document:\n${[...new Set(broken)].join('\n')}`);
    },
  };
}

export type Harness = Awaited<ReturnType<typeof testApp>>;

export const PHONE = '+919876543210';

/** A clock the tests move: codes, calling hours and retries follow it. */
export function testClock(start = Date.UTC(2026, 10, 23, 6, 30)) {
  let at = start;
  return { now: () => at, later: (ms: number) => (at += ms), set: (ms: number) => (at = ms) };
}

export const post = (h: Harness, url: string, body: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

/**
 * A desk password's hash at a test's cost (N = 2^10), in the format of domain/desk/password.ts, for
 * accounts the tests sign in to many times: the sign-in checks the cost the hash names, and the
 * production cost (N = 2^15) takes seconds a check beside the typecheck. desk.test.ts checks the
 * production hashes themselves.
 */
export function fixtureHash(password: string): string {
  const [N, r, p] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The English consent sentence of the default brand: one the service accepts. */
export const CONSENT =
  'I agree to receive messages, including automated calls and AI-powered demo calls, from Aurelo services at the contact information provided.';

export const lead = (token: string, extra: Record<string, unknown> = {}) => ({
  agentId: 'receptionist',
  name: 'Asha Rao',
  phone: PHONE,
  consent: true,
  consentText: CONSENT,
  token,
  ...extra,
});

/** Requests a code, reads it from the log, and verifies it: the token. */
export async function verified(h: Harness, phone = PHONE): Promise<string> {
  const sent = await post(h, '/api/otp', { phone });
  if (sent.statusCode !== 200) throw new Error(`code request refused: ${sent.body}`);
  const res = await post(h, '/api/otp/verify', { phone, code: h.codeFor(phone) });
  if (res.statusCode !== 200) throw new Error(`verification refused: ${res.body}`);
  return res.json().token;
}

/**
 * Both databases for one suite: a PostgreSQL database of the file's own (on the run's one server, made
 * before the file's tests; migrated, and without fsync, unless asked) and the settings that pick each;
 * `url()` is its address once made.
 */
export function bothDatabases({ migrated = true, fsync = false }: { migrated?: boolean; fsync?: boolean } = {}) {
  let pg: TestPostgres | undefined;
  beforeAll(() => void (pg = startPostgres({ migrated, fsync })), 30_000);
  afterAll(() => pg?.stop());
  const url = () => pg!.url;
  return {
    url,
    backends: [
      { name: 'SQLite', env: (): Record<string, string> => ({}) },
      { name: 'PostgreSQL', env: (): Record<string, string> => ({ DATABASE_URL: url() }) },
    ],
  };
}

export const VOICE_KEY = 'vapi-private-test';

/**
 * A service whose calls go to a fake voice provider (retries every 100 ms, events signed with
 * `vapi-secret`); both are closed by the `cleanups` the test file runs after each test.
 */
export async function withVoiceProvider(
  cleanups: (() => Promise<void>)[],
  env: Record<string, string> = {},
  now?: () => number,
) {
  const voice = await fakeVoiceProvider(VOICE_KEY);
  cleanups.push(voice.close);
  const h = await testApp(
    {
      OTP_CLIENT_LIMIT: '100000',
      OTP_MAX_PER_HOUR: '100000',
      VAPI_PRIVATE_KEY: VOICE_KEY,
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      VAPI_API_URL: voice.url,
      VAPI_ASSISTANT_RECEPTIONIST: 'asst-reception',
      VAPI_ASSISTANT_REAL_ESTATE: 'asst-real-estate',
      VAPI_WEBHOOK_SECRET: 'vapi-secret',
      CALL_RETRY_MS: '100',
      PROVIDER_TIMEOUT_MS: '700',
      CALL_LOOKUP_DELAY_MS: '1000',
      ...env,
    },
    { now },
  );
  cleanups.push(h.close);
  return { h, voice };
}

/** The desk account the desk's API tests sign in with. */
export const DESK_EMAIL = 'sales@example.com';
export const DESK_PASSWORD = 'correct horse battery staple';

/** A service on a test clock with the desk account made; its close is queued in `cleanups`. */
export async function deskTestService(cleanups: (() => Promise<void>)[], env: Record<string, string> = {}) {
  const clock = testClock();
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env }, { now: clock.now });
  cleanups.push(h.close);
  await h.store.desk.addUser({ email: DESK_EMAIL, passwordHash: fixtureHash(DESK_PASSWORD), now: clock.now() });
  return { h, clock, origin: new URL(h.config.publicUrl).origin };
}

let storedLeads = 0;
/**
 * A lead stored as intake stores one (no code, no request), its call scheduled a century ahead so that no
 * worker touches it: for tests of what the desk reads. Its id.
 */
export async function storedLead(h: Harness, fields: Partial<LeadInput> & { createdAt: number }): Promise<number> {
  const n = ++storedLeads;
  const input: LeadInput = {
    agentId: 'receptionist',
    name: 'Asha',
    phone: `+9197${String(n).padStart(8, '0')}`,
    tokenId: `stored-lead-${n}-${Math.random()}`,
    consentText: 'I agree.',
    consentVersion: null,
    consentSha256: 'x',
    consentedAt: null,
    verifiedAt: null,
    clientIp: '10.0.0.1',
    userAgent: null,
    pageUrl: null,
    referrer: null,
    timeZone: null,
    utm: {},
    clickIds: {},
    metadata: {},
    ...fields,
  };
  const added = await h.store.leads.add({
    lead: input,
    plan: { status: 'scheduled', callAt: input.createdAt + 100 * 365 * 86_400_000 },
    deliver: false,
    duplicateWindowMs: 0,
  });
  if (added === 'token-used') throw new Error('token used');
  return added.id;
}

type DeskService = Awaited<ReturnType<typeof deskTestService>>;

/** `POST /api/session` from the desk's own origin, by default as the desk account with its password. */
export const deskSignIn = (
  s: DeskService,
  body: unknown = { email: DESK_EMAIL, password: DESK_PASSWORD },
  headers: Record<string, string> = {},
) => post(s.h, '/api/session', body, { origin: s.origin, ...headers });

/** Signs the desk account in and answers the Cookie header that carries its session. */
export async function deskCookie(s: DeskService): Promise<string> {
  const res = await deskSignIn(s);
  if (res.statusCode !== 200) throw new Error(`desk sign-in answered ${res.statusCode}: ${res.body}`);
  return String(res.headers['set-cookie']).split(';')[0];
}
