import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../model/agents.ts';
import { bothDatabases, DESK_PASSWORD, fixtureHash, post } from './harness.ts';
import { embedsDesk, PARTNER } from './embeds-support.ts';

// Issue 54: embeds made and changed in the desk (admins change, agents read, every change audited), with
// the consent sentences their brand makes and a snippet to paste; and the public answer a widget reads.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends)('embeds in the desk on $name', ({ env }) => {
  it('an admin makes an embed: its id, the brand’s sentences in every language, a snippet with its attributes', async () => {
    const s = await embedsDesk(cleanups, env());
    const res = await s.create({ name: 'Acme landing', origins: [PARTNER, 'https://*.acme.test'], brandName: 'Acme' });
    expect(res.statusCode).toBe(201);
    const embed = res.json();
    expect(embed.id).toMatch(/^emb_[0-9A-Za-z]{16,}$/);
    expect(embed).toMatchObject({
      name: 'Acme landing',
      origins: [PARTNER, 'https://*.acme.test'],
      brandName: 'Acme',
      agents: [...AGENT_IDS],
      countries: ['IN'],
      active: true,
    });
    expect(embed.consentText).toContain('from Acme services');
    expect(embed.consentTexts.en).toEqual({ text: embed.consentText, version: embed.consentVersion });
    expect(embed.consentTexts.hi.text).toContain('Acme सेवाओं');
    expect(embed.snippet).toContain(`<ai-demo-request embed="${embed.id}" backend-url="${s.h.config.publicUrl}/api"`);
    for (const agent of AGENT_IDS) expect(embed.snippet).toContain(`agent-id="${agent}"`);

    const listed = await s.get('/api/desk/embeds');
    expect(listed.json().embeds.map((e: { id: string }) => e.id)).toEqual([embed.id]);
    const one = await s.get(`/api/desk/embeds/${embed.id}`);
    expect(one.json()).toMatchObject({ id: embed.id, refusedOrigins: [] });
    const audit = (await s.get('/api/desk/audit')).json().entries;
    // Not necessarily the newest: the sign-in's own entry is written once its answer is sent, so on a busy
    // machine it can land after this one.
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'embed.add',
        detail: expect.objectContaining({ embed: embed.id, brandName: 'Acme' }),
      }),
    );
  });

  it('refuses an origin that is not one, naming it', async () => {
    const s = await embedsDesk(cleanups, env());
    for (const origin of ['localhost:8391', 'https://acme.test/landing', 'null', 'ftp://acme.test', 'https://*.test']) {
      const res = await s.create({ name: 'Acme', origins: [origin], brandName: 'Acme' });
      expect(res.statusCode, origin).toBe(400);
      expect(res.json().error).toBe('origins');
      expect(res.json().message).toContain(`"${origin}"`);
    }
    const country = await s.create({ name: 'Acme', origins: [PARTNER], brandName: 'Acme', countries: ['GB'] });
    expect(country.json()).toMatchObject({ error: 'countries' });
  });

  it('a brand changed registers its sentences; the earlier ones stay accepted; the change is audited', async () => {
    const s = await embedsDesk(cleanups, env());
    const made = (await s.create({ name: 'Acme', origins: [PARTNER], brandName: 'Acme' })).json();
    const changed = await s.patch(made.id, { brandName: 'Acme Homes', agents: ['realEstate'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ brandName: 'Acme Homes', agents: ['realEstate'] });
    expect(changed.json().consentVersion).not.toBe(made.consentVersion);
    const versions = await s.h.domain.embeds.consents(made.id);
    expect(versions[made.consentVersion]).toBe(made.consentText);
    expect(versions[changed.json().consentVersion]).toContain('Acme Homes');
    const entry = (await s.get('/api/desk/audit')).json().entries[0];
    expect(entry).toMatchObject({
      action: 'embed.change',
      detail: { embed: made.id, changed: { brandName: { from: 'Acme', to: 'Acme Homes' } } },
    });
    expect((await s.patch('emb_0000000000000000', { active: false })).statusCode).toBe(404);
  });

  it('agents read the embeds; only admins make or change them', async () => {
    const s = await embedsDesk(cleanups, env());
    const made = (await s.create({ name: 'Acme', origins: [PARTNER], brandName: 'Acme' })).json();
    const { h, clock, origin } = s;
    await h.store.desk.addUser({
      email: 'agent@example.com',
      passwordHash: fixtureHash(DESK_PASSWORD),
      now: clock.now(),
      role: 'agent',
    });
    const signIn = await post(h, '/api/session', { email: 'agent@example.com', password: DESK_PASSWORD }, { origin });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const list = await h.app.inject({ method: 'GET', url: '/api/desk/embeds', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const add = await post(
      h,
      '/api/desk/embeds',
      { name: 'X', origins: [PARTNER], brandName: 'X' },
      { cookie, origin },
    );
    expect(add.json()).toMatchObject({ error: 'admin-only' });
    const change = await h.app.inject({
      method: 'PATCH',
      url: `/api/desk/embeds/${made.id}`,
      headers: { cookie, origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ active: false }),
    });
    expect(change.statusCode).toBe(403);
  });

  it('answers a widget on any origin: the embed, its sentences, and whether this page is one of its', async () => {
    const s = await embedsDesk(cleanups, env());
    const made = (await s.create({ name: 'Acme', origins: [PARTNER], brandName: 'Acme' })).json();
    const ask = (origin?: string, id = made.id) =>
      s.h.app.inject({ method: 'GET', url: `/api/embeds/${id}`, headers: origin ? { origin } : {} });
    const ours = await ask(PARTNER);
    expect(ours.statusCode).toBe(200);
    expect(ours.headers['access-control-allow-origin']).toBe('*');
    expect(ours.headers['access-control-allow-credentials']).toBeUndefined();
    expect(ours.headers.vary).toContain('Origin');
    expect(ours.headers['cache-control']).toBe('public, max-age=60');
    expect(ours.json()).toEqual({
      id: made.id,
      active: true,
      brandName: 'Acme',
      agents: [...AGENT_IDS],
      countries: ['IN'],
      consentText: made.consentText,
      consentVersion: made.consentVersion,
      consentTexts: made.consentTexts,
      allowed: true,
    });
    expect((await ask('https://other.test')).json().allowed).toBe(false);
    expect((await ask()).json().allowed).toBe(false);
    for (const id of ['emb_0000000000000000', 'nope']) {
      const unknown = await ask(PARTNER, id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('embed-unknown');
      expect(unknown.headers['access-control-allow-origin']).toBe('*');
    }
  });
});
