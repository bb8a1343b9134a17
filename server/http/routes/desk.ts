// The sales desk's API: sign-in and sign-out (POST and DELETE /api/session), and behind a session the
// leads with their calls, one lead with its consent proof, attempts and transcript, the contacted mark,
// the feedback, CSV downloads of what the filters show, and the "changed since" figure the open desk
// polls. Filters are checked by their schemas and reach SQL only as values.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import { AGENT_IDS } from '../../../model/agents.ts';
import { FEEDBACK_COLUMNS, LEAD_EXPORT_COLUMNS, leadRow, toCsv } from '../../domain/exports/csv.ts';
import { CALL_STATES } from '../../../model/calls.ts';
import type { DeskService } from '../../domain/desk/desk-service.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { DeskSession, Store } from '../../storage/index.ts';
import { clearSessionCookie, requireOwnOrigin, requireSession, sessionToken, setSessionCookie } from '../desk-auth.ts';
import type { FieldWords } from '../errors.ts';


const day = { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] };
const leadQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { from: day, to: day, agent: { type: 'string', enum: [...AGENT_IDS] }, status: { type: 'string', enum: [...CALL_STATES] }, limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$|^1000$' } },
};
const feedbackQuery = { type: 'object', additionalProperties: false, properties: { from: day, to: day } };
// Ids up to 1,999,999,999: within PostgreSQL's INTEGER, so a larger one is a 404, never a 500.
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$|^1[0-9]{9}$' } } };
const signInBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: { email: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 1024 } },
};

const FIELD_WORDS: FieldWords = {
  from: { error: 'invalid-filter', message: 'from must be a date (2026-11-23) or a time with its zone (2026-11-23T00:00:00+05:30).' },
  to: { error: 'invalid-filter', message: 'to must be a date (2026-11-23) or a time with its zone (2026-11-23T00:00:00+05:30).' },
  agent: { error: 'invalid-filter', message: `agent must be one of ${AGENT_IDS.join(', ')}.` },
  status: { error: 'invalid-filter', message: `status must be one of ${CALL_STATES.join(', ')}.` },
  limit: { error: 'invalid-filter', message: 'limit must be a whole number from 1 to 1000.' },
  id: { error: 'not-found', message: 'There is no such lead.' },
  email: { error: 'invalid', label: 'Email' },
  password: { error: 'invalid', label: 'Password' },
};

type Range = { from?: string; to?: string };
type LeadQuery = Range & { agent?: string; status?: string; limit?: string };

const badDate = (field: string) => new Refusal(400, 'invalid-filter', FIELD_WORDS[field].message!, { field });

/**
 * A date is that UTC day (to: included); a time with its zone is an instant (to: excluded). Both as stored:
 * ISO UTC text. One the schema lets through but no clock has (a leap second, 23:59:60) is refused, not a 500.
 */
function range({ from, to }: Range): Range {
  const parse = (field: string, v: string) => {
    const ms = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
    if (!Number.isFinite(ms) || (v.length === 10 && new Date(ms).toISOString().slice(0, 10) !== v)) throw badDate(field);
    return ms;
  };
  const instant = (field: string, v: string) => new Date(parse(field, v)).toISOString();
  const nextDay = (v: string) => new Date(parse('to', v) + 86_400_000).toISOString();
  return {
    ...(from && { from: instant('from', from) }),
    ...(to && { to: to.length === 10 ? nextDay(to) : instant('to', to) }),
  };
}

const leadFilter = (q: LeadQuery) => ({ ...range(q), agentId: q.agent, callStatus: q.status });

/** A lead as the list shows it: who, when, and how the call went. */
function listed({ lead, call, contacted }: Awaited<ReturnType<Store['desk']['leads']>>[number]) {
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    agentId: lead.agentId,
    name: lead.name,
    phone: lead.phone,
    call: call && {
      status: call.status,
      attempts: call.attempts,
      callAt: call.callAt,
      endedReason: call.endedReason,
      failureReason: call.failureReason,
      summary: call.summary,
      successEvaluation: call.successEvaluation,
    },
    contacted,
  };
}

const csvName = (what: string, now: number) => `${what}-${new Date(now).toISOString().slice(0, 10)}.csv`;
const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}"`).send(body);

