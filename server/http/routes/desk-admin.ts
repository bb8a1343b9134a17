// The desk's admin side and its audit: erasing a lead's person (DELETE /api/desk/leads/:id/personal-data)
// and reading the audit (GET /api/desk/audit) are for admins only (agents get 403); the audit itself is
// written here too, from hooks on the desk's routes (sign-ins, lead views once per session and hour,
// marks and unmarks) and by the downloads (`auditDownload`).
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import { normaliseEmail, type DeskService } from '../../domain/desk/desk-service.ts';
import { personalData } from '../../domain/personal-data.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { AuditAction, DeskSession, Store } from '../../storage/index.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditRoute, EraseRoute } from '../../../model/api/desk.ts';
import { checkedSession, requireAdmin, requireOwnOrigin, requireSession } from '../desk-auth.ts';
import { serve } from '../serve.ts';

const sessionId = (s: DeskSession) => `${s.userId}:${s.createdAt}`;
const FIELD_WORDS = {
  id: { error: 'not-found', message: 'There is no such lead.' },
  before: { error: 'invalid-filter', message: 'before must be an entry’s id.' },
  limit: { error: 'invalid-filter', message: 'limit must be a whole number from 1 to 999.' },
};

/** A field of a hook's request part (hooks see every desk route's, of whatever shape). */
const fieldOf = (part: unknown, name: string): unknown =>
  typeof part === 'object' && part !== null ? Object.entries(part).find(([key]) => key === name)?.[1] : undefined;

/** Writes a download down: which list, its filters (never the search text), how many rows. */
export function auditDownload(
  store: Store,
  request: FastifyRequest,
  now: number,
  what: 'leads' | 'feedback',
  rows: number,
) {
  const session = checkedSession(request);
  if (!session) return Promise.resolve();
  const filters = Object.fromEntries(Object.entries(request.query ?? {}).filter(([k]) => k !== 'q'));
  const action: AuditAction = what === 'leads' ? 'leads.download' : 'feedback.download';
  return store.audit
    .record({ at: now, actor: session.email, action, sessionId: sessionId(session), detail: { filters, rows } })
    .catch((error) => {
      request.log.error(
        `the audit could not write a download down: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
}

export async function deskAdminRoutes(
  app: FastifyInstance,
  { store, desk, config }: { store: Store; desk: DeskService; config: ServerConfig },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const data = personalData(store, { key: config.dataHashKey, deliver: Boolean(config.webhook.url), now: desk.now });
  const admin = (what: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    requireAdmin(await requireSession(request, reply, desk), what);
  const routeConfig: FastifyContextConfig = { fieldWords: FIELD_WORDS };

  // What the desk's routes did, once they did it (2xx only), and failed sign-ins.
  api.addHook('onResponse', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    if (route === 'POST /api/session' && (reply.statusCode === 401 || reply.statusCode === 429)) {
      // The email as typed when it looks like one (never what was typed into the wrong field).
      const typed = normaliseEmail(String(fieldOf(request.body, 'email') ?? ''));
      await store.audit
        .record({
          at: desk.now(),
          actor: /^[^\s@]+@[^\s@]+$/.test(typed) ? typed.slice(0, 254) : '(not an email)',
          action: 'sign-in.failed',
          detail: { reason: reply.statusCode === 429 ? 'locked' : 'wrong', address: request.ip },
        })
        .catch((error: unknown) =>
          request.log.error(
            `the audit could not write a failed sign-in down: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      return;
    }
    if (reply.statusCode >= 300) return;
    const session = checkedSession(request);
    const leadId = Number(fieldOf(request.params, 'id')) || null;
    const at = desk.now();
    try {
      // A right password with a second step to come (202): the sign-in is written down once that step is
      // done (./desk-two-step.ts); a password right but never followed by a code is in the audit too.
      if (route === 'POST /api/session')
        await store.audit.record({
          at,
          actor: normaliseEmail(String(fieldOf(request.body, 'email'))),
          action: reply.statusCode === 202 ? 'sign-in.second-step' : 'sign-in',
          ...(reply.statusCode === 202 && { detail: { address: request.ip } }),
        });
      else if (route === 'DELETE /api/session' && session)
        await store.audit.record({
          at,
          actor: session.email,
          action: 'session.end',
          sessionId: sessionId(session),
          detail: { how: 'signed out' },
        });
      else if (!session || !leadId) return;
      else if (route === 'GET /api/desk/leads/:id')
        await store.audit.viewed({ at, actor: session.email, leadId, sessionId: sessionId(session) });
      else if (route === 'POST /api/desk/leads/:id/contacted' || route === 'DELETE /api/desk/leads/:id/contacted')
        await store.audit.record({
          at,
          actor: session.email,
          action: request.method === 'POST' ? 'lead.mark' : 'lead.unmark',
          leadId,
          sessionId: sessionId(session),
        });
    } catch (error) {
      request.log.error(
        `the audit could not write ${route} down: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });

  serve(
    api,
    EraseRoute,
    {
      onRequest: [admin('erase a person’s data'), async (request) => requireOwnOrigin(request, config)],

      config: routeConfig,
    },
    async (request) => {
      const session = checkedSession(request)!;
      const id = Number(request.params.id);
      const found = await store.desk.lead({ id });
      if (!found) throw new Refusal(404, 'not-found', 'There is no such lead.');
      // An erased lead has no number left: it is erased alone (again: nothing more to remove).
      const done = found.lead.phone
        ? await data.forgetPhone(found.lead.phone)
        : { leadIds: [], codes: 0, suppressed: false };
      await store.audit.record({
        at: desk.now(),
        actor: session.email,
        action: 'lead.erase',
        leadId: id,
        sessionId: sessionId(session),
        detail: { leads: done.leadIds },
      });
      request.log.info({ deskUserId: session.userId, leadId: id, leads: done.leadIds.length }, 'personal data erased');
      return { erased: done.leadIds };
    },
  );

  serve(api, AuditRoute, { onRequest: admin('read the audit'), config: routeConfig }, async (request) => {
    const q = request.query;
    const limit = Number(q.limit ?? 100);
    const entries = await store.audit.list({ before: q.before ? Number(q.before) : undefined, limit });
    return { entries, next: entries.length === limit ? String(entries[entries.length - 1].id) : null };
  });
}
