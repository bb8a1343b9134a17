import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { personalData, phoneHash } from '../domain/personal-data.ts';
import { bothDatabases, lead, post, testApp, verified, withVoiceProvider, type Harness } from './harness.ts';
import { endedLead, leadInput } from './seed.ts';
import { waitFor } from '../../tests/support/wait-for.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});
const PHONE = '+919812345678';
const NAME = 'Zubin Quartermaine';

/** Every table and text column that holds `needle` anywhere (`table.column`). */
async function traces(h: Harness, needle: string): Promise<string[]> {
  const found: string[] = [];
  if (h.store.dialect === 'sqlite') {
    const db = new Database(h.store.path, { readonly: true });
    try {
      for (const { name } of db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[]) {
        for (const col of db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]) {
          if (
            (
              db
                .prepare(`SELECT COUNT(*) AS n FROM ${name} WHERE CAST(${col.name} AS TEXT) LIKE ?`)
                .get(`%${needle}%`) as { n: number }
            ).n
          )
            found.push(`${name}.${col.name}`);
        }
      }
    } finally {
      db.close();
    }
    return found;
  }
  const client = new pg.Client({ connectionString: h.config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
    );
    for (const { table_name: t, column_name: c } of rows) {
      const { rows: n } = await client.query(`SELECT COUNT(*) AS n FROM "${t}" WHERE CAST("${c}" AS TEXT) LIKE $1`, [
        `%${needle}%`,
      ]);
      if (Number(n[0].n)) found.push(`${t}.${c}`);
    }
  } finally {
    await client.end();
  }
  return found;
}

