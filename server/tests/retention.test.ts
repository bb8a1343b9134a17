import { describe, expect, it } from 'vitest';
import { purge, type Retention } from '../domain/retention.ts';
import { bothDatabases, testApp } from './harness.ts';
import { endedLead } from './seed.ts';

const DAY = 86_400_000;
const { backends } = bothDatabases();
const defaults: Retention = { leadDays: 730, callContentDays: 180, outboxDays: 30, auditDays: 365, demoDays: 90 };

describe.each(backends)('retention on $name', ({ env }) => {
  it('removes leads past LEAD_RETENTION_DAYS with their calls and events, and call content past its own period', async () => {
    const h = await testApp(env());
    try {
      const now = Date.now();
      const old = await endedLead(h.store, {}, now - 800 * DAY);
      const middle = await endedLead(h.store, {}, now - 200 * DAY);
      const recent = await endedLead(h.store, {}, now - 10 * DAY);
      const before = await h.store.retention.counts();
      const report = await purge(h.store, defaults, now, 2);
      expect(report).toMatchObject({ leads: 1, callContent: 1 });
      expect(await h.store.leads.get({ id: old })).toBeNull();
      expect(await h.store.calls.attempts({ leadId: old })).toEqual([]);
      const kept = (await h.store.leads.get({ id: middle }))!;
      // The lead and its outcome stay; what was said goes.
      expect(kept.call).toMatchObject({
        status: 'ended',
        endedReason: 'customer-ended-call',
        transcript: null,
        summary: null,
        recordingUrl: null,
      });
      expect((await h.store.leads.get({ id: recent }))!.call).toMatchObject({
        transcript: expect.stringContaining('Hello'),
      });
      const after = await h.store.retention.counts();
      expect(after.leads).toBe(before.leads - 1);
      // Delivered CRM events older than 30 days went: the old lead's and the middle one's.
      expect(after.outbox).toBe(before.outbox - 6);
      // Nothing is left to do: a second purge removes nothing.
      expect(Object.values(await purge(h.store, defaults, now, 2)).every((n) => n === 0)).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('0 removes everything already older, in batches, codes and ended sessions included', async () => {
    const h = await testApp(env());
    try {
      const now = Date.now();
      const all = { leadDays: 0, callContentDays: 0, outboxDays: 0, auditDays: 0, demoDays: 0 };
      await purge(h.store, all, now - 10_000);
      for (let i = 0; i < 5; i++) await endedLead(h.store, {}, now - 1000 + i);
      await h.store.feedback.add({ name: 'Asha', email: 'asha@example.com', message: 'hello' });
      await h.store.otp.request({
        phone: '+919876543210',
        clientIp: '192.0.2.1',
        codeHash: 'h',
        now: now - 2 * 3_600_000,
        ttlMs: 600_000,
        cooldownMs: 0,
        perPhoneHour: 5,
        perClientHour: 5,
        perServiceHour: 5,
      });
      await h.store.otp.request({
        phone: '+919876543211',
        clientIp: '192.0.2.1',
        codeHash: 'h',
        now: now - 60_000,
        ttlMs: 600_000,
        cooldownMs: 0,
        perPhoneHour: 5,
        perClientHour: 5,
        perServiceHour: 5,
      });
      const user = await h.store.desk.addUser({ email: 'a@example.com', passwordHash: 'x', now, role: 'agent' });
      if (user === 'exists') throw new Error('exists');
      await h.store.desk.createSession({ tokenHash: 'live', userId: user.id, now, expiresAt: now + DAY });
      await h.store.desk.createSession({
        tokenHash: 'ended',
        userId: user.id,
        now: now - 2 * DAY,
        expiresAt: now - DAY,
      });
      await h.store.desk.beginSignIn({
        email: 'a@example.com',
        clientIp: '192.0.2.1',
        now: now - 2 * DAY,
        max: 10,
        windowMs: 15 * 60_000,
        keepMs: 10 * DAY,
      });
      // Feedback takes the database's own time: the purge's clock is read after it was stored.
      const report = await purge(h.store, all, Date.now() + 1000, 2);
      expect(report).toMatchObject({ leads: 5, feedback: 1, codes: 1, sessions: 1, failures: 1 });
      expect(await h.store.retention.counts()).toMatchObject({
        leads: 0,
        calls: 0,
        attempts: 0,
        outbox: 0,
        feedback: 0,
        codes: 1,
        sessions: 1,
        failures: 0,
      });
    } finally {
      await h.close();
    }
  });

  it('removes web demos past DEMO_RETENTION_DAYS in batches and keeps newer ones; a lead keeps the id of a removed demo', async () => {
    const h = await testApp(env());
    try {
      const now = Date.UTC(2026, 10, 23, 0, 30);
      const grant = async (id: string, at: number) =>
        expect(
          await h.store.demos.grant({
            id,
            assistantId: 'asst-site',
            agentId: null,
            mode: 'text',
            origin: 'https://www.aurelo.test',
            pageUrl: 'https://www.aurelo.test/experience',
            clientHash: `hmac-sha256:${id}`,
            now: at,
            grantSeconds: 180,
            perClientHour: 10,
            budgetSeconds: 7200,
          }),
        ).toMatchObject({ ok: true });
      const old = ['old-1', 'old-2', 'old-3'];
      for (const [i, id] of old.entries()) await grant(id, now - 91 * DAY - i * 1000);
      await grant('recent', now - 89 * DAY);
      await grant('last-hour', now - 10 * 60_000);
      const lead = await endedLead(
        h.store,
        { demoSessionId: 'old-1', demoClientHash: 'hmac-sha256:old-1' },
        now - 91 * DAY,
      );
      expect(await h.store.leadDemos.ofLead({ leadId: lead })).toMatchObject({ sessionId: 'old-1', mode: 'text' });
      const before = (await h.store.retention.counts()).demos;

      const report = await purge(h.store, defaults, now, 2);
      expect(report.demos).toBe(3);
      for (const id of old) expect(await h.store.demos.get({ id })).toBeUndefined();
      expect(await h.store.demos.get({ id: 'recent' })).toMatchObject({ mode: 'text' });
      expect((await h.store.retention.counts()).demos).toBe(before - 3);
      // The lead still tried the demo first; how long is gone with it.
      expect(await h.store.leadDemos.ofLead({ leadId: lead })).toEqual({
        sessionId: 'old-1',
        mode: null,
        durationSeconds: null,
      });
      // 0 days: everything older goes but what the gate's limits count (the UTC day so far, the last hour).
      expect((await purge(h.store, { ...defaults, demoDays: 0 }, now, 2)).demos).toBe(1);
      expect(await h.store.demos.get({ id: 'recent' })).toBeUndefined();
      expect(await h.store.demos.get({ id: 'last-hour' })).toMatchObject({ mode: 'text' });
    } finally {
      await h.close();
    }
  });

  it('gives the hourly purge to one instance at a time', async () => {
    const h = await testApp(env());
    try {
      const take = (holder: string, now: number) =>
        h.store.retention.lease({ name: 'purge-test', holder, now, ms: 1000 });
      const together = await Promise.all([take('a', 0), take('b', 0)]);
      expect(together.filter(Boolean)).toHaveLength(1);
      const winner = together[0] ? 'a' : 'b';
      const loser = winner === 'a' ? 'b' : 'a';
      expect(await take(loser, 999)).toBe(false);
      expect(await take(winner, 999)).toBe(true);
      expect(await take(loser, 2000)).toBe(true);
    } finally {
      await h.close();
    }
  });
});
