// The sales desk's API: sign-in and sign-out (POST and DELETE /api/session), and behind a session the
// leads with their calls, one lead with its consent proof, attempts and transcript, the contacted mark,
// the feedback, CSV downloads of what the filters show, and the "changed since" figure the open desk
// polls, and the overview's counts (with the web demos'; the demos' list is ./desk-demos.ts). Filters are checked by their schemas and reach SQL only as values.
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { Readable } from 'node:stream';
import type { ServerConfig } from '../../config/settings.ts';
import { AGENT_IDS } from '../../../model/agents.ts';
import { FEEDBACK_COLUMNS, feedbackRow, LEAD_EXPORT_COLUMNS, leadRow } from '../../domain/exports/csv.ts';
import { csvChunks, feedbackPages, listPages } from '../../domain/exports/stream.ts';
import { CALL_STATES, type Call } from '../../../model/calls.ts';
import type { Lead } from '../../../model/lead.ts';
import type { DeskService } from '../../domain/desk/desk-service.ts';
import type { TwoStepService } from '../../domain/desk/two-step.ts';
import { Refusal } from '../../domain/refusal.ts';
import type { Contacted, DeskSession, Store } from '../../storage/index.ts';
import {
  clearSessionCookie,
  requireOwnOrigin,
  requireSameOriginRead,
  requireSession,
  sessionToken,
  setPendingCookie,
  setSessionCookie,
} from '../desk-auth.ts';
import type { FieldWords } from '../errors.ts';
import { OUTCOME_IDS } from '../../../model/call-outcomes.ts';
import { searchPrefixes } from '../../../model/search.ts';
import { dayIn, ianaZone } from '../../../model/time-zones.ts';
import { auditDownload, deskAdminRoutes } from './desk-admin.ts';
import { deskAccountRoutes } from './desk-accounts.ts';
import { deskSignInRoutes } from './desk-single-sign-on.ts';
import { deskTwoStepRoutes } from './desk-two-step.ts';
import { deskDemoRoutes } from './desk-demos.ts';
import { deskEmbedRoutes } from './embeds.ts';
import type { EmbedService } from '../../domain/embeds.ts';
import type { Static } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChangesRoute,
  DeskFeedbackCsvRoute,
  DeskFeedbackRoute,
  LeadQuery,
  LeadRoute,
  LeadsCsvRoute,
  LeadsRoute,
  MarkRoute,
  OverviewRoute,
  RangeQuery,
  SessionRoute,
  SignInRoute,
  SignOutRoute,
  UnmarkRoute,
} from '../../../model/api/desk.ts';
import { serve } from '../serve.ts';

const FIELD_WORDS: FieldWords = {
  from: {
    error: 'invalid-filter',
    message: 'from must be a date (2026-11-23) or a time with its zone (2026-11-23T00:00:00+05:30).',
  },
  to: {
    error: 'invalid-filter',
    message: 'to must be a date (2026-11-23) or a time with its zone (2026-11-23T00:00:00+05:30).',
  },
  agent: { error: 'invalid-filter', message: `agent must be one of ${AGENT_IDS.join(', ')}.` },
  status: { error: 'invalid-filter', message: `status must be one of ${CALL_STATES.join(', ')}.` },
  limit: { error: 'invalid-filter', message: 'limit must be a whole number from 1 to 1000.' },
  outcome: { error: 'invalid-filter', message: `outcome must be one of ${OUTCOME_IDS.join(', ')}.` },
  queue: { error: 'invalid-filter', message: 'queue must be to-call.' },
  q: {
    error: 'invalid-filter',
    message: 'Search by a name, or by at least 3 digits of a phone number, in at most 100 characters.',
  },
  cursor: { error: 'invalid-filter', message: 'cursor must be the nextCursor of an earlier answer.' },
  day: { error: 'invalid-filter', message: 'day must be a date (2026-11-23).' },
  embed: { error: 'invalid-filter', message: 'embed must be an embed’s id (emb_…).' },
  tz: { error: 'invalid-filter', message: 'tz must be a time zone by its IANA name (Asia/Kolkata, or UTC).' },
  id: { error: 'not-found', message: 'There is no such lead.' },
  email: { error: 'invalid', label: 'Email' },
  password: { error: 'invalid', label: 'Password' },
};

