import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../domain/desk/password.ts';
import { passwordProblem } from '../domain/desk/password-rule.ts';
import { bothDatabases, post, testApp, testClock } from './harness.ts';

// Issue 47: the desk's door. Passwords as NIST SP 800-63B asks (whatever the rule accepts signs in),
// roles and passwords from the desk, sessions a person sees and ends, all in the audit; on both databases.
const { backends } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

describe.each(backends)('desk accounts on $name', ({ env }) => {
  async function service() {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const tag = Math.random().toString(36).slice(2, 8);
    return { h, clock, origin, tag };
  }

  it('signs in with whatever password the rule accepts: any Unicode, up to 128 characters, typed composed or not', async () => {
    const { h, origin, tag } = await service();
    const longest = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f300 + ((i * 7) % 128))).join('');
    const passwords = [longest, 'Ét\u00e9 à Paris, 🦊 et nous', '            x           y'];
    for (const [i, password] of passwords.entries()) {
      const email = `door-${tag}-${i}@example.com`;
      expect(passwordProblem(password, { email, brand: h.config.brand })).toBeNull();
      await h.store.desk.addUser({ email, passwordHash: await hashPassword(password), now: Date.now() });
      for (const typed of [password, password.normalize('NFD')]) {
        const res = await post(h, '/api/session', { email, password: typed }, { origin });
        expect(res.statusCode, `${i} ${typed.length}`).toBe(200);
      }
    }
  });
});
