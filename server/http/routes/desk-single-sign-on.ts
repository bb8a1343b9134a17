// Single sign-on to the desk, over HTTP. Two pages a browser is sent through: GET /desk/sso (the sign-in
// page's link) keeps the sign-in's state, nonce and PKCE verifier in a login-state cookie and sends the
// browser to the provider; GET /desk/sso/callback (the provider's redirect back, a cross-site request: the
// cookie is SameSite=Lax) checks the answer and opens the desk's session. Every refusal ends on the
// sign-in page with its sentence (GET /api/desk/sign-in hands it over once), never a JSON or error page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../../config/settings.ts';
import {
  refusalSentence,
  SSO_CALLBACK,
  SSO_REASONS,
  type PendingSignIn,
  type SingleSignOn,
  type SsoRefusal,
} from '../../domain/desk/single-sign-on.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { Store } from '../../storage/index.ts';
import { SignInOptionsRoute } from '../../../model/api/desk-sign-in.ts';
import { clearCookie, readCookie, setCookie } from '../cookies.ts';
import { setSessionCookie } from '../desk-auth.ts';
import { serve } from '../serve.ts';

export const SSO_START = '/desk/sso';
/** The login state lives 10 minutes: long enough to pick an account and type a code at the provider. */
const LOGIN_SECONDS = 600;

/** The login state as the cookie keeps it: three base64url values, dot-separated; anything else is none. */
function pendingOf(request: FastifyRequest): PendingSignIn | undefined {
  const parts = readCookie(request, 'sso')?.split('.');
  if (parts?.length !== 3 || !parts.every((p) => /^[\w-]{16,128}$/.test(p))) return undefined;
  const [state, nonce, verifier] = parts;
  return { state, nonce, verifier };
}

/** A refusal as its cookie keeps it (the reason, and the domain refused); anything else is none. */
function refusalOf(request: FastifyRequest): SsoRefusal | undefined {
  const [reason, domain] = (readCookie(request, 'ssoRefusal') ?? '').split(':');
  if (!SSO_REASONS.includes(reason as SsoRefusal['reason'])) return undefined;
  return {
    reason: reason as SsoRefusal['reason'],
    ...(domain && /^[a-z0-9.-]{1,253}$/.test(domain) && { domain }),
  };
}

/** Back to the sign-in page, where the refusal is said (in a cookie only the sign-in's API reads). */
function refuse(request: FastifyRequest, reply: FastifyReply, { reason, domain }: SsoRefusal) {
  const value = domain ? `${reason}:${domain}` : reason;
  setCookie(request, reply, 'ssoRefusal', value, 300);
  return reply.redirect('/desk/', 303);
}

/** GET /desk/sso and GET /desk/sso/callback, beside the desk's pages. */
export async function deskSingleSignOnPages(
  app: FastifyInstance,
  { sso, store, now }: { sso: SingleSignOn | null; store: Store; now: () => number },
) {
  const audit = (request: FastifyRequest, entry: Parameters<Store['audit']['record']>[0]) =>
    store.audit.record(entry).catch((error: unknown) => {
      request.log.error(
        `the audit could not write a single sign-on down: ${error instanceof Error ? error.message : String(error)}`,
      );
    });

  app.get(SSO_START, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!sso) return refuse(request, reply, { reason: 'off' });
    const started = await sso.start();
    if (!('url' in started)) {
      request.log.warn('desk single sign-on: the provider could not be reached');
      await audit(request, {
        at: now(),
        actor: '(single sign-on)',
        action: 'sign-in.failed',
        detail: { method: 'sso', reason: started.reason, address: request.ip },
      });
      return refuse(request, reply, started);
    }
    const { state, nonce, verifier } = started.pending;
    setCookie(request, reply, 'sso', `${state}.${nonce}.${verifier}`, LOGIN_SECONDS);
    return reply.redirect(started.url, 303);
  });

  app.get(SSO_CALLBACK, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!sso) return refuse(request, reply, { reason: 'off' });
    // Used once: cleared whatever the answer, so the same state (a replayed callback) finds nothing.
    clearCookie(request, reply, 'sso');
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    let result: Awaited<ReturnType<SingleSignOn['finish']>>;
    try {
      result = await sso.finish(query, pendingOf(request), {
        clientIp: request.ip,
        userAgent: request.headers['user-agent'],
      });
    } catch (error) {
      // The database, say: logged, and the person is still told in words on the sign-in page.
      request.log.error({ err: error }, 'desk single sign-on failed');
      return refuse(request, reply, { reason: 'token' });
    }
    const at = now();
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'desk single sign-on refused');
      await audit(request, {
        at,
        actor: result.email ?? '(single sign-on)',
        action: 'sign-in.failed',
        detail: { method: 'sso', reason: result.reason, address: request.ip },
      });
      return refuse(request, reply, result);
    }
    if (result.created)
      await audit(request, {
        at,
        actor: result.user.email,
        action: 'account.add',
        detail: { account: result.user.email, role: result.user.role, how: 'single sign-on' },
      });
    await audit(request, { at, actor: result.user.email, action: 'sign-in', detail: { method: 'sso' } });
    request.log.info({ deskUserId: result.user.id }, 'desk sign-in (single sign-on)');
    setSessionCookie(request, reply, result.token, result.session.expiresAt, at);
    return reply.redirect('/desk/', 303);
  });
}

/**
 * GET /api/desk/sign-in, among the desk's API routes: the ways in, and a refusal said once. With
 * DESK_PASSWORD_SIGNIN=off, POST /api/session is refused (403 `password-sign-in-off`) before it is read.
 */
export async function deskSignInRoutes(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { password, sso } = config.deskSignIn;
  if (!password)
    api.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && request.routeOptions.url === '/api/session')
        throw new Refusal(
          403,
          'password-sign-in-off',
          `This desk signs in with ${sso?.name ?? 'single sign-on'} only: use the link on the sign-in page.`,
        );
    });

  serve(api, SignInOptionsRoute, {}, async (request, reply) => {
    const refusal = refusalOf(request);
    if (readCookie(request, 'ssoRefusal') !== undefined) clearCookie(request, reply, 'ssoRefusal');
    return {
      password,
      singleSignOn: sso && { name: sso.name, href: SSO_START },
      refusal: refusal ? refusalSentence(refusal, sso?.name ?? 'single sign-on') : null,
    };
  });
}
