// The desk's second factor over HTTP (issue 47): the sign-in's code step (POST /api/session/code, with
// the pending sign-in's cookie), and one's own TOTP from the Account page: its state (GET), a new key
// (POST …/setup), turning it on with a code of it (PUT) and off with a code or the password (DELETE).
// A sign-in that must set it up first (DESK_REQUIRE_2FA) uses …/setup and PUT with its pending cookie,
// and gets its session once it is on. Every event is in the audit; no code or key is ever logged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../../config/settings.ts';
import type { DeskService } from '../../domain/desk/desk-service.ts';
import { lockedOut, type TwoStepService } from '../../domain/desk/two-step.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { AuditEntry, DeskSession, PendingSignIn, Store } from '../../storage/index.ts';
import {
  RecoveryCodesRoute,
  SignInCodeRoute,
  TwoStepOffRoute,
  TwoStepOnRoute,
  TwoStepRoute,
  TwoStepSetupRoute,
} from '../../../model/api/desk-two-step.ts';
import {
  clearPendingCookie,
  noSession,
  pendingToken,
  requireOwnOrigin,
  requireSession,
  sessionToken,
  setSessionCookie,
} from '../desk-auth.ts';
import { auditSessionId } from './desk-accounts.ts';
import { serve } from '../serve.ts';

const FIELD_WORDS = {
  code: { error: 'invalid', label: 'Code' },
  password: { error: 'invalid', label: 'Password' },
};
type Who =
  | { session: DeskSession; pending?: undefined }
  | { session?: undefined; pending: PendingSignIn & { tokenHash: string } };