export async function deskRoutes(api: FastifyInstance, { store, desk, config }: { store: Store; desk: DeskService; config: ServerConfig }) {
  const routeConfig = { fieldWords: FIELD_WORDS } as FastifyContextConfig;
  // Personal data: never kept by a browser's or a proxy's cache.
  api.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // The session is checked first (onRequest, before any schema), then the origin of a change: without a
  // session every desk call is a 401, whatever else is wrong with it.
  const sessions = new WeakMap<FastifyRequest, DeskSession>();
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => void sessions.set(request, await requireSession(request, reply, desk));
  const ownOrigin = async (request: FastifyRequest) => requireOwnOrigin(request, config);
  const sessionOf = (request: FastifyRequest) => sessions.get(request)!;
  const reader: RouteShorthandOptions = { onRequest: signedIn, config: routeConfig };
  const writer: RouteShorthandOptions = { onRequest: [signedIn, ownOrigin], config: routeConfig };

  api.post('/session', { schema: { body: signInBody }, onRequest: ownOrigin, config: { ...routeConfig, rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const result = await desk.signIn({ email, password, clientIp: request.ip });
    if (!result.ok && result.reason === 'locked') {
      const retryAt = new Date(result.until).toISOString();
      const seconds = Math.max(1, Math.ceil((result.until - desk.now()) / 1000));
      throw new Refusal(429, 'locked', `Too many failed sign-ins. Try again after ${retryAt.slice(11, 16)} UTC.`, { retryAt }, { 'Retry-After': String(seconds) });
    }
    if (!result.ok) throw new Refusal(401, 'wrong-credentials', 'That email and password do not match.');
    request.log.info({ deskUser: result.session.email }, 'desk sign-in');
    setSessionCookie(request, reply, result.token, result.session.expiresAt, desk.now());
    return { email: result.session.email, expiresAt: new Date(result.session.expiresAt).toISOString() };
  });

  api.get('/session', reader, async (request) => {
    const session = sessionOf(request);
    return { email: session.email, expiresAt: new Date(session.expiresAt).toISOString() };
  });

  api.delete('/session', writer, async (request, reply) => {
    await desk.signOut(sessionToken(request)!);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  api.get('/desk/leads', { ...reader, schema: { querystring: leadQuery } }, async (request) => {
    const q = request.query as LeadQuery;
    const limit = Number(q.limit ?? 500);
    const [rows, version] = await Promise.all([store.desk.leads({ ...leadFilter(q), limit }), store.desk.version()]);
    return { leads: rows.map(listed), limit, version };
  });

  api.get('/desk/leads.csv', { ...reader, schema: { querystring: leadQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const rows = await store.desk.leads({ ...leadFilter(request.query as LeadQuery), limit: 100_000 });
    const flat = rows.map((r) => ({ ...leadRow(r), contactedAt: r.contacted?.at ?? null, contactedBy: r.contacted?.by ?? null }));
    request.log.info({ deskUser: session.email, rows: flat.length }, 'desk leads downloaded');
    return sendCsv(reply, csvName('leads', desk.now()), toCsv([...LEAD_EXPORT_COLUMNS, 'contactedAt', 'contactedBy'], flat));
  });

  api.get('/desk/leads/:id', { ...reader, schema: { params: idParams } }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const found = await store.desk.lead({ id });
    if (!found) throw new Refusal(404, 'not-found', 'There is no such lead.');
    return { ...found, attempts: await store.calls.attempts({ leadId: id }) };
  });

  api.post('/desk/leads/:id/contacted', { ...writer, schema: { params: idParams } }, async (request) => {
    const session = sessionOf(request);
    const contacted = await store.desk.markContacted({ leadId: Number((request.params as { id: string }).id), by: session.email, now: desk.now() });
    if (!contacted) throw new Refusal(404, 'not-found', 'There is no such lead.');
    return { contacted };
  });

  api.get('/desk/feedback', { ...reader, schema: { querystring: feedbackQuery } }, async (request) => {
    return { feedback: await store.desk.feedback(range(request.query as Range)) };
  });

  api.get('/desk/feedback.csv', { ...reader, schema: { querystring: feedbackQuery } }, async (request, reply) => {
    const rows = await store.desk.feedback({ ...range(request.query as Range), limit: 100_000 });
    return sendCsv(reply, csvName('feedback', desk.now()), toCsv(FEEDBACK_COLUMNS, rows));
  });

  api.get('/desk/changes', reader, async () => {
    return { version: await store.desk.version() };
  });

}
