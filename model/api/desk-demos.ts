// The desk's demo contracts (issue 46, docs/desk.md): the list of web demos, one demo with its
// conversation and the lead that followed it, and the overview's demo figures.
import { EmbedId } from '../embeds.ts';
import { Type } from 'typebox';
import { AGENT_IDS } from '../agents.ts';
import { DEMO_MODES } from '../demos.ts';
import { Line } from '../text.ts';
import { ANY, BAD_FILTER, BUSY, NO_SESSION, Nullable, refusal } from './answers.ts';
import { route } from './route.ts';

const SESSION = [{ deskSession: [] }];
const Day = Type.String({ format: 'date' });
const DayOrTime = Type.Union([Day, Type.String({ format: 'date-time' })]);
const Time = Type.String({ format: 'date-time' });

/** A demo's id as the gate made it (a UUID), or any id of at most 64 letters, digits and hyphens. */
export const DEMO_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$';
/** The list's cursor: the last demo shown, its time (epoch ms) and id. */
export const DEMO_CURSOR_PATTERN = '^[0-9]{1,15}~[A-Za-z0-9-]{1,64}$';

export const DemoQuery = Type.Object(
  {
    from: Type.Optional(DayOrTime),
    to: Type.Optional(DayOrTime),
    agent: Type.Optional(Type.Enum(AGENT_IDS)),
    origin: Type.Optional(Line({ minLength: 1, maxLength: 200 })),
    mode: Type.Optional(Type.Enum(DEMO_MODES)),
    embed: Type.Optional(EmbedId),
    cursor: Type.Optional(Type.String({ pattern: DEMO_CURSOR_PATTERN })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,1}$|^100$' })),
  },
  { additionalProperties: false },
);

const demoFields = {
  id: Type.String(),
  createdAt: Time,
  agentId: Nullable(Type.String()),
  mode: Type.String(),
  origin: Type.String(),
  pageUrl: Nullable(Type.String()),
  endedAt: Nullable(Time),
  durationSeconds: Nullable(Type.Number()),
  endedReason: Nullable(Type.String()),
};
const reader = { ...NO_SESSION, ...BUSY };

export const DemosRoute = route('GET', '/api/desk/demos', {
  summary: 'The web demos, newest first, a page at a time',
  security: SESSION,
  querystring: DemoQuery,
  response: {
    ...ANY,
    200: Type.Object({
      demos: Type.Array(Type.Object({ ...demoFields, leadId: Nullable(Type.Integer()) })),
      limit: Type.Integer(),
      nextCursor: Nullable(Type.String()),
      origins: Type.Array(Type.String(), { description: 'The origins the gate serves (the origin filter’s choices).' }),
    }),
    ...BAD_FILTER,
    ...reader,
  },
});

export const DemoRoute = route('GET', '/api/desk/demos/:id', {
  summary: 'One web demo with its summary, transcript and the lead that followed it',
  security: SESSION,
  params: Type.Object({ id: Type.String({ pattern: DEMO_ID_PATTERN }) }),
  response: {
    ...ANY,
    200: Type.Object({
      ...demoFields,
      summary: Nullable(Type.String()),
      transcript: Nullable(Type.String()),
      lead: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), createdAt: Time })),
    }),
    404: refusal('No such demo (`not-found`); an id that cannot be one too.'),
    ...reader,
  },
});

/** The overview's demo figures (GET /api/desk/overview's `demos`). */
export const DemoFiguresAnswer = Type.Object({
  total: Type.Integer(),
  followed: Type.Integer({ description: 'Demos of the period a lead named afterwards.' }),
  perDay: Type.Array(Type.Object({ day: Day, demos: Type.Integer() })),
  byPage: Type.Array(Type.Object({ page: Type.String(), demos: Type.Integer(), followed: Type.Integer() })),
});
