// The voice provider's public-scope token for one web demo: a JWT signed HS256 with the private key,
// for one assistant and one origin, valid for a minute (node:crypto; nothing else is needed for HS256).
import { createHmac } from 'node:crypto';

export const TOKEN_SECONDS = 60;

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function publicToken({
  orgId,
  privateKey,
  assistantId,
  origin,
  now,
}: {
  orgId: string;
  privateKey: string;
  assistantId: string;
  origin: string;
  now: number;
}): string {
  const iat = Math.floor(now / 1000);
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    orgId,
    token: { tag: 'public', restrictions: { allowedAssistantIds: [assistantId], allowedOrigins: [origin] } },
    iat,
    exp: iat + TOKEN_SECONDS,
  })}`;
  return `${body}.${createHmac('sha256', privateKey).update(body).digest('base64url')}`;
}