type Range = Static<typeof RangeQuery>;
type LeadQueryValues = Static<typeof LeadQuery>;

const MAX_DATE_MS = Date.UTC(9999, 0, 1);
const badDate = (field: string) => new Refusal(400, 'invalid-filter', FIELD_WORDS[field].message!, { field });

/**
 * A date is that UTC day (to: included); a time with its zone is an instant (to: excluded). Both as stored:
 * ISO UTC text. Any RFC 3339 date or time the schema allows is taken (issue 56): a leap second (23:59:60)
 * is the second after 23:59:59, and lower-case t and z are read as T and Z.
 */
function range({ from, to }: Range): Range {
  const parse = (field: string, v: string) => {
    const upper = v.toUpperCase();
    const leap = /^(.{10}T\d\d:\d\d:)60/.exec(upper);
    const text = leap ? `${leap[1]}59${upper.slice(19)}` : upper;
    const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) + (leap ? 1000 : 0);
    // A schema-checked value always parses; this guards against one that does not (never a failed query).
    if (!Number.isFinite(ms) || (text.length === 10 && new Date(ms).toISOString().slice(0, 10) !== text))
      throw badDate(field);
    // Nothing was stored before 1970 or after 9999, and PostgreSQL has no year 0: a bound past either
    // end is that end, so the answer is the same and the query never fails.
    return Math.min(Math.max(ms, 0), MAX_DATE_MS);
  };
  const instant = (field: string, v: string) => new Date(parse(field, v)).toISOString();
  const nextDay = (v: string) => new Date(Math.min(parse('to', v) + 86_400_000, MAX_DATE_MS)).toISOString();
  return {
    ...(from && { from: instant('from', from) }),
    ...(to && { to: to.length === 10 ? nextDay(to) : instant('to', to) }),
  };
}

function leadFilter(q: LeadQueryValues) {
  const text = q.q?.trim() ?? '';
  const search = text ? searchPrefixes(text) : null;
  if (text && !search)
    throw new Refusal(400, 'invalid-filter', 'Search by a name, or by at least 3 digits of a phone number.');
  return {
    ...range(q),
    agentId: q.agent,
    embedId: q.embed,
    callStatus: q.status,
    outcome: q.outcome,
    toCall: q.queue === 'to-call',
    ...(search && { search }),
    ...(q.cursor && { before: Number(q.cursor) }),
  };
}

/** A lead as the list shows it: who, when, and how the call went. */
function listed({ lead, call, outcome, contacted }: Awaited<ReturnType<Store['desk']['leads']>>[number]) {
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
      durationSeconds: call.durationSeconds,
      outcome,
    },
    contacted,
  };
}

/** The file is named with the viewer's date where the desk sends it (`day`), else the UTC date. */
const csvName = (what: string, now: number, day?: string) =>
  `${what}-${day ?? new Date(now).toISOString().slice(0, 10)}.csv`;
/** A download, streamed: its header leaves at once, then a page of rows at a time (memory stays flat whatever the count). */
const sendCsv = (reply: FastifyReply, name: string, body: AsyncIterable<string>) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(Readable.from(body));

