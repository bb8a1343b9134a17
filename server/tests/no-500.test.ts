import { describe, expect, it } from 'vitest';
import { bothDatabases, fixtureHash, post, testApp } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// No input produces a 500 (issue 29): wrong types, lone surrogates, dates no clock has, ids past
// PostgreSQL's INTEGER, provider events of any shape, on every route that takes input.
const { backends } = bothDatabases();

describe.each(backends)('hostile input on $name', ({ env }) => {
  it(
    'is answered with a refusal or a success, never a 500',
    async () => {
      const h = await testApp({
        ...env(),
        VAPI_WEBHOOK_SECRET: 's',
        FEEDBACK_RATE_LIMIT: '10000',
        OTP_CLIENT_LIMIT: '100000',
      });
      await h.store.desk.addUser({ email: 'a@b.c', passwordHash: fixtureHash('pw'), now: Date.now(), role: 'admin' });
      const origin = new URL(h.config.publicUrl).origin;
      const s = await post(h, '/api/session', { email: 'a@b.c', password: 'pw' }, { origin });
      const cookie = String(s.headers['set-cookie']).split(';')[0];
      const bad: string[] = [];
      const check = async (what: string, res: { statusCode: number; body: string }) => {
        if (res.statusCode >= 500) bad.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      };
      const bodies: [string, unknown][] = [
        ['/api/otp', { phone: '+91' + '9'.repeat(28) }],
        ['/api/otp', { phone: 5 }],
        ['/api/otp', { phone: '\ud800' }],
        ['/api/otp', []],
        ['/api/otp', 'x'],
        ['/api/otp', null],
        ['/api/otp/verify', { phone: '+919876543210', code: '\ud800' }],
        ['/api/otp/verify', { phone: '+919876543210', code: '000000' }],
        [
          '/api/demo-requests',
          {
            agentId: 'receptionist',
            name: '\ud800',
            phone: '+919876543210',
            token: 'a.b',
            consent: true,
            consentText: 'x',
            metadata: { a: { b: 1 } },
          },
        ],
        [
          '/api/demo-requests',
          {
            agentId: 'receptionist',
            name: 'x',
            phone: '+919876543210',
            token: 'a.b',
            consent: true,
            consentText: 'x',
            consentedAt: '9999-99-99',
            timeZone: 'Etc/../../x',
            pageUrl: 'javascript:alert(1)',
            metadata: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'])),
          },
        ],
        [
          '/api/demo-requests',
          {
            agentId: 'receptionist',
            name: 'x',
            phone: '+919876543210',
            token: 'eyJ4Ijo.x',
            consent: true,
            consentText: 'x',
            metadata: [],
          },
        ],
        ['/api/feedback', { name: '\ud800', email: 'a@b.c', message: '\udfff' }],
        ['/api/feedback', { name: 'a', email: 'a'.repeat(64) + '@' + 'b'.repeat(180) + '.com', message: 'x' }],
        ['/api/session', { email: '\ud800@x', password: '\ud800' }],
        ['/api/session', { email: 'x', password: 'y'.repeat(1024) }],
      ];
      for (const [url, body] of bodies)
        await check(`${url} ${JSON.stringify(body).slice(0, 60)}`, await post(h, url, body, { origin }));
      const events: unknown[] = [
        [],
        'x',
        { type: 'end-of-call-report', call: { id: {} } },
        { type: 'end-of-call-report', call: { id: 'x'.repeat(10000) } },
        { type: 'status-update', call: { id: '\u0000' } },
        { type: 'end-of-call-report', call: [], analysis: 'x', artifact: 5 },
        {
          type: 'end-of-call-report',
          call: { id: 1e308 },
          startedAt: '2026-01-01T00:00:00Z',
          endedAt: '+275760-09-13T00:00:00.000Z',
        },
      ];
      for (const message of events)
        await check(
          `event ${JSON.stringify(message).slice(0, 60)}`,
          await post(h, '/api/voice/events', { message }, { 'x-vapi-secret': 's' }),
        );
      const queries = [
        'from=0000-01-01',
        'to=9999-12-31',
        'from=2026-01-01T00:00:00+99:99',
        'limit=0',
        'from=a&from=b',
        'to=275760-09-13',
        'from=2026-01-01T00:00:00.123456789Z',
        'from=-2026-01-01',
      ];
      for (const q of queries)
        for (const path of ['/api/desk/leads', '/api/desk/leads.csv', '/api/desk/feedback', '/api/desk/feedback.csv'])
          await check(`${path}?${q}`, await h.app.inject({ method: 'GET', url: `${path}?${q}`, headers: { cookie } }));
      // Every route with an id or a number, past the columns' range (INTEGER) and beside it: 404 or 400
      // (200 for a page that is merely empty), never a 500, on both databases (issue 43).
      const numbers = ['0', '1', '2147483647', '2147483648', '9999999999', '99999999999999999999', '-1', '1e3', '01'];
      const outOfRange: string[] = [];
      for (const n of numbers) {
        const requests: [string, string, number[]][] = [
          ['GET', `/api/desk/leads/${n}`, [404]],
          ['POST', `/api/desk/leads/${n}/contacted`, [404]],
          ['DELETE', `/api/desk/leads/${n}/contacted`, [404]],
          ['DELETE', `/api/desk/leads/${n}/personal-data`, [404]],
          ['GET', `/api/desk/audit?before=${n}`, [200, 400]],
          ['GET', `/api/desk/audit?limit=${n}`, [200, 400]],
          ['GET', `/api/desk/leads?cursor=${n}`, [200, 400]],
          ['GET', `/api/desk/leads?limit=${n}`, [200, 400]],
          ['GET', `/api/desk/leads.csv?cursor=${n}`, [200, 400]],
          ['GET', `/api/desk/leads.csv?limit=${n}`, [200, 400]],
        ];
        for (const [method, url, expected] of requests) {
          const res = await h.app.inject({ method: method as 'GET', url, headers: { cookie, origin } });
          await check(`${method} ${url}`, res);
          if (!expected.includes(res.statusCode)) outOfRange.push(`${method} ${url}: ${res.statusCode}`);
        }
      }
      expect(outOfRange).toEqual([]);
      for (const url of [
        '/api/desk/leads/9999999999',
        '/api/desk/leads/2147483648',
        '/api/desk/leads/%ff',
        '/dist/widgets/%ff',
        '/%00',
        '/api/%ff',
        '/examples/..%2f..%2fpackage.json',
      ])
        await check(url, await h.app.inject({ method: 'GET', url, headers: { cookie } }));
      await h.close();
      expect(bad).toEqual([]);
    },
    patience(120_000),
  );
});
