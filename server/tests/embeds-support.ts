// What the embeds' tests share: a service with its desk admin signed in, and its calls to the embeds' API.
import { DESK_PASSWORD, deskTestService, fixtureHash, post } from './harness.ts';

export const PARTNER = 'https://partner.acme.test';
export const OTHER = 'https://other.test';

export async function embedsDesk(cleanups: (() => Promise<void>)[], env: Record<string, string> = {}) {
  const s = await deskTestService(cleanups, env);
  const email = 'admin@example.com';
  await s.h.store.desk.addUser({ email, passwordHash: fixtureHash(DESK_PASSWORD), now: s.clock.now(), role: 'admin' });
  const signIn = await post(s.h, '/api/session', { email, password: DESK_PASSWORD }, { origin: s.origin });
  const cookie = String(signIn.headers['set-cookie']).split(';')[0];
  const json = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    s.h.app.inject({
      method,
      url,
      headers: { cookie, origin: s.origin, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  return {
    ...s,
    cookie,
    create: (body: unknown) => json('POST', '/api/desk/embeds', body),
    patch: (id: string, body: unknown) => json('PATCH', `/api/desk/embeds/${id}`, body),
    get: (url: string) => s.h.app.inject({ method: 'GET', url, headers: { cookie } }),
    /** A made embed's answer. */
    async embed(body: Record<string, unknown> = {}) {
      const res = await json('POST', '/api/desk/embeds', {
        name: 'Acme',
        origins: [PARTNER],
        brandName: 'Acme',
        ...body,
      });
      if (res.statusCode !== 201) throw new Error(`embed refused: ${res.body}`);
      return res.json() as { id: string; consentText: string; consentVersion: string; name: string };
    },
  };
}
