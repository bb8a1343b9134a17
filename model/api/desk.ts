// The desk API's contracts (docs/desk.md): each route's query, path and body, and every answer.
import { Type } from 'typebox';
import { AGENT_IDS } from '../agents.ts';
import { OUTCOME_IDS } from '../call-outcomes.ts';
import { CALL_STATES } from '../calls.ts';
import { EmbedId } from '../embeds.ts';
import { Id, IdParams } from '../ids.ts';
import { SIGN_IN_PASSWORD_MAX } from '../password.ts';
import { SEARCHABLE } from '../search.ts';
import { Line } from '../text.ts';
import { ZONE_NAME_PATTERN } from '../time-zones.ts';
import { NextStepAnswer } from './desk-two-step.ts';
import { DemoFiguresAnswer } from './desk-demos.ts';
import {
  ANY,
  BAD_FILTER,
  BAD_ORIGIN,
  BODY_REFUSALS,
  BUSY,
  NO_SESSION,
  NOT_FOUND,
  NOT_SAME_ORIGIN,
  Nullable,
  refusal,
  limited,
  HEADERS,
} from './answers.ts';
import { route } from './route.ts';

/** The desk's routes ask for its session cookie (a security scheme of the OpenAPI document). */
const SESSION = [{ deskSession: [] }];

const Day = Type.String({ format: 'date' });
/** A date is that UTC day; a time with its zone an instant. */
const DayOrTime = Type.Union([Day, Type.String({ format: 'date-time' })]);
const Time = Type.String({ format: 'date-time' });

export const SignInBody = Type.Object(
  {
    email: Line({ minLength: 1, maxLength: 254 }),
    password: Line({ minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export const SessionAnswer = Type.Object({
  email: Type.String(),
  role: Type.Enum(['admin', 'agent']),
  expiresAt: Time,
});

export const SignInRoute = route('POST', '/api/session', {
  summary: 'Sign in to the desk: a session cookie',
  body: SignInBody,
  response: {
    ...ANY,
    200: { ...SessionAnswer, headers: HEADERS.setCookie },
    202: { ...NextStepAnswer, headers: HEADERS.setCookie },
    ...BODY_REFUSALS,
    401: refusal('`wrong-credentials`.'),
    403: refusal(
      'A sign-in from another origin (`bad-origin`), or while the desk takes single sign-on only (`password-sign-in-off`).',
    ),
    429: limited('`locked` (with retryAt and Retry-After), or past 30 a minute (`rate-limited`).'),
    ...BUSY,
  },
});
export const SessionRoute = route('GET', '/api/session', {
  summary: 'The signed-in account (204 without a session)',
  response: { ...ANY, 200: SessionAnswer, 204: Type.Null({ description: 'No session.' }), ...BUSY },
});
export const SignOutRoute = route('DELETE', '/api/session', {
  summary: 'Sign out',
  security: SESSION,
  response: { ...ANY, 204: Type.Null({ headers: HEADERS.setCookie }), ...NO_SESSION, ...BAD_ORIGIN, ...BUSY },
});

export const LeadQuery = Type.Object(
  {
    from: Type.Optional(DayOrTime),
    to: Type.Optional(DayOrTime),
    agent: Type.Optional(Type.Enum(AGENT_IDS)),
    status: Type.Optional(Type.Enum(CALL_STATES)),
    outcome: Type.Optional(Type.Enum(OUTCOME_IDS)),
    queue: Type.Optional(Type.Literal('to-call')),
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: SEARCHABLE,
        description:
          'A search: words of a name by their beginnings (a letter at least), or at least 3 digits of a number.',
      }),
    ),
    // The leads of one embed (issue 54).
    embed: Type.Optional(EmbedId),
    cursor: Type.Optional(Id),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$|^1000$' })),
    // The viewer's own date, for the CSV's file name.
    day: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export const RangeQuery = Type.Object(
  { from: Type.Optional(DayOrTime), to: Type.Optional(DayOrTime), embed: Type.Optional(EmbedId) },
  { additionalProperties: false },
);
export const OverviewQuery = Type.Object(
  {
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    // The browser's time zone, an IANA name (Asia/Kolkata); DESK_TIME_ZONE, when set, counts instead.
    tz: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: ZONE_NAME_PATTERN,
        description:
          'The browser’s time zone by its IANA name (Asia/Kolkata; old names such as Asia/Calcutta too). One the service’s zone database does not know counts in UTC; the answer’s timeZone says which zone counted.',
      }),
    ),
  },
  { additionalProperties: false },
);
export const AuditQuery = Type.Object(
  { before: Type.Optional(Id), limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })) },
  { additionalProperties: false },
);

