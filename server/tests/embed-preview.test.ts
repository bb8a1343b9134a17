import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, DESK_PASSWORD, fixtureHash, post } from './harness.ts';
import { embedsDesk } from './embeds-support.ts';

// Issue 54: an embed's preview, for signed-in desk accounts only, under a policy that lets it send nothing.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends.slice(0, 1))('an embed’s preview on $name', ({ env }) => {
  it('shows the embed’s elements with simulate, under connect-src none, to an admin and an agent', async () => {
    const s = await embedsDesk(cleanups, env());
    const embed = await s.embed({ brandName: 'Acme <Homes>', agents: ['receptionist', 'realEstate'] });
    const res = await s.get(`/api/desk/embeds/${embed.id}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<ai-demo-request embed="${embed.id}" simulate brand-name="Acme &lt;Homes&gt;"`);
    // The embed's own sentence and version, written out: the page may not ask the service for them.
    expect(res.body).toContain(`consent-version="${embed.consentVersion}"`);
    expect(res.body).toContain('from Acme &lt;Homes&gt; services');
    expect(res.body).toContain('countries="IN"');
    expect(res.body.match(/<ai-voice-demo /g)).toHaveLength(2);
    expect(res.body).toContain(`<ai-feedback embed="${embed.id}" simulate>`);
    expect(res.body).not.toContain('backend-url');

    const email = 'agent@example.com';
    await s.h.store.desk.addUser({
      email,
      passwordHash: fixtureHash(DESK_PASSWORD),
      now: s.clock.now(),
      role: 'agent',
    });
    const signIn = await post(s.h, '/api/session', { email, password: DESK_PASSWORD }, { origin: s.origin });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const agent = await s.h.app.inject({
      method: 'GET',
      url: `/api/desk/embeds/${embed.id}/preview`,
      headers: { cookie },
    });
    expect(agent.statusCode).toBe(200);
  });

  it('sends anyone without a session to the sign-in, and says when there is no such embed', async () => {
    const s = await embedsDesk(cleanups, env());
    const embed = await s.embed();
    // The address leads to the preview's, where the session cookie is sent (Path=/api over http).
    const short = await s.h.app.inject({ method: 'GET', url: `/embeds/${embed.id}/preview` });
    expect(short.statusCode).toBe(308);
    expect(short.headers.location).toBe(`/api/desk/embeds/${embed.id}/preview`);
    const anonymous = await s.h.app.inject({ method: 'GET', url: `/api/desk/embeds/${embed.id}/preview` });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/desk/embeds/${embed.id}`);
    expect(anonymous.body).not.toContain('ai-demo-request');
    const unknown = await s.get('/api/desk/embeds/emb_0000000000000000/preview');
    expect(unknown.statusCode).toBe(404);
    expect((await s.get('/api/desk/embeds/..%2Fx/preview')).statusCode).toBe(404);
    expect((await s.get('/embeds/..%2Fx/preview')).statusCode).toBe(404);
  });
});
