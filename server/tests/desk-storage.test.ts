import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESK_POLICY } from '../domain/desk/desk-service.ts';
import { verifyPassword } from '../domain/desk/password.ts';
import { openStore } from '../storage/index.ts';
import { slowdown } from '../../tests/support/slowdown.mjs';
import { bothDatabases, fixtureHash, lead, post, testApp, verified } from './harness.ts';

// The desk's rules hold on both databases: sessions, the lock-out, the filters (feedback's time is text
// in SQLite and timestamptz in PostgreSQL), the marks and the "changed since" figure.
const { backends } = bothDatabases();

describe.each(backends)('the desk on $name', ({ env }) => {
  it('signs in, locks out, filters, marks and tells changes', async () => {
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env() });
    try {
      const email = `desk-${Math.random().toString(36).slice(2)}@example.com`;
      const password = 'a long enough password';
      await h.store.desk.addUser({ email, passwordHash: fixtureHash(password), now: Date.now() });
      expect(await h.store.desk.addUser({ email, passwordHash: 'x', now: Date.now() })).toBe('exists');
      const origin = new URL(h.config.publicUrl).origin;
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const signIn = (pw: string) =>
        h.app.inject({
          method: 'POST',
          url: '/api/session',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json', origin },
          payload: JSON.stringify({ email, password: pw }),
        });

      const ok = await signIn(password);
      expect(ok.statusCode).toBe(200);
      const cookie = String(ok.headers['set-cookie']).split(';')[0];
      const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });

      const phone = `+9198765${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
      const res = await post(
        h,
        '/api/demo-requests',
        lead(await verified(h, phone), { phone, agentId: 'supportEnglish' }),
      );
      const id = res.json().id as number;
      await post(h, '/api/feedback', { name: 'Ravi', email: 'ravi@example.com', message: `desk ${phone}` });
      const today = new Date().toISOString().slice(0, 10);
      const listed = (
        await get(`/api/desk/leads?agent=supportEnglish&status=not-configured&from=${today}&to=${today}`)
      ).json().leads;
      expect(listed.map((l: { id: number }) => l.id)).toContain(id);
      expect((await get('/api/desk/leads?to=2020-01-01')).json().leads).toEqual([]);
      const feedback = (await get(`/api/desk/feedback?from=${today}&to=${today}`)).json().feedback;
      expect(feedback[0].message).toBe(`desk ${phone}`);
      expect(feedback[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect((await get('/api/desk/feedback?to=2020-01-01')).json().feedback).toEqual([]);

      const before = (await get('/api/desk/changes')).json().version;
      const mark = await h.app.inject({
        method: 'POST',
        url: `/api/desk/leads/${id}/contacted`,
        headers: { cookie, origin },
      });
      expect(mark.json().contacted.by).toBe(email);
      expect((await get('/api/desk/changes')).json().version).not.toBe(before);
      expect((await get(`/api/desk/leads/${id}`)).json().contacted.by).toBe(email);

      for (let i = 0; i < DESK_POLICY.maxFailures - 1; i++) expect((await signIn(`wrong ${i}`)).statusCode).toBe(401);
      expect((await signIn('wrong again')).statusCode).toBe(429);
      expect((await signIn(password)).json().error).toBe('locked');
      // The session made before the lock-out still works; removing the account ends it.
      expect((await get('/api/desk/leads')).statusCode).toBe(200);
      expect(await h.store.desk.removeUser({ email })).toBe(true);
      expect((await get('/api/desk/leads')).statusCode).toBe(401);
    } finally {
      await h.close();
    }
  });
});

describe('npm run desk-user', () => {
  // A dozen command-line runs: a minute is ample on a quiet machine, and stretches with the load as the configured timeouts do.
  it(
    'adds with a piped or a generated password, lists, refuses a duplicate or short password, and removes',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-desk-cli-'));
      const db = join(dir, 'service.sqlite');
      await (await openStore({ databasePath: db })).close();
      const run = (args: string[], input = '') =>
        spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', ...args, '--db', db], {
          input,
          encoding: 'utf8',
          env: { ...process.env, LOG_LEVEL: 'silent' },
        });
      try {
        expect(
          run(['add', '--email', 'Sales@Example.com', '--role', 'admin'], 'a piped password of length\n'),
        ).toMatchObject({ status: 0, stdout: 'sales@example.com added (admin).\n' });
        expect(
          run(['add', '--email', 'x@example.com', '--role', 'owner'], 'a piped password of length\n'),
        ).toMatchObject({ status: 2, stderr: expect.stringMatching(/--role must be admin or agent/) });
        const generated = run(['add', '--email', 'ops@example.com']);
        expect(generated.status).toBe(0);
        const password = /^ {2}(\S{24})$/m.exec(generated.stdout)?.[1];
        expect(password).toBeDefined();
        expect(run(['add', '--email', 'short@example.com'], 'short')).toMatchObject({
          status: 2,
          stderr: expect.stringMatching(/too short/),
        });
        expect(run(['add', '--email', 'sales@example.com'], 'another long password')).toMatchObject({
          status: 1,
          stderr: expect.stringMatching(/already has an account/),
        });
        expect(run(['add', '--email', 'not-an-email'], 'another long password').status).toBe(2);
        const list = run(['list']);
        expect(list.stdout).toMatch(
          /^ops@example.com\tagent\tadded .*\t0 live sessions\nsales@example.com\tadmin\tadded /,
        );

        const store = await openStore({ databasePath: db });
        try {
          expect(
            await verifyPassword(
              'a piped password of length',
              (await store.desk.userByEmail({ email: 'sales@example.com' }))!.passwordHash,
            ),
          ).toBe(true);
          expect(
            await verifyPassword(password!, (await store.desk.userByEmail({ email: 'ops@example.com' }))!.passwordHash),
          ).toBe(true);
        } finally {
          await store.close();
        }
        expect(run(['remove', '--email', 'ops@example.com'])).toMatchObject({
          status: 0,
          stdout: 'ops@example.com removed; its sessions have ended.\n',
        });
        expect(run(['remove', '--email', 'ops@example.com']).status).toBe(1);
        expect(run(['--help']).stdout).toMatch(/^Manages the sales desk's accounts/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000 * slowdown(),
  );
});
