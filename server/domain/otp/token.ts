// The proof that a phone was verified: `base64url(payload).base64url(HMAC-SHA256)`, bound to the phone,
// short-lived, with an id so one token makes one lead, and the time of the verification (kept as
// consent evidence). Signed with a secret only the service knows.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const TOKEN_TTL_MS = 15 * 60_000;

type Payload = { phone: string; iat: number; exp: number; jti: string };
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function issueToken(secret: string, phone: string, now: number): string {
  const body = Buffer.from(
    JSON.stringify({ phone, iat: now, exp: now + TOKEN_TTL_MS, jti: randomUUID() } satisfies Payload),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export type TokenCheck =
  { ok: true; id: string; verifiedAt: number } | { ok: false; reason: 'invalid' | 'expired' | 'other-phone' };

/** The token's id and verification time when it is genuine, unexpired and for this phone; otherwise why not. */
export function checkToken(secret: string, token: unknown, phone: string, now: number): TokenCheck {
  if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.exp <= now) return { ok: false, reason: 'expired' };
  if (payload.phone !== phone) return { ok: false, reason: 'other-phone' };
  return { ok: true, id: payload.jti, verifiedAt: payload.iat ?? payload.exp - TOKEN_TTL_MS };
}