const Contacted = Nullable(Type.Object({ at: Time, by: Type.String() }));
const MarkEvent = Type.Object({ action: Type.Enum(['marked', 'undone']), by: Type.String(), at: Time });
const Marked = Type.Object({ contacted: Contacted, marks: Type.Array(MarkEvent) });
const Listed = Type.Object({
  id: Type.Integer(),
  createdAt: Time,
  agentId: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  call: Nullable(Type.Object({ status: Type.Enum(CALL_STATES), attempts: Type.Integer() })),
  contacted: Contacted,
});
const Csv = {
  description: 'CSV, streamed a page at a time.',
  headers: HEADERS.download,
  content: { 'text/csv': { schema: Type.String() } },
};
const reader = { ...NO_SESSION, ...BUSY };
/** A read the audit writes down (a download, a lead's page): the desk's own pages only. */
const auditedReader = { ...reader, ...NOT_SAME_ORIGIN };

export const LeadsRoute = route('GET', '/api/desk/leads', {
  summary: 'The leads, newest first, a page at a time',
  security: SESSION,
  querystring: LeadQuery,
  response: {
    ...ANY,
    200: Type.Object({
      leads: Type.Array(Listed),
      limit: Type.Integer(),
      nextCursor: Nullable(Type.String()),
      version: Type.String(),
    }),
    ...BAD_FILTER,
    ...reader,
  },
});
export const LeadsCsvRoute = route('GET', '/api/desk/leads.csv', {
  summary: 'The leads the filters show, as CSV',
  security: SESSION,
  querystring: LeadQuery,
  response: { ...ANY, 200: Csv, ...BAD_FILTER, ...auditedReader },
});
export const LeadRoute = route('GET', '/api/desk/leads/:id', {
  summary: 'One lead with its call, attempts, marks, consent proof and the demo it tried first',
  security: SESSION,
  params: IdParams,
  response: {
    ...ANY,
    200: Type.Object({
      lead: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
      call: Nullable(Type.Object({ status: Type.Enum(CALL_STATES) })),
      outcome: Nullable(Type.String()),
      contacted: Contacted,
      marks: Type.Array(MarkEvent),
      attempts: Type.Array(Type.Object({})),
      /** The web demo the lead's tab tried first (model/lead.ts `LeadDemo`), null when none. */
      demo: Nullable(
        Type.Object({
          sessionId: Type.String(),
          mode: Nullable(Type.Enum(['voice', 'text', 'hybrid'])),
          durationSeconds: Nullable(Type.Number({ minimum: 0 })),
        }),
      ),
    }),
    ...NOT_FOUND,
    ...auditedReader,
  },
});
const change = { ...NO_SESSION, ...BAD_ORIGIN, ...NOT_FOUND, ...BUSY };
export const MarkRoute = route('POST', '/api/desk/leads/:id/contacted', {
  summary: 'Mark a lead as contacted (the first mark stays)',
  security: SESSION,
  params: IdParams,
  response: { ...ANY, 200: Marked, ...change },
});
export const UnmarkRoute = route('DELETE', '/api/desk/leads/:id/contacted', {
  summary: 'Undo a lead’s contacted mark',
  security: SESSION,
  params: IdParams,
  response: { ...ANY, 200: Marked, ...change },
});
export const OverviewRoute = route('GET', '/api/desk/overview', {
  summary: 'The funnel, leads per day, outcomes by agent and campaign, figures per embed, and the web demos',
  security: SESSION,
  querystring: OverviewQuery,
  response: {
    ...ANY,
    200: Type.Object({
      from: Day,
      to: Day,
      timeZone: Type.String({ description: 'The zone leads per day are counted in, by its current IANA name.' }),
      funnel: Type.Record(Type.String(), Type.Integer()),
      perDay: Type.Array(Type.Object({ day: Day, leads: Type.Integer() })),
      byAgent: Type.Array(Type.Object({ key: Type.String(), outcomes: Type.Record(Type.String(), Type.Integer()) })),
      byCampaign: Type.Array(Type.Object({ key: Type.String(), outcomes: Type.Record(Type.String(), Type.Integer()) })),
      byEmbed: Type.Array(
        Type.Object({
          id: EmbedId,
          name: Type.String(),
          codesSent: Type.Integer(),
          verified: Type.Integer({ description: 'Phones verified.' }),
          leads: Type.Integer(),
          callsPlaced: Type.Integer(),
          demos: Type.Integer(),
        }),
        { description: 'Every embed, with what came from the pages that name it (UTC days): the most leads first.' },
      ),
      demos: DemoFiguresAnswer,
    }),
    ...BAD_FILTER,
    ...reader,
  },
});
const FeedbackRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  createdAt: Time,
});
export const DeskFeedbackRoute = route('GET', '/api/desk/feedback', {
  summary: 'The feedback, newest first',
  security: SESSION,
  querystring: RangeQuery,
  response: { ...ANY, 200: Type.Object({ feedback: Type.Array(FeedbackRow) }), ...BAD_FILTER, ...reader },
});
export const DeskFeedbackCsvRoute = route('GET', '/api/desk/feedback.csv', {
  summary: 'The feedback as CSV',
  security: SESSION,
  querystring: RangeQuery,
  response: { ...ANY, 200: Csv, ...BAD_FILTER, ...auditedReader },
});
export const ChangesRoute = route('GET', '/api/desk/changes', {
  summary: 'A figure that changes whenever the desk’s data does',
  security: SESSION,
  response: { ...ANY, 200: Type.Object({ version: Type.String() }), ...reader },
});
export const EraseRoute = route('DELETE', '/api/desk/leads/:id/personal-data', {
  summary: 'Erase a lead’s person from every lead with that number (admins only)',
  security: SESSION,
  params: IdParams,
  response: { ...ANY, 200: Type.Object({ erased: Type.Array(Type.Integer()) }), ...change },
});
export const AuditRoute = route('GET', '/api/desk/audit', {
  summary: 'The audit, newest first (admins only)',
  security: SESSION,
  querystring: AuditQuery,
  response: {
    ...ANY,
    200: Type.Object({
      entries: Type.Array(
        Type.Object({
          id: Type.Integer(),
          at: Time,
          actor: Type.String(),
          action: Type.String(),
          leadId: Nullable(Type.Integer()),
          detail: Nullable(Type.Object({})),
        }),
      ),
      next: Nullable(Type.String()),
    }),
    400: refusal('A filter that does not fit (`invalid-filter`).'),
    403: refusal('Agents may not read the audit (`admin-only`).'),
    ...reader,
  },
});

