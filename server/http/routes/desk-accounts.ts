// The desk's accounts from the desk: admins list them and give roles (GET /api/desk/accounts, PUT
// /api/desk/accounts/:id/role; agents get 403), and a person changes their own password, giving the
// current one (PUT /api/desk/password), which ends their other sessions; a person sees their sessions
// and ends any or all of the others (GET and DELETE /api/desk/sessions). Each change is in the audit.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../../config/settings.ts';
import { mustHave2fa, sessionId, type DeskService } from '../../domain/desk/desk-service.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { DeskSession, Store } from '../../storage/index.ts';
import {
  AccountsRoute,
  EndOtherSessionsRoute,
  EndSessionRoute,
  PasswordRoute,
  RoleRoute,
  SessionsRoute,
} from '../../../model/api/desk.ts';
import { requireAdmin, requireOwnOrigin, requireSession } from '../desk-auth.ts';
import { serve } from '../serve.ts';

export const auditSessionId = (s: DeskSession) => `${s.userId}:${s.createdAt}`;
const FIELD_WORDS = {
  id: { error: 'not-found', message: 'There is no such account.' },
  role: { error: 'invalid', message: 'role must be admin or agent.' },
  current: { error: 'invalid', label: 'Current password' },
  password: { error: 'invalid', label: 'New password' },
};

const SESSION_WORDS = { id: { error: 'not-found', message: 'None of your sessions has that id.' } };

export async function deskAccountRoutes(
  app: FastifyInstance,
  { store, desk, config }: { store: Store; desk: DeskService; config: ServerConfig },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const routeConfig: FastifyContextConfig = { fieldWords: FIELD_WORDS };
  const sessions = new WeakMap<FastifyRequest, DeskSession>();
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) =>
    void sessions.set(request, await requireSession(request, reply, desk));
  const admin = (what: string) => async (request: FastifyRequest) => requireAdmin(sessions.get(request)!, what);
  const ownOrigin = async (request: FastifyRequest) => requireOwnOrigin(request, config);

  serve(api, AccountsRoute, { onRequest: [signedIn, admin('see the accounts')], config: routeConfig }, async () => ({
    accounts: (await store.desk.listUsers({ now: desk.now() })).map(({ twoStepOn, ...a }) => ({
      ...a,
      twoStep: twoStepOn
        ? ('on' as const)
        : mustHave2fa(desk.require2fa, a.role)
          ? ('required' as const)
          : ('off' as const),
    })),
  }));

  serve(
    api,
    RoleRoute,
    {
      onRequest: [signedIn, admin('give an account a role'), ownOrigin],

      config: routeConfig,
    },
    async (request) => {
      const session = sessions.get(request)!;
      const account = (await store.desk.listUsers({ now: desk.now() })).find((a) => a.id === Number(request.params.id));
      if (!account) throw new Refusal(404, 'not-found', 'There is no such account.');
      const { role } = request.body;
      const done = await store.desk.setRole({ email: account.email, role });
      if (done === 'missing') throw new Refusal(404, 'not-found', 'There is no such account.');
      if (done === 'last-admin')
        throw new Refusal(409, 'last-admin', `${account.email} is the only admin: make another admin first.`);
      if (done.changed)
        await store.audit.record({
          at: desk.now(),
          actor: session.email,
          action: 'account.role',
          sessionId: auditSessionId(session),
          detail: { account: account.email, from: done.from, to: role },
        });
      return { email: account.email, role };
    },
  );

  serve(
    api,
    PasswordRoute,
    {
      onRequest: [signedIn, ownOrigin],

      config: { ...routeConfig, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const session = sessions.get(request)!;
      const ended = await desk.changePassword({
        session,
        current: request.body.current,
        password: request.body.password,
        clientIp: request.ip,
      });
      await store.audit.record({
        at: desk.now(),
        actor: session.email,
        action: 'account.password',
        sessionId: auditSessionId(session),
        detail: { account: session.email, sessionsEnded: ended },
      });
      request.log.info({ deskUserId: session.userId, sessionsEnded: ended }, 'desk password changed');
      return { sessionsEnded: ended };
    },
  );

  serve(api, SessionsRoute, { onRequest: signedIn, config: routeConfig }, async (request) => ({
    sessions: await desk.sessions(sessions.get(request)!),
  }));

  const endedBy = (request: FastifyRequest, ended: number, how: string) => {
    const session = sessions.get(request)!;
    return store.audit.record({
      at: desk.now(),
      actor: session.email,
      action: 'session.end',
      sessionId: auditSessionId(session),
      detail: { how, sessions: ended },
    });
  };

  serve(
    api,
    EndSessionRoute,
    { onRequest: [signedIn, ownOrigin], config: { fieldWords: SESSION_WORDS } },
    async (request, reply) => {
      const session = sessions.get(request)!;
      if (sessionId(session.tokenHash!) === request.params.id)
        throw new Refusal(400, 'current-session', 'This is the session you are using: sign out to end it.');
      const ended = await desk.endOtherSessions(session, request.params.id);
      if (!ended) throw new Refusal(404, 'not-found', 'None of your sessions has that id: it may have ended already.');
      await endedBy(request, ended, 'ended by its owner from another session');
      return reply.code(204).send(null);
    },
  );

  serve(api, EndOtherSessionsRoute, { onRequest: [signedIn, ownOrigin], config: routeConfig }, async (request) => {
    const ended = await desk.endOtherSessions(sessions.get(request)!);
    if (ended) await endedBy(request, ended, 'all others ended by their owner');
    return { ended };
  });
}
