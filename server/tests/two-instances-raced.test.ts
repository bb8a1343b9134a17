import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs';
import { fakeVoiceProvider } from '../../tests/support/fakes';
import { openStore } from '../storage/index.ts';
import { CONSENT, fixtureHash } from './harness.ts';
import { call, killAll, startInstance, type Instance } from './processes.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// Two instances of the production entry on one PostgreSQL, raced as an attacker and a slow provider
// would (issue 29): the lock-out, the one call per lead, and the final end hold across instances.
let dir: string;
let pg: TestPostgres;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ai-widgets-hostile-'));
}, patience(30_000));
// Each race starts from an empty database: one test's calls and leases never reach into the next.
beforeEach(() => {
  pg = startPostgres();
}, patience(30_000));
afterEach(async () => {
  await killAll();
  pg?.stop();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const KEY = 'vapi-hostile-key';
const voiceEnv = (url: string) => ({
  VAPI_PRIVATE_KEY: KEY,
  VAPI_PHONE_NUMBER_ID: 'pn-1',
  VAPI_API_URL: url,
  VAPI_ASSISTANT_RECEPTIONIST: 'asst-1',
  VAPI_WEBHOOK_SECRET: 'vapi-secret',
});
const phone = (i: number) => `+9198766${String(i).padStart(5, '0')}`;
const two = (env: Record<string, string>) =>
  Promise.all([
    startInstance(dir, { DATABASE_URL: pg.url, ...env }),
    startInstance(dir, { DATABASE_URL: pg.url, ...env }),
  ]);

async function submitLead(instance: Instance, number: string) {
  expect((await call(instance, '/otp', { phone: number })).status).toBe(200);
  await expect.poll(() => instance.codes.get(number)).toBeTruthy();
  const { body } = await call(instance, '/otp/verify', { phone: number, code: instance.codes.get(number) });
  const lead = await call(instance, '/demo-requests', {
    agentId: 'receptionist',
    name: `Visitor ${number}`,
    phone: number,
    consent: true,
    consentText: CONSENT,
    token: body.token,
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  return lead.body as { id: number; call: string };
}

async function withStore<T>(run: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore({ databasePath: join(dir, 'unused.sqlite'), databaseUrl: pg.url });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

/** Waits until every one of `leads` has its call placed (read from the shared database). */
const placedAll = (leads: { id: number }[]) =>
  withStore(async (store) => {
    await expect
      .poll(
        async () =>
          (await Promise.all(leads.map((l) => store.leads.get({ id: l.id })))).filter(
            (l) => l?.call?.status === 'placed',
          ).length,
        { timeout: patience(20_000) },
      )
      .toBe(leads.length);
  });

describe('two instances on one PostgreSQL, raced', () => {
  it(
    'check at most 10 passwords of one account when 100 tries arrive at once from 100 addresses, across both',
    async () => {
      const email = 'desk@example.com';
      const [a, b] = await two({ TRUST_PROXY: '1', PUBLIC_URL: 'http://desk.test' });
      await withStore((store) =>
        store.desk.addUser({ email, passwordHash: fixtureHash('the right password'), now: Date.now() }),
      );
      const tries = Array.from({ length: 100 }, (_, i) =>
        fetch(`http://127.0.0.1:${(i % 2 ? a : b).port}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://desk.test', 'x-forwarded-for': `10.2.0.${i}` },
          body: JSON.stringify({ email, password: i === 99 ? 'the right password' : `wrong ${i}` }),
        }).then((r) => r.status),
      );
      const answers = await Promise.all(tries);
      expect(answers.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
      const failures = await withStore((store) => store.desk.failures({ email, clientIp: '-', since: 0 }));
      expect(failures.account).toBeLessThanOrEqual(10);
      expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(89);
    },
    patience(60_000),
  );

  it(
    'grant exactly DEMO_CLIENT_LIMIT demos to one address and exactly the day’s minutes to many, 50 at once across both',
    async () => {
      const site = 'http://demo.test';
      const [a, b] = await two({
        TRUST_PROXY: '1',
        PUBLIC_URL: site,
        VAPI_PRIVATE_KEY: KEY,
        VAPI_ORG_ID: 'org-1',
        VITE_VAPI_ASSISTANT_ID: 'asst-site',
        VITE_VAPI_PUBLIC_KEY: 'public-key-site',
        DEMO_CLIENT_LIMIT: '7',
        DEMO_MINUTES_PER_DAY: '12',
        DEMO_MAX_SECONDS: '60',
      });
      const race = (address: (i: number) => string, mode: string) =>
        Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`http://127.0.0.1:${(i % 2 ? a : b).port}/api/voice/session`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: site, 'x-forwarded-for': address(i) },
              body: JSON.stringify({ mode }),
            }).then(async (r) => [r.status, (await r.json()).error] as const),
          ),
        );
      // Text demos count no minutes: only the client limit holds them.
      const one = await race(() => '10.3.0.1', 'text');
      expect(one.filter(([s]) => s === 200)).toHaveLength(7);
      expect(one.filter(([s, e]) => s === 429 && e === 'demo-limit')).toHaveLength(43);
      // 12 minutes of 60-second demos: 12 grants, whoever asks.
      const many = await race((i) => `10.4.0.${i}`, 'voice');
      expect(many.filter(([s]) => s === 200)).toHaveLength(12);
      expect(many.filter(([s, e]) => s === 503 && e === 'demo-budget')).toHaveLength(38);
    },
    patience(60_000),
  );

  it(
    'place one call per lead when the provider makes each call 1.5 s after a request it never answers',
    async () => {
      const voice = await fakeVoiceProvider(KEY);
      try {
        for (let i = 0; i < 10; i++) voice.script.push({ hangThenCreateAfterMs: 1500 });
        const [a, b] = await two({
          ...voiceEnv(voice.url),
          PROVIDER_TIMEOUT_MS: '500',
          CALL_RETRY_MS: '200',
          CALL_LOOKUP_DELAY_MS: '3000',
        });
        const leads = [
          ...(await Promise.all(Array.from({ length: 5 }, (_, i) => submitLead(i % 2 ? a : b, phone(i))))),
          ...(await Promise.all(Array.from({ length: 5 }, (_, i) => submitLead(i % 2 ? b : a, phone(5 + i))))),
        ];
        expect(leads.every((l) => l.call === 'retrying')).toBe(true);
        await placedAll(leads);
        await new Promise((r) => setTimeout(r, 1000));
        expect(voice.posts).toHaveLength(10);
        expect(voice.calls).toHaveLength(10);
      } finally {
        await voice.close();
      }
    },
    patience(60_000),
  );

  it(
    'lose no field of a call when its events arrive at both instances at once, and keep the end final',
    async () => {
      const voice = await fakeVoiceProvider(KEY);
      try {
        const [a, b] = await two(voiceEnv(voice.url));
        const leads: { id: number; call: string }[] = [];
        for (let batch = 0; batch < 4; batch++)
          leads.push(
            ...(await Promise.all(
              Array.from({ length: 5 }, (_, i) => submitLead(i % 2 ? a : b, phone(100 + batch * 5 + i))),
            )),
          );
        // Most are placed before their answer; one still being placed when its answer had to go says retrying.
        expect(leads.every((l) => l.call === 'placed' || l.call === 'retrying')).toBe(true);
        await placedAll(leads);
        const send = (instance: Instance, message: unknown) =>
          fetch(`http://127.0.0.1:${instance.port}/api/voice/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-vapi-secret': 'vapi-secret' },
            body: JSON.stringify({ message }),
          }).then((r) => r.status);
        const ids = voice.calls.map((c) => c.id);
        const statuses = await Promise.all(
          ids.flatMap((id) => [
            send(a, { type: 'end-of-call-report', call: { id }, analysis: { summary: `Summary of ${id}` } }),
            send(b, { type: 'status-update', call: { id }, status: 'ended', endedReason: 'customer-ended-call' }),
            send(a, { type: 'end-of-call-report', call: { id }, artifact: { transcript: `Transcript of ${id}` } }),
            send(b, {
              type: 'end-of-call-report',
              call: { id },
              artifact: { recordingUrl: `https://recordings.example/${id}.wav` },
            }),
          ]),
        );
        expect(
          statuses.every((s) => s === 200),
          `${statuses.join(',')}\n${a.output().slice(-3000)}`,
        ).toBe(true);
        const calls = await withStore(async (store) =>
          Promise.all(leads.map(async (l) => (await store.leads.get({ id: l.id }))!.call!)),
        );
        for (const c of calls) {
          expect(c).toMatchObject({
            status: 'ended',
            endedReason: 'customer-ended-call',
            summary: `Summary of ${c.providerCallId}`,
            transcript: `Transcript of ${c.providerCallId}`,
            recordingUrl: `https://recordings.example/${c.providerCallId}.wav`,
          });
        }
      } finally {
        await voice.close();
      }
    },
    patience(60_000),
  );
});