describe.each(backends)('erasure on $name', ({ env }) => {
  it('forget leaves no trace of the number or the name, keeps the counts and outcome, and do-not-call still refuses it', async () => {
    // No webhook: no worker takes the events before the test reads them.
    const h = await testApp(env());
    try {
      const key = h.config.dataHashKey;
      const hash = phoneHash(key, PHONE);
      const other = await endedLead(h.store, {
        name: 'Meera Iyer',
        phone: '+919800000001',
        phoneHash: phoneHash(key, '+919800000001'),
      });
      const ids = [
        await endedLead(h.store, { name: NAME, phone: PHONE, phoneHash: hash }),
        await endedLead(h.store, { name: NAME, phone: PHONE, phoneHash: hash, agentId: 'realEstate' }),
      ];
      const waiting = await h.store.leads.add({
        lead: leadInput({ name: NAME, phone: PHONE, phoneHash: hash }),
        plan: { status: 'scheduled', callAt: Date.now() + 3_600_000 },
        deliver: true,
        duplicateWindowMs: 0,
      });
      await h.store.otp.request({
        phone: PHONE,
        clientIp: '192.0.2.1',
        codeHash: 'h',
        now: Date.now(),
        ttlMs: 600_000,
        cooldownMs: 0,
        perPhoneHour: 5,
        perClientHour: 5,
        perServiceHour: 1000,
      });
      await h.store.suppressions.add({ phone: PHONE, reason: 'asked', now: Date.now() });
      const user = await h.store.desk.addUser({ email: 'sales@example.com', passwordHash: 'x', now: Date.now() });
      await h.store.desk.markContacted({ leadId: ids[0], by: 'sales@example.com', now: Date.now() });
      expect(user).not.toBe('exists');
      expect(await traces(h, '9812345678')).not.toEqual([]);

      const done = await personalData(h.store, { key, deliver: true }).forgetPhone(PHONE);
      expect(done).toMatchObject({ codes: 1, suppressed: true });
      expect(done.leadIds).toEqual([...ids, (waiting as { id: number }).id]);
      expect(await traces(h, '9812345678')).toEqual([]);
      expect(await traces(h, 'Quartermaine')).toEqual([]);
      expect(await traces(h, 'Zubin')).toEqual([]);

      // What the business keeps: the lead, its agent and date, the consent's hash, the call's outcome, the mark.
      const kept = (await h.store.desk.lead({ id: ids[0] }))!;
      expect(kept.lead).toMatchObject({
        agentId: 'receptionist',
        name: '',
        phone: '',
        consent: { sha256: 'c0ffee', text: '' },
      });
      expect(kept.call).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call', transcript: null });
      expect(kept.contacted).toMatchObject({ by: 'sales@example.com' });
      // A call not yet placed never will be.
      expect(await h.store.calls.state({ leadId: (waiting as { id: number }).id })).toMatchObject({ status: 'failed' });
      // The other person is untouched.
      expect((await h.store.leads.get({ id: other }))!.lead.name).toBe('Meera Iyer');
      // The do-not-call list refuses the number, as its hash.
      expect(await h.store.suppressions.has({ phone: PHONE, phoneHash: hash })).toBe(true);
      expect((await h.store.suppressions.list()).map((s) => s.phone)).toContain(hash);
      // The CRM hears lead.erased for each lead; nothing else of theirs is waiting.
      const events = [];
      for (
        let at = Date.now(), rows = await h.store.outbox.claim({ now: at, leaseMs: 1, limit: 100 });
        rows.length;
        rows = await h.store.outbox.claim({ now: (at += 2), leaseMs: 1, limit: 100 })
      ) {
        for (const row of rows) {
          events.push(row);
          await h.store.outbox.delivered({ id: row.id, now: at });
        }
      }
      const erased = events.filter((e) => done.leadIds.includes(e.leadId));
      expect(erased.map((e) => e.event)).toEqual(['lead.erased', 'lead.erased', 'lead.erased']);
      expect(JSON.parse(erased[0].payload)).toMatchObject({
        event: 'lead.erased',
        lead: { id: ids[0], agentId: 'receptionist', erasedAt: expect.any(String) },
      });
      // Access: what is left of them is still found by the number.
      const held = await personalData(h.store, { key, deliver: false }).exportPhone(PHONE);
      expect(held.leads.map((l) => l.id)).toEqual(done.leadIds);
      expect(held.leads[0]).toMatchObject({ name: '', erasedAt: expect.any(String) });
      expect(held.doNotCall).toMatchObject({ reason: 'asked' });
    } finally {
      await h.close();
    }
  });

  it('the access export includes the demo a lead tried first, and forget erases it whole; another’s demo stays', async () => {
    const h = await testApp(env());
    try {
      const key = h.config.dataHashKey;
      const phone = '+919812345699';
      const now = Date.now();
      const demo = async (id: string, words: string) => {
        await h.store.demos.grant({
          id,
          assistantId: 'asst-site',
          agentId: 'receptionist',
          mode: 'voice',
          origin: 'https://partner.test',
          pageUrl: `https://partner.test/clinics?from=${id}`,
          clientHash: `hmac-sha256:${id}`,
          now,
          grantSeconds: 180,
          perClientHour: 100,
          budgetSeconds: 1_000_000,
        });
        await h.store.demos.report({
          id,
          assistantId: 'asst-site',
          now: now + 130_000,
          providerCallId: `call-${id}`,
          durationSeconds: 130,
          endedReason: 'customer-ended-call',
          summary: `Summary: ${words}`,
          transcript: `User: ${words}`,
        });
      };
      await demo('demo-zubin-7f3a', 'I am Xanthippe Demotalker from the clinic');
      await demo('demo-other-9c1b', 'I am someone else entirely');
      const id = await endedLead(h.store, {
        name: NAME,
        phone,
        phoneHash: phoneHash(key, phone),
        demoSessionId: 'demo-zubin-7f3a',
        demoClientHash: 'hmac-sha256:demo-zubin-7f3a',
      });
      const data = personalData(h.store, { key, deliver: false });

      const held = await data.exportPhone(phone);
      expect(held.leads[0]).toMatchObject({
        id,
        demo: {
          sessionId: 'demo-zubin-7f3a',
          agentId: 'receptionist',
          mode: 'voice',
          origin: 'https://partner.test',
          pageUrl: 'https://partner.test/clinics?from=demo-zubin-7f3a',
          startedAt: new Date(now).toISOString(),
          endedAt: new Date(now + 130_000).toISOString(),
          durationSeconds: 130,
          endedReason: 'customer-ended-call',
          summary: 'Summary: I am Xanthippe Demotalker from the clinic',
          transcript: 'User: I am Xanthippe Demotalker from the clinic',
        },
      });
      expect(JSON.stringify(held)).not.toContain('someone else');

      const done = await data.forgetPhone(phone);
      expect(done).toMatchObject({ leadIds: [id], demos: 1 });
      expect(await h.store.demos.get({ id: 'demo-zubin-7f3a' })).toBeUndefined();
      // Nothing of it anywhere, its id included (the provider's record of the call carries that id).
      expect(await traces(h, 'Demotalker')).toEqual([]);
      expect(await traces(h, 'demo-zubin-7f3a')).toEqual([]);
      expect(await h.store.leadDemos.ofLead({ leadId: id })).toBeNull();
      expect((await data.exportPhone(phone)).leads[0]).toMatchObject({ id, demo: null });
      expect(await h.store.demos.get({ id: 'demo-other-9c1b' })).toMatchObject({
        transcript: 'User: I am someone else entirely',
      });
    } finally {
      await h.close();
    }
  });

  it('a forgotten person who asks again is a new lead, and forgetting by email erases their feedback', async () => {
    const h = await testApp(env());
    try {
      const key = h.config.dataHashKey;
      const hash = phoneHash(key, PHONE);
      const first = await h.store.leads.add({
        lead: leadInput({ phone: PHONE, phoneHash: hash }),
        plan: { status: 'pending', callAt: null },
        deliver: false,
        duplicateWindowMs: 86_400_000,
      });
      await personalData(h.store, { key, deliver: false }).forgetPhone(PHONE);
      const again = await h.store.leads.add({
        lead: leadInput({ phone: PHONE, phoneHash: hash }),
        plan: { status: 'pending', callAt: null },
        deliver: false,
        duplicateWindowMs: 86_400_000,
      });
      expect(again).toMatchObject({ duplicate: false });
      expect((again as { id: number }).id).not.toBe((first as { id: number }).id);
      await h.store.feedback.add({ name: NAME, email: 'Zubin.Q@example.com', message: 'Call me on 9812345678' });
      expect(await personalData(h.store, { key, deliver: false }).forgetEmail('zubin.q@example.com')).toEqual({
        feedback: 1,
      });
      expect(await traces(h, 'Quartermaine')).toEqual([]);
      expect(await traces(h, 'zubin.q')).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe.each(backends)('erasure of a call being placed on $name', ({ env }) => {
  // Numbers of their own: the suites before leave this database's PHONE on the do-not-call list.
  const CALLED = '+919811122233';
  const CALLED_NAME = 'Yolanda Placewright';
  it('keeps nothing of a call the provider answers for after its lead was erased', async () => {
    // The webhook is set (the CRM would hear of a placed call); its deliveries fail, so the events stay to be read.
    const { h, voice } = await withVoiceProvider(cleanups, {
      PROVIDER_TIMEOUT_MS: '20000',
      LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
      LEAD_WEBHOOK_SECRET: 'hook-secret',
      ...env(),
    });
    let answer = () => {};
    voice.script.push({ createWhen: new Promise<void>((resolve) => (answer = resolve)) });
    // The request waits for the call's first attempt: it is answered once the provider has.
    const request = post(
      h,
      '/api/demo-requests',
      lead(await verified(h, CALLED), { phone: CALLED, name: CALLED_NAME }),
    );
    // The provider has been asked and has not answered yet.
    await waitFor(() => expect(voice.posts).toHaveLength(1), { timeout: patience(10_000) });
    const { leadIds } = await personalData(h.store, { key: h.config.dataHashKey, deliver: true }).forgetPhone(CALLED);
    answer();
    const id = (await request).json().id as number;
    expect(leadIds).toEqual([id]);
    await waitFor(
      async () => expect((await h.store.calls.attempts({ leadId: id }))[0]?.finishedAt).toEqual(expect.any(String)),
      { timeout: patience(10_000) },
    );

    expect(voice.calls.map((c) => c.id)).toEqual(['call-1']);
    expect((await h.store.desk.lead({ id }))!.call).toMatchObject({
      providerCallId: null,
      status: 'failed',
      failureReason: 'erased',
      lastError: null,
    });
    expect(await traces(h, '9811122233')).toEqual([]);
    expect(await traces(h, 'Placewright')).toEqual([]);
    expect(await h.store.calls.state({ leadId: id })).toMatchObject({ status: 'failed' });
    expect(await h.store.calls.attempts({ leadId: id })).toEqual([
      expect.objectContaining({ outcome: 'placed', providerCallId: null, error: null }),
    ]);
    // Nothing is tried again, and no event of the call's waits for the CRM: only lead.erased.
    const events = await h.store.outbox.claim({ now: Date.now() + 86_400_000, leaseMs: 1, limit: 100 });
    expect(events.filter((e) => e.leadId === id).map((e) => e.event)).toEqual(['lead.erased']);
    expect(voice.posts).toHaveLength(1);
  });

  it('does not begin an attempt for a call whose lead was erased after it was taken', async () => {
    const h = await testApp(env());
    cleanups.push(h.close);
    const key = h.config.dataHashKey;
    const at = Date.now() + 3_600_000;
    const phone = '+919811122244';
    const added = await h.store.leads.add({
      lead: leadInput({ phone, phoneHash: phoneHash(key, phone) }),
      plan: { status: 'scheduled', callAt: at },
      deliver: false,
      duplicateWindowMs: 0,
    });
    const id = (added as { id: number }).id;
    expect((await h.store.calls.claim({ now: at + 1, leaseMs: 60_000, limit: 10 })).map((j) => j.leadId)).toContain(id);
    await personalData(h.store, { key, deliver: false }).forgetPhone(phone);
    expect(await h.store.calls.begin({ leadId: id, now: at + 2 })).toBeNull();
    expect(await h.store.calls.attempts({ leadId: id })).toEqual([]);
  });
});

describe('the tools', () => {
  it(
    'export-leads --phone gives what is held, forget erases it, suppress --list shows the hash',
    async () => {
      const h = await testApp();
      try {
        const hash = phoneHash(h.config.dataHashKey, PHONE);
        await h.store.demos.grant({
          id: 'demo-tool-1',
          assistantId: 'asst-site',
          agentId: null,
          mode: 'text',
          origin: 'https://partner.test',
          pageUrl: null,
          clientHash: 'hmac-sha256:tool',
          now: Date.now(),
          grantSeconds: 180,
          perClientHour: 100,
          budgetSeconds: 1_000_000,
        });
        await endedLead(h.store, {
          name: NAME,
          phone: PHONE,
          phoneHash: hash,
          demoSessionId: 'demo-tool-1',
          demoClientHash: 'hmac-sha256:tool',
        });
        await h.store.suppressions.add({ phone: PHONE, reason: 'asked', now: Date.now() });
        const tool = (...args: string[]) =>
          execFileSync('npm', ['run', '-s', ...args, '--db', h.store.path], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          });
        const held = JSON.parse(tool('export-leads', '--', '--phone', '+91 98123 45678'));
        expect(held).toMatchObject({
          phone: PHONE,
          leads: [
            { name: NAME, call: { transcript: expect.stringContaining('Hello') }, demo: { sessionId: 'demo-tool-1' } },
          ],
          doNotCall: { reason: 'asked' },
        });
        const forgot = tool('forget', '--', '--phone', PHONE);
        expect(forgot).toContain('Erased 1 lead (');
        expect(forgot).toContain('Erased 1 web demo they tried first, with what was said.');
        expect(tool('suppress', '--', '--list')).toContain(hash);
        expect(tool('export-leads', '--')).not.toContain('Quartermaine');
      } finally {
        await h.close();
      }
    },
    patience(60_000),
  );
});