const Role = Type.Enum(['admin', 'agent']);
const ADMIN_ONLY = { 403: refusal('A change from another origin (`bad-origin`), or an agent (`admin-only`).') };
export const AccountsRoute = route('GET', '/api/desk/accounts', {
  summary: 'The desk’s accounts, their roles, live sessions and two-step sign-in (admins only)',
  security: SESSION,
  response: {
    ...ANY,
    200: Type.Object({
      accounts: Type.Array(
        Type.Object({
          id: Type.Integer(),
          email: Type.String(),
          role: Role,
          createdAt: Time,
          sessions: Type.Integer(),
          twoStep: Type.Enum(['on', 'off', 'required'], {
            description:
              'Two-step sign-in: `on`, `off`, or `required` (off, but DESK_REQUIRE_2FA requires it for this role: asked for at the next sign-in).',
          }),
        }),
      ),
    }),
    403: refusal('Agents may not see the accounts (`admin-only`).'),
    ...reader,
  },
});
export const RoleBody = Type.Object({ role: Role }, { additionalProperties: false });
export const RoleRoute = route('PUT', '/api/desk/accounts/:id/role', {
  summary: 'Give an account a role (admins only; the desk keeps at least one admin)',
  security: SESSION,
  params: IdParams,
  body: RoleBody,
  response: {
    ...ANY,
    200: Type.Object({ email: Type.String(), role: Role }),
    ...BODY_REFUSALS,
    ...NO_SESSION,
    ...ADMIN_ONLY,
    404: refusal('No such account (`not-found`).'),
    409: refusal('The only admin may not become an agent (`last-admin`).'),
    ...BUSY,
  },
});
export const PasswordBody = Type.Object(
  {
    current: Line({ minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX }),
    password: Line({ minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export const PasswordRoute = route('PUT', '/api/desk/password', {
  summary: 'Change one’s own password, giving the current one; one’s other sessions end',
  security: SESSION,
  body: PasswordBody,
  response: {
    ...ANY,
    200: Type.Object({ sessionsEnded: Type.Integer() }),
    ...BODY_REFUSALS,
    400: refusal(
      'The current password is wrong (`wrong-password`), the new one is refused with why (`weak-password`), or the body does not fit (`invalid`).',
    ),
    ...NO_SESSION,
    ...BAD_ORIGIN,
    429: limited('Too many wrong passwords (`locked`, with retryAt).'),
    ...BUSY,
  },
});

const SessionIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{16}$' }) });
export const SessionsRoute = route('GET', '/api/desk/sessions', {
  summary: 'One’s own live sessions: device, address, last seen (written at most once a minute)',
  security: SESSION,
  response: {
    ...ANY,
    200: Type.Object({
      sessions: Type.Array(
        Type.Object({
          id: Type.String(),
          device: Type.String(),
          address: Nullable(Type.String()),
          createdAt: Time,
          lastSeenAt: Time,
          expiresAt: Time,
          current: Type.Boolean(),
        }),
      ),
    }),
    ...reader,
  },
});
export const EndSessionRoute = route('DELETE', '/api/desk/sessions/:id', {
  summary: 'End one of one’s other sessions',
  security: SESSION,
  params: SessionIdParams,
  response: {
    ...ANY,
    204: Type.Null(),
    400: refusal('This very session (`current-session`: sign out instead), or an id that cannot be one (`not-found`).'),
    ...NO_SESSION,
    ...BAD_ORIGIN,
    404: refusal('None of one’s sessions has that id (`not-found`).'),
    ...BUSY,
  },
});
export const EndOtherSessionsRoute = route('DELETE', '/api/desk/sessions', {
  summary: 'End all of one’s other sessions',
  security: SESSION,
  response: { ...ANY, 200: Type.Object({ ended: Type.Integer() }), ...NO_SESSION, ...BAD_ORIGIN, ...BUSY },
});
