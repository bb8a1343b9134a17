// The desk's session and its checks: who is signed in (from the session cookie's token, ./cookies.ts),
// that a state-changing call comes from the desk's own origin (CSRF, on top of SameSite=Strict), and
// that a read the audit writes down was asked for by the desk's own pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { DeskService } from '../domain/desk/desk-service.ts';
import { Refusal } from '../domain/refusal.ts';
import type { DeskSession } from '../storage/index.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
  now: number,
) {
  setCookie(request, reply, 'session', token, (expiresAt - now) / 1000);
}

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  clearCookie(request, reply, 'session');

export const sessionToken = (request: FastifyRequest) => readCookie(request, 'session');

/**
 * A sign-in whose password was right and whose second step is still to come: its own short-lived cookie,
 * which opens nothing but that step (the database keeps its token's hash, like a session's).
 */
export const pendingToken = (request: FastifyRequest) => readCookie(request, 'pending');
export const setPendingCookie = (request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) =>
  setCookie(request, reply, 'pending', token, maxAgeMs / 1000);
export const clearPendingCookie = (request: FastifyRequest, reply: FastifyReply) =>
  clearCookie(request, reply, 'pending');

export const noSession = () =>
  new Refusal(401, 'no-session', 'Sign in to the desk first: there is no session, or it has ended.');

const checked = new WeakMap<FastifyRequest, DeskSession>();
/** The session `requireSession` found for this request (the audit's hooks read it). */
export const checkedSession = (request: FastifyRequest) => checked.get(request);

/** The request's session; refuses with 401 (and clears a stale cookie) when there is none. */
export async function requireSession(
  request: FastifyRequest,
  reply: FastifyReply,
  desk: DeskService,
): Promise<DeskSession> {
  const token = sessionToken(request);
  const session = await desk.session(token, request.ip);
  if (!session) {
    if (token !== undefined) clearSessionCookie(request, reply);
    throw noSession();
  }
  checked.set(request, session);
  return session;
}

/** Erasing and reading the audit are for admins: an agent's session gets 403. */
export function requireAdmin(session: DeskSession, what: string) {
  if (session.role !== 'admin') throw new Refusal(403, 'admin-only', `Only a desk admin may ${what}.`);
}

/**
 * CSRF: a call that changes something must name, in Origin, the service's public origin (PUBLIC_URL);
 * never the host it was asked at, which a client or a proxy's X-Forwarded-Host can choose. Browsers
 * always send Origin with POST and DELETE; a request without one is refused.
 */
export function requireOwnOrigin(request: FastifyRequest, config: ServerConfig) {
  const origin = request.headers.origin;
  if (!origin || origin !== new URL(config.publicUrl).origin)
    throw new Refusal(403, 'bad-origin', 'This request must come from the desk’s own page.');
}

/**
 * A read the audit writes down in the signed-in person's name (a CSV download, a lead's page) must be
 * asked for by the desk's own pages: a same-site page on another origin (a sibling subdomain, another
 * port) could otherwise have the browser fetch it with the session, no-cors, and fill the audit. Browsers
 * say who asked in Sec-Fetch-Site; a client that sends none (a script holding the session) is let through.
 */
export function requireSameOriginRead(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin')
    throw new Refusal(
      403,
      'not-same-origin',
      'Open this from the desk itself: the browser says another page, or the address bar, asked for it.',
    );
}
