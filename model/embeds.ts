// An embed: one partner page or landing page the widgets run on, kept by the service (issue 54). Its
// origins decide which pages may use it, its brand names the consent sentence, its agents and countries
// what its forms offer. The rules here are pure: the service, the desk and the tests share them.
import { Type, type Static } from 'typebox';
import { AGENT_IDS, type AgentId } from './agents.ts';
import { Line, Shown } from './text.ts';

/** An embed's id: `emb_` and random base62 characters, made by the service. */
export const EMBED_ID_PATTERN = '^emb_[0-9A-Za-z]{16,40}$';
export const EmbedId = Type.String({ pattern: EMBED_ID_PATTERN, description: 'An embed’s id (emb_…).' });
export const EmbedParams = Type.Object({ id: EmbedId });

/** The languages an embed's consent sentence is registered in: every one the widgets speak. */
export const EMBED_LANGS = ['en', 'hi'] as const;
export type EmbedLang = (typeof EMBED_LANGS)[number];

export const EMBED_LIMITS = { name: 100, brandName: 100, origins: 50, origin: 300 };

const fields = {
  name: Shown({ minLength: 1, maxLength: EMBED_LIMITS.name }),
  origins: Type.Array(Line({ minLength: 1, maxLength: EMBED_LIMITS.origin }), {
    minItems: 1,
    maxItems: EMBED_LIMITS.origins,
  }),
  brandName: Shown({ minLength: 1, maxLength: EMBED_LIMITS.brandName }),
  agents: Type.Array(Type.Enum(AGENT_IDS), { minItems: 1, maxItems: 20 }),
  countries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { minItems: 1, maxItems: 300 }),
  active: Type.Boolean(),
};

/** `POST /api/desk/embeds`: agents and countries are all of them unless given; an embed is active unless said. */
export const EmbedBody = Type.Object(
  {
    name: fields.name,
    origins: fields.origins,
    brandName: fields.brandName,
    agents: Type.Optional(fields.agents),
    countries: Type.Optional(fields.countries),
    active: Type.Optional(fields.active),
  },
  { additionalProperties: false },
);
export type EmbedBody = Static<typeof EmbedBody>;

/** `PATCH /api/desk/embeds/:id`: the fields to change, the others kept. */
export const EmbedChangeBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    origins: Type.Optional(fields.origins),
    brandName: Type.Optional(fields.brandName),
    agents: Type.Optional(fields.agents),
    countries: Type.Optional(fields.countries),
    active: Type.Optional(fields.active),
  },
  { additionalProperties: false },
);
export type EmbedChange = Static<typeof EmbedChangeBody>;

/** An embed as the service keeps it (times as ISO 8601). */
export type Embed = {
  id: string;
  name: string;
  origins: string[];
  brandName: string;
  agents: AgentId[];
  countries: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
};

const WILDCARD = /^https:\/\/\*\.((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9])$/;

/**
 * An origin as an embed takes it: exactly `scheme://host[:port]` (http or https), or `https://*.example.com`
 * for every subdomain of example.com (not example.com itself); anything else refused with why, naming it.
 */
export function parseOrigin(value: string): { ok: true; origin: string } | { ok: false; reason: string } {
  const v = value.trim();
  const wrong = (why: string) => ({ ok: false as const, reason: `"${value}" ${why}` });
  const wildcard = WILDCARD.exec(v.toLowerCase());
  if (wildcard) return { ok: true, origin: `https://*.${wildcard[1]}` };
  if (v.includes('*'))
    return wrong('is not an origin: a wildcard is written https://*.example.com (https, one * before the domain).');
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return wrong('is not an origin: write it as scheme://host[:port], for example https://partner.example.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return wrong('is not an http or https origin (for example https://partner.example).');
  const rest = v.slice(v.indexOf('//') + 2);
  if (url.username || url.password || /[/?#]./.test(rest) || /[?#]$/.test(rest) || !url.hostname)
    return wrong(
      `is a page address, not an origin: only scheme://host[:port] is taken (here ${url.origin}), without a path, query or user.`,
    );
  return { ok: true, origin: url.origin };
}

/** Whether a request's `Origin` is one of `patterns` (exact origins, or https://*.domain for its subdomains). */
export function originMatches(patterns: readonly string[], origin: string | undefined | null): boolean {
  if (!origin || origin === 'null') return false;
  for (const pattern of patterns) {
    if (pattern === origin) return true;
    if (!pattern.startsWith('https://*.') || !origin.startsWith('https://')) continue;
    const domain = pattern.slice('https://*'.length);
    const host = origin.slice('https://'.length);
    if (host.endsWith(domain) && host.length > domain.length && /^[a-z0-9.-]+$/.test(host)) return true;
  }
  return false;
}

/** The version an embed's consent sentence is registered under: the embed's, its language's, its text's. */
export const embedConsentVersion = (embedId: string, lang: EmbedLang, sha256: string) =>
  `${embedId}.${lang}.${sha256.slice(0, 12)}`;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What a partner's developer pastes: the loader, the demo form, a voice card per agent and the feedback
 * form, each with the embed's id and the service's address (attribute names as the element manifest says).
 */
export function embedSnippet(embed: Pick<Embed, 'id' | 'brandName' | 'agents'>, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const common = `embed="${escape(embed.id)}" backend-url="${escape(`${base}/api`)}"`;
  return [
    `<script src="${escape(`${base}/dist/widgets/ai-widgets.js`)}" async></script>`,
    `<ai-demo-request ${common} brand-name="${escape(embed.brandName)}"></ai-demo-request>`,
    ...embed.agents.map((agent) => `<ai-voice-demo ${common} agent-id="${escape(agent)}"></ai-voice-demo>`),
    `<ai-feedback ${common}></ai-feedback>`,
  ].join('\n');
}
