import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs';
import { fakeVoiceProvider, webhookReceiver } from '../../tests/support/fakes';
import { CONSENT, testApp } from './harness.ts';
import { call, exited, killAll, startInstance, type Instance } from './processes.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// The production entry as separate processes: leads acknowledged with 201 survive SIGKILL, every
// requested call is placed exactly once across kills, restarts and two instances, and the CRM outbox
// delivers every event.
let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'ai-widgets-leads-'))));
afterEach(killAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Code, check, lead: the answer once acknowledged. */
async function submitLead(instance: Instance, phone: string, agentId = 'receptionist') {
  const sent = await call(instance, '/otp', { phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await expect.poll(() => instance.codes.get(phone)).toBeTruthy();
  const { body } = await call(instance, '/otp/verify', { phone, code: instance.codes.get(phone) });
  const lead = await call(instance, '/demo-requests', {
    agentId,
    name: `Visitor ${phone}`,
    phone,
    consent: true,
    consentText: CONSENT,
    token: body.token,
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  return lead.body as { id: number; call: string };
}
const phone = (i: number) => `+9198765${String(i).padStart(5, '0')}`;
const KEY = 'vapi-durable-key';
const voiceEnv = (url: string) => ({
  VAPI_PRIVATE_KEY: KEY,
  VAPI_PHONE_NUMBER_ID: 'pn-1',
  VAPI_API_URL: url,
  VAPI_ASSISTANT_RECEPTIONIST: 'asst-1',
});

describe('leads across crashes', () => {
  it(
    'keeps every acknowledged lead through SIGKILL, and delivers every one to the CRM once it answers, across a restart',
    async () => {
      const hook = await webhookReceiver('whsec-durable');
      hook.down = true;
      const env = {
        DATABASE_PATH: join(dir, 'leads.sqlite'),
        LEAD_WEBHOOK_URL: hook.url,
        LEAD_WEBHOOK_SECRET: 'whsec-durable',
        LEAD_WEBHOOK_BACKOFF_MS: '20',
        PROVIDER_TIMEOUT_MS: '1000',
      };
      try {
        const first = await startInstance(dir, env);
        const ids = (await Promise.all(Array.from({ length: 12 }, (_, i) => submitLead(first, phone(i))))).map(
          (l) => l.id,
        );
        first.child.kill('SIGKILL');
        await exited(first.child);

        hook.down = false;
        const second = await startInstance(dir, env);
        await expect
          .poll(() => new Set(hook.received.map((r) => r.deliveryId)).size, { timeout: patience(20_000) })
          .toBe(12);
        expect(new Set(hook.received.map((r) => r.body.lead.id))).toEqual(new Set(ids));
        expect(hook.received.every((r) => r.validSignature)).toBe(true);
        second.child.kill('SIGTERM');
        await exited(second.child);
        const h = await testApp({ DATABASE_PATH: env.DATABASE_PATH });
        try {
          expect((await h.store.leads.list()).map((l) => l.lead.id).sort((a, b) => a - b)).toEqual(
            [...ids].sort((a, b) => a - b),
          );
          expect(await h.store.outbox.pending()).toBe(0);
        } finally {
          await h.close();
        }
      } finally {
        await hook.close();
      }
    },
    patience(60_000),
  );

  it(
    'places the call exactly once when the service is killed after the 201, before the call and during it',
    async () => {
      const voice = await fakeVoiceProvider(KEY);
      try {
        const env = {
          DATABASE_PATH: join(dir, 'calls.sqlite'),
          ...voiceEnv(voice.url),
          CALL_RETRY_MS: '5000',
          PROVIDER_TIMEOUT_MS: '800',
          CALL_LOOKUP_DELAY_MS: '2000',
        };
        const first = await startInstance(dir, env);
        // Before the call: the provider is busy, the answer says retrying, then the process dies.
        voice.script.push(503);
        expect((await submitLead(first, phone(500))).call).toBe('retrying');
        // During the call: the provider makes it but its answer never comes.
        voice.script.push('create-then-hang');
        expect((await submitLead(first, phone(501))).call).toBe('retrying');
        first.child.kill('SIGKILL');
        await exited(first.child);
        expect(voice.calls.map((c) => c.customer.number)).toEqual([phone(501)]);

        await startInstance(dir, env);
        await expect.poll(() => voice.calls.length, { timeout: patience(20_000) }).toBe(2);
        await new Promise((r) => setTimeout(r, 1500));
        expect(voice.calls.map((c) => c.customer.number).sort()).toEqual([phone(500), phone(501)]);
      } finally {
        await voice.close();
      }
    },
    patience(60_000),
  );
});

describe('two instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  beforeAll(() => void (pg = startPostgres()), 30_000);
  afterAll(() => pg?.stop());

  it(
    'obey the per-phone limits exactly and make one lead per token',
    async () => {
      const [a, b] = await Promise.all([
        startInstance(dir, { DATABASE_URL: pg.url }),
        startInstance(dir, { DATABASE_URL: pg.url }),
      ]);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, '/otp', { phone: phone(1) })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 429 && r.body.error === 'cooldown')).toHaveLength(9);
      const sender = answers.findIndex((r) => r.status === 200) % 2 ? a : b;
      await expect.poll(() => sender.codes.get(phone(1))).toBeTruthy();
      // Ten right answers at once across both: one token.
      const checks = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(i % 2 ? a : b, '/otp/verify', { phone: phone(1), code: sender.codes.get(phone(1)) }),
        ),
      );
      const tokens = checks.filter((c) => c.status === 200);
      expect(tokens).toHaveLength(1);
      const lead = {
        agentId: 'receptionist',
        name: 'Asha',
        phone: phone(1),
        consent: true,
        consentText: CONSENT,
        token: tokens[0].body.token,
      };
      const posts = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? a : b, '/demo-requests', lead)));
      expect(posts.map((p) => p.status).sort()).toEqual([201, 401, 401, 401, 401, 401]);
    },
    patience(60_000),
  );

  it(
    'place 200 calls exactly once each while the provider refuses every other attempt, and deliver every CRM event',
    async () => {
      const voice = await fakeVoiceProvider(KEY);
      voice.refuseEveryOther = true;
      const hook = await webhookReceiver('whsec-two');
      try {
        const env = {
          DATABASE_URL: pg.url,
          ...voiceEnv(voice.url),
          CALL_RETRY_MS: '200',
          LEAD_WEBHOOK_URL: hook.url,
          LEAD_WEBHOOK_SECRET: 'whsec-two',
          LEAD_WEBHOOK_BACKOFF_MS: '20',
        };
        const [a, b] = await Promise.all([startInstance(dir, env), startInstance(dir, env)]);
        const leads = [];
        for (let batch = 0; batch < 10; batch++)
          leads.push(
            ...(await Promise.all(
              Array.from({ length: 20 }, (_, i) => submitLead(i % 2 ? a : b, phone(1000 + batch * 20 + i))),
            )),
          );
        await expect.poll(() => voice.calls.length, { timeout: patience(30_000) }).toBe(200);
        await new Promise((r) => setTimeout(r, 1500));
        expect(voice.calls).toHaveLength(200);
        expect(new Set(voice.calls.map((c) => c.customer.externalId)).size).toBe(200);
        expect(new Set(voice.calls.map((c) => c.customer.externalId))).toEqual(new Set(leads.map((l) => String(l.id))));
        // Every lead.created and every placed call reached the CRM, once each (deduped by delivery id).
        await expect
          .poll(() => new Set(hook.received.map((r) => r.deliveryId)).size, { timeout: patience(20_000) })
          .toBe(400);
      } finally {
        await voice.close();
        await hook.close();
      }
    },
    patience(120_000),
  );
});
