// The voice provider's public-scope token for one web demo: a JWT signed HS256 with the private key,
// for one assistant and one origin, valid for a minute (node:crypto; nothing else is needed for HS256).
// Each carries its own `jti`, so one token is told from another (a continuation's from its grant's) in
// the provider's logs and ours; the provider reads `orgId` and `token` and checks the times.
import { createHmac, randomUUID } from 'node:crypto';

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
    jti: randomUUID(),
  })}`;
  return `${body}.${createHmac('sha256', privateKey).update(body).digest('base64url')}`;
}