export async function deskRoutes(
  app: FastifyInstance,
  {
    store,
    desk,
    twoStep,
    config,
    embeds,
  }: { store: Store; desk: DeskService; twoStep: TwoStepService; config: ServerConfig; embeds: EmbedService },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const routeConfig: FastifyContextConfig = { fieldWords: FIELD_WORDS };
  // Personal data: never kept by a browser's or a proxy's cache.
  api.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // Roles, erasure and the audit (its hooks see every desk route).
  await deskAdminRoutes(api, { store, desk, config });
  await deskAccountRoutes(api, { store, desk, config });
  // The ways in the sign-in page offers (and DESK_PASSWORD_SIGNIN=off closing the password one).
  await deskSignInRoutes(api, { config });
  await deskTwoStepRoutes(api, { store, desk, twoStep, config });
  // The session is checked first (onRequest, before any schema), then the origin of a change: without a
  // session every desk call is a 401, whatever else is wrong with it.
  const sessions = new WeakMap<FastifyRequest, DeskSession>();
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) =>
    void sessions.set(request, await requireSession(request, reply, desk));
  const ownOrigin = async (request: FastifyRequest) => requireOwnOrigin(request, config);
  const sessionOf = (request: FastifyRequest) => sessions.get(request)!;
  const reader: RouteShorthandOptions = { onRequest: signedIn, config: routeConfig };
  // The reads the audit writes down: from the desk's own pages only, once the session is known.
  const auditedReader: RouteShorthandOptions = {
    onRequest: [signedIn, async (request) => requireSameOriginRead(request)],
    config: routeConfig,
  };
  const writer: RouteShorthandOptions = { onRequest: [signedIn, ownOrigin], config: routeConfig };
  await deskDemoRoutes(api, { store, embeds, signedIn, range });
  await deskEmbedRoutes(api, { store, desk, config, embeds });

  serve(
    api,
    SignInRoute,
    { onRequest: ownOrigin, config: { ...routeConfig, rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await desk.signIn({
        email,
        password,
        clientIp: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (!result.ok && result.reason === 'locked') {
        const retryAt = new Date(result.until).toISOString();
        const seconds = Math.max(1, Math.ceil((result.until - desk.now()) / 1000));
        throw new Refusal(
          429,
          'locked',
          `Too many failed sign-ins. Try again after ${retryAt.slice(11, 16)} UTC.`,
          { retryAt },
          { 'Retry-After': String(seconds) },
        );
      }
      if (result.ok === 'next') {
        // The password was right; a second step is still to come, with this cookie only (no session yet).
        setPendingCookie(request, reply, result.token, result.expiresAt - desk.now());
        return reply.code(202).send({ next: result.next, expiresAt: new Date(result.expiresAt).toISOString() });
      }
      if (!result.ok) throw new Refusal(401, 'wrong-credentials', 'That email and password do not match.');
      request.log.info({ deskUserId: result.session.userId }, 'desk sign-in');
      setSessionCookie(request, reply, result.token, result.session.expiresAt, desk.now());
      return {
        email: result.session.email,
        role: result.session.role,
        expiresAt: new Date(result.session.expiresAt).toISOString(),
      };
    },
  );

  // Asked by the desk as it opens: without a session the answer is 204 (a signed-out desk is no error).
  serve(api, SessionRoute, { config: routeConfig }, async (request, reply) => {
    const token = sessionToken(request);
    const session = await desk.session(token, request.ip);
    if (!session) {
      if (token !== undefined) clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    }
    return { email: session.email, role: session.role, expiresAt: new Date(session.expiresAt).toISOString() };
  });

  serve(api, SignOutRoute, { ...writer }, async (request, reply) => {
    await desk.signOut(sessionToken(request)!);
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  });

  serve(api, LeadsRoute, { ...reader }, async (request) => {
    const q = request.query;
    const limit = Number(q.limit ?? 100);
    // One more than asked says whether there is a next page; the cursor is the last id shown.
    const [rows, version] = await Promise.all([
      store.desk.leads({ ...leadFilter(q), limit: limit + 1 }),
      store.desk.version(),
    ]);
    const page = rows.slice(0, limit);
    return {
      leads: page.map(listed),
      limit,
      nextCursor: rows.length > limit ? String(page.at(-1)!.lead.id) : null,
      version,
    };
  });

  serve(api, LeadsCsvRoute, { ...auditedReader }, async (request, reply) => {
    const session = sessionOf(request);
    const flat = (r: { lead: Lead; call: Call | null; contacted: Contacted }) => ({
      ...leadRow(r),
      contactedAt: r.contacted?.at ?? null,
      contactedBy: r.contacted?.by ?? null,
    });
    const done = (rows: number) => {
      request.log.info({ deskUserId: session.userId, rows }, 'desk leads downloaded');
      void auditDownload(store, request, desk.now(), 'leads', rows);
    };
    // Exactly the list's filters (search, queue and outcome included); only the cursor is the export's own.
    const pages = listPages(store, leadFilter({ ...request.query, cursor: undefined }));
    return sendCsv(
      reply,
      csvName('leads', desk.now(), request.query.day),
      csvChunks([...LEAD_EXPORT_COLUMNS, 'contactedAt', 'contactedBy'], pages, flat, done, { bom: true }),
    );
  });

  serve(api, LeadRoute, { ...auditedReader }, async (request) => {
    const id = Number(request.params.id);
    const found = await store.desk.lead({ id });
    if (!found) throw new Refusal(404, 'not-found', 'There is no such lead.');
    const [attempts, demo] = await Promise.all([
      store.calls.attempts({ leadId: id }),
      store.leadDemos.ofLead({ leadId: id }),
    ]);
    return { ...found, attempts, demo };
  });

  serve(api, MarkRoute, { ...writer }, async (request) => {
    const session = sessionOf(request);
    const marked = await store.desk.markContacted({
      leadId: Number(request.params.id),
      by: session.email,
      now: desk.now(),
    });
    if (!marked) throw new Refusal(404, 'not-found', 'There is no such lead.');
    return marked;
  });

  // Undoes the mark; who undid it stays in the lead's history beside who marked it.
  serve(api, UnmarkRoute, { ...writer }, async (request) => {
    const session = sessionOf(request);
    const unmarked = await store.desk.unmarkContacted({
      leadId: Number(request.params.id),
      by: session.email,
      now: desk.now(),
    });
    if (!unmarked) throw new Refusal(404, 'not-found', 'There is no such lead.');
    return unmarked;
  });

  // The funnel, leads per day and outcomes by agent and campaign (the last 30 days by default). Leads per
  // day are counted in DESK_TIME_ZONE's days, else in the zone the desk's browser sends, else in UTC's.
  serve(api, OverviewRoute, { ...reader }, async (request) => {
    const q = request.query;
    // A zone this engine's zone database does not know (a browser's newer than the server's) counts in UTC,
    // as the answer's timeZone says: the schema's pattern takes every IANA-shaped name (issue 56).
    const asked = (q.tz === undefined ? undefined : ianaZone(q.tz)) ?? 'UTC';
    const timeZone = config.deskTimeZone ?? asked;
    const to = q.to ?? dayIn(timeZone)(desk.now());
    const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    // A period that ends before it starts holds nothing, as the lists answer it (issue 56: every range the
    // schema allows is taken).
    const [counts, demos] = await Promise.all([
      store.overview.get({ from, to, zone: timeZone }),
      store.demoDesk.figures({ from, to, zone: timeZone }),
    ]);
    return { from, to, timeZone, ...counts, demos };
  });

  serve(api, DeskFeedbackRoute, { ...reader }, async (request) => {
    return { feedback: await store.desk.feedback({ ...range(request.query), embedId: request.query.embed }) };
  });

  serve(api, DeskFeedbackCsvRoute, { ...auditedReader }, async (request, reply) => {
    const pages = feedbackPages(store, { ...range(request.query), embedId: request.query.embed }, 'desc');
    return sendCsv(
      reply,
      csvName('feedback', desk.now()),
      csvChunks(
        FEEDBACK_COLUMNS,
        pages,
        feedbackRow,
        (rows) => void auditDownload(store, request, desk.now(), 'feedback', rows),
        { bom: true },
      ),
    );
  });

  serve(api, ChangesRoute, { ...reader }, async () => {
    return { version: await store.desk.version() };
  });
}