export async function deskTwoStepRoutes(
  app: FastifyInstance,
  { store, desk, twoStep, config }: { store: Store; desk: DeskService; twoStep: TwoStepService; config: ServerConfig },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const routeConfig = { fieldWords: FIELD_WORDS };
  const limited = { ...routeConfig, rateLimit: { max: 30, timeWindow: 60_000 } };
  const whos = new WeakMap<FastifyRequest, Who>();
  const ownOrigin = async (request: FastifyRequest) => requireOwnOrigin(request, config);
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) =>
    void whos.set(request, { session: await requireSession(request, reply, desk) });
  // A session, else a sign-in that must set the second factor up before it gets one.
  const signedInOrSettingUp = async (request: FastifyRequest) => {
    const session = await desk.session(sessionToken(request), request.ip);
    if (session) return void whos.set(request, { session });
    const pending = await twoStep.pending(pendingToken(request));
    if (pending?.next !== 'setup') throw noSession();
    whos.set(request, { pending });
  };
  const whoOf = (request: FastifyRequest) => whos.get(request)!;
  const accountOf = (who: Who) => who.session ?? who.pending!;
  const audit = (request: FastifyRequest, entry: Omit<AuditEntry, 'at' | 'actor'>) => {
    const who = whos.get(request);
    return store.audit.record({
      at: desk.now(),
      actor: who ? accountOf(who).email : '(unknown)',
      ...(who?.session && { sessionId: auditSessionId(who.session) }),
      ...entry,
    });
  };
  // A wrong code or password, given to change one's second factor, is in the audit as a failed sign-in.
  const failedProof = async <T>(request: FastifyRequest, doing: Record<string, boolean>, act: () => Promise<T>) => {
    try {
      return await act();
    } catch (error) {
      if (error instanceof Refusal && ['wrong-code', 'wrong-password', 'locked'].includes(error.error))
        await audit(request, {
          action: 'two-step.failed',
          detail: { reason: error.error, ...doing, address: request.ip },
        });
      throw error;
    }
  };
  const sessionAnswer = (s: DeskSession) => ({
    email: s.email,
    role: s.role,
    expiresAt: new Date(s.expiresAt).toISOString(),
  });
  const client = (request: FastifyRequest) => ({ clientIp: request.ip, userAgent: request.headers['user-agent'] });

  serve(api, SignInCodeRoute, { onRequest: ownOrigin, config: limited }, async (request, reply) => {
    const pending = await twoStep.pending(pendingToken(request));
    if (pending?.next !== 'code') {
      if (pendingToken(request) !== undefined) clearPendingCookie(request, reply);
      throw new Refusal(401, 'no-pending-sign-in', 'Your sign-in took too long. Give your email and password again.');
    }
    whos.set(request, { pending });
    const failed = (reason: string) =>
      audit(request, { action: 'two-step.failed', detail: { reason, address: request.ip } });
    let result;
    try {
      result = await twoStep.signIn(pending, request.body.code, client(request));
    } catch (error) {
      if (error instanceof Refusal && error.error === 'locked') await failed('locked');
      throw error;
    }
    if (!result.ok) {
      await failed(result.reason);
      if (result.until) throw lockedOut(result.until, desk.now());
      throw result.reason === 'used'
        ? new Refusal(401, 'code-used', 'That code was used already. Wait for the next one in your app.', {
            field: 'code',
          })
        : new Refusal(
            401,
            'wrong-code',
            'That code is not right. Type the 6 digits your app shows now, or a recovery code.',
            {
              field: 'code',
            },
          );
    }
    if (result.used === 'recovery-code')
      await audit(request, { action: 'two-step.recovery-code', detail: { left: result.recoveryLeft } });
    await audit(request, { action: 'sign-in', detail: { secondStep: result.used } });
    request.log.info({ deskUserId: result.session.userId }, 'desk sign-in');
    clearPendingCookie(request, reply);
    setSessionCookie(request, reply, result.token, result.session.expiresAt, desk.now());
    return {
      ...sessionAnswer(result.session),
      ...(result.recoveryLeft !== undefined && { recoveryCodesLeft: result.recoveryLeft }),
    };
  });

  serve(api, TwoStepRoute, { onRequest: signedIn, config: routeConfig }, async (request) =>
    twoStep.status(whoOf(request).session!),
  );

  serve(api, TwoStepSetupRoute, { onRequest: [signedInOrSettingUp, ownOrigin], config: limited }, async (request) =>
    twoStep.begin(accountOf(whoOf(request))),
  );

  serve(
    api,
    TwoStepOnRoute,
    { onRequest: [signedInOrSettingUp, ownOrigin], config: limited },
    async (request, reply) => {
      const who = whoOf(request);
      const ended = async (n: number) =>
        n && audit(request, { action: 'session.end', detail: { how: 'two-step sign-in turned on', sessions: n } });
      if (who.session) {
        const done = await twoStep.confirm(who.session, request.body.code, who.session.tokenHash);
        await audit(request, { action: 'two-step.on', detail: { recoveryCodes: done.recoveryCodes.length } });
        await ended(done.ended);
        return { recoveryCodes: done.recoveryCodes, sessionsEnded: done.ended };
      }
      const done = await twoStep.finishSetup(who.pending, request.body.code, client(request));
      await audit(request, {
        action: 'two-step.on',
        detail: { recoveryCodes: done.recoveryCodes.length, atSignIn: true },
      });
      await ended(done.ended);
      await audit(request, { action: 'sign-in', detail: { secondStep: 'setup' } });
      request.log.info({ deskUserId: done.session.userId }, 'desk sign-in');
      clearPendingCookie(request, reply);
      setSessionCookie(request, reply, done.token, done.session.expiresAt, desk.now());
      return { recoveryCodes: done.recoveryCodes, sessionsEnded: done.ended, session: sessionAnswer(done.session) };
    },
  );

  serve(api, TwoStepOffRoute, { onRequest: [signedIn, ownOrigin], config: limited }, async (request, reply) => {
    const session = whoOf(request).session!;
    const by = request.body.password === undefined ? 'code' : 'password';
    await failedProof(request, { turningOff: true }, () => twoStep.turnOff(session, request.body, request.ip));
    await audit(request, { action: 'two-step.off', detail: { by } });
    return reply.code(204).send(null);
  });

  serve(api, RecoveryCodesRoute, { onRequest: [signedIn, ownOrigin], config: limited }, async (request) => {
    const session = whoOf(request).session!;
    const by = request.body.password === undefined ? 'code' : 'password';
    const recoveryCodes = await failedProof(request, { newRecoveryCodes: true }, () =>
      twoStep.renewRecoveryCodes(session, request.body, request.ip),
    );
    await audit(request, { action: 'two-step.recovery-codes', detail: { by, recoveryCodes: recoveryCodes.length } });
    return { recoveryCodes };
  });
}
