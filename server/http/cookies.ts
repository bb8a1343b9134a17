// The desk's cookies, named, set and read in this one place (through @fastify/cookie). Over https each
// is a `__Host-` cookie: Secure, Path=/ and no Domain, so a page on a sibling subdomain, or one over
// plain http on another port, cannot set one the desk would read; a cookie of the bare name is then
// not read at all. Over plain http (development, the tests on 127.0.0.1) they keep their bare names and
// narrower paths. All are HttpOnly.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SSO_CALLBACK } from '../domain/desk/single-sign-on.ts';
import { overHttps } from './https.ts';

const COOKIES = {
  /** The session: sent to /api only (the pages themselves ask GET /api/session). */
  session: { name: 'desk_session', path: '/api', sameSite: 'strict' },
  /** A sign-in whose password was right and whose second step is still to come. */
  pending: { name: 'desk_pending_sign_in', path: '/api', sameSite: 'strict' },
  /** The single sign-on's state, nonce and PKCE verifier; Lax: the provider's redirect back is cross-site. */
  sso: { name: 'desk_sso', path: SSO_CALLBACK, sameSite: 'lax' },
  /** Why a single sign-on was refused, for the sign-in page to say (only GET /api/desk/sign-in reads it). */
  ssoRefusal: { name: 'desk_sso_refusal', path: '/api/desk/sign-in', sameSite: 'lax' },
} as const;

export type DeskCookie = keyof typeof COOKIES;

/** The prefix browsers keep for cookies set over https by the host itself, with Path=/ and no Domain. */
export const HOST_PREFIX = '__Host-';

/** A cookie's name over https (`__Host-desk_session`) or over plain http (`desk_session`). */
export const cookieName = (cookie: DeskCookie, https: boolean) => (https ? HOST_PREFIX : '') + COOKIES[cookie].name;

/** Parses the Cookie header of every request into `request.cookies` (the first of a repeated name wins). */
export const deskCookies = (app: FastifyInstance) => app.register(fastifyCookie, { hook: 'onRequest' });

/** The cookie's value as this request's scheme names it, or undefined. */
export const readCookie = (request: FastifyRequest, cookie: DeskCookie): string | undefined =>
  request.cookies?.[cookieName(cookie, overHttps(request))];

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: DeskCookie,
  value: string,
  maxAgeSeconds: number,
) {
  const https = overHttps(request);
  reply.setCookie(cookieName(cookie, https), value, {
    path: https ? '/' : COOKIES[cookie].path,
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
    httpOnly: true,
    sameSite: COOKIES[cookie].sameSite,
    secure: https,
    // The values are base64url tokens and reason codes: written as they are.
    encode: (v) => v,
  });
}

export const clearCookie = (request: FastifyRequest, reply: FastifyReply, cookie: DeskCookie) =>
  setCookie(request, reply, cookie, '', 0);
