// Embeds (issue 54): the partner pages the widgets run on, their consent sentences (kept forever, as the
// proof of what their leads saw) and the origins refused for them, counted per UTC day.
import type { AgentId } from '../../../model/agents.ts';
import type { Embed, EmbedLang } from '../../../model/embeds.ts';
import { db, num, one, query, reads } from '../query.ts';
import type { Int, Big } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface EmbedsTable {
  id: string;
  name: string;
  /** JSON arrays as text. */
  origins: string;
  brand_name: string;
  agents: string;
  countries: string;
  active: Generated<Int>;
  created_ms: Big;
  updated_ms: Big;
}
export interface EmbedConsentsTable {
  embed_id: string;
  lang: string;
  version: string;
  text: string;
  sha256: string;
  created_ms: Big;
}
export interface EmbedRefusalsTable {
  /** The embed's id (or none), the origin and the day, joined: one row each. */
  key: string;
  embed_id: string | null;
  origin: string;
  day: string;
  n: Big;
  last_ms: Big;
}
declare module '../schema.ts' {
  interface Database {
    embeds: EmbedsTable;
    embed_consents: EmbedConsentsTable;
    embed_refusals: EmbedRefusalsTable;
  }
}

export type EmbedInput = Omit<Embed, 'createdAt' | 'updatedAt'>;
export type EmbedConsent = { lang: EmbedLang; version: string; text: string; sha256: string };
export type RefusedOrigin = { origin: string; count: number; lastAt: string };

const COLUMNS = [
  'id',
  'name',
  'origins',
  'brand_name',
  'agents',
  'countries',
  'active',
  'created_ms',
  'updated_ms',
] as const;

const list = (text: unknown): string[] => {
  const parsed: unknown = JSON.parse(String(text ?? '[]'));
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

const embedOf = (r: Record<string, unknown>): Embed => ({
  id: String(r.id),
  name: String(r.name),
  origins: list(r.origins),
  brandName: String(r.brand_name),
  agents: list(r.agents) as AgentId[],
  countries: list(r.countries),
  active: num(r.active) === 1,
  createdAt: new Date(num(r.created_ms)).toISOString(),
  updatedAt: new Date(num(r.updated_ms)).toISOString(),
});

const values = (e: EmbedInput) => ({
  name: e.name,
  origins: JSON.stringify(e.origins),
  brand_name: e.brandName,
  agents: JSON.stringify(e.agents),
  countries: JSON.stringify(e.countries),
  active: e.active ? 1 : 0,
});

/** Registers sentences (a version already kept stays as it was first written). */
function* keepConsents(embedId: string, consents: EmbedConsent[], now: number) {
  if (!consents.length) return;
  yield* one(
    db
      .insertInto('embed_consents')
      .values(consents.map((c) => ({ embed_id: embedId, ...c, created_ms: now })))
      .onConflict((oc) => oc.columns(['embed_id', 'version']).doNothing()),
  );
}

export const embeds = {
  /** A new embed with its consent sentences, in one transaction. */
  *add({ embed, consents, now }: { embed: EmbedInput; consents: EmbedConsent[]; now: number }) {
    yield* one(db.insertInto('embeds').values({ id: embed.id, ...values(embed), created_ms: now, updated_ms: now }));
    yield* keepConsents(embed.id, consents, now);
    return embedOf((yield* one(db.selectFrom('embeds').select(COLUMNS).where('id', '=', embed.id)))!);
  },

  /** An embed changed, with the sentences its (new) brand made; null when there is no such embed. */
  *change({ embed, consents, now }: { embed: EmbedInput; consents: EmbedConsent[]; now: number }) {
    const changed = yield* query(
      db
        .updateTable('embeds')
        .set({ ...values(embed), updated_ms: now })
        .where('id', '=', embed.id)
        .returning(COLUMNS),
    );
    if (!changed[0]) return null;
    yield* keepConsents(embed.id, consents, now);
    return embedOf(changed[0]);
  },

  get: reads(function* ({ id }: { id: string }) {
    const row = yield* one(db.selectFrom('embeds').select(COLUMNS).where('id', '=', id));
    return row ? embedOf(row) : null;
  }),

  /** Every embed, newest first: there are tens or hundreds, never a page's worth of thousands. */
  list: reads(function* () {
    return (yield* query(db.selectFrom('embeds').select(COLUMNS).orderBy('created_ms', 'desc').orderBy('id'))).map(
      embedOf,
    );
  }),

  /** The origins of every active embed, by embed (what the service allows beside its settings). */
  activeOrigins: reads(function* () {
    const rows = yield* query(db.selectFrom('embeds').select(['id', 'origins']).where('active', '=', 1));
    return rows.map((r) => ({ id: String(r.id), origins: list(r.origins) }));
  }),

  /** Every sentence the embed's brands made, oldest first: the versions its forms may show. */
  consents: reads(function* ({ embedId }: { embedId: string }) {
    const rows = yield* query(
      db
        .selectFrom('embed_consents')
        .select(['lang', 'version', 'text', 'sha256'])
        .where('embed_id', '=', embedId)
        .orderBy('created_ms')
        .orderBy('version'),
    );
    return rows.map((r): EmbedConsent => ({
      lang: r.lang as EmbedLang,
      version: String(r.version),
      text: String(r.text),
      sha256: String(r.sha256),
    }));
  }),

  /** Counts a refused origin for its embed (or none) and UTC day. */
  *refused({ embedId, origin, now }: { embedId: string | null; origin: string; now: number }) {
    const day = new Date(now).toISOString().slice(0, 10);
    yield* one(
      db
        .insertInto('embed_refusals')
        .values({ key: `${embedId ?? ''} ${origin} ${day}`, embed_id: embedId, origin, day, n: 1, last_ms: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            n: eb(eb.ref('embed_refusals.n'), '+', 1),
            last_ms: eb.ref('excluded.last_ms'),
          })),
        ),
    );
  },

  /** The origins refused for an embed since `since` (a UTC day), most refused first. */
  refusedOrigins: reads(function* ({ embedId, since }: { embedId: string; since: string }) {
    const rows = yield* query(
      db
        .selectFrom('embed_refusals')
        .select((eb) => ['origin', eb.fn.sum<number>('n').as('count'), eb.fn.max('last_ms').as('last')])
        .where('embed_id', '=', embedId)
        .where('day', '>=', since)
        .groupBy('origin')
        .orderBy('count', 'desc')
        .orderBy('origin')
        .limit(100),
    );
    return rows.map((r): RefusedOrigin => ({
      origin: String(r.origin),
      count: num(r.count),
      lastAt: new Date(num(r.last)).toISOString(),
    }));
  }),
};
