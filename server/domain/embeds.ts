// Embeds (issue 54): making and changing them (the desk), the origins the service allows (its settings'
// and every active embed's, read again from the database every few seconds so a change made on any
// instance is in force on all), and the checks a request naming an embed passes before anything is
// made or sent: the embed exists, takes requests, from this page's origin, with its own consent
// sentence and agents. A request refused for its origin is counted, logged once a minute per origin
// and kept per day for the embed's desk page.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import { AGENT_IDS, type AgentId } from '../../model/agents.ts';
import { consentSentences } from '../../model/consent.ts';
import {
  EMBED_LANGS,
  embedConsentVersion,
  embedSnippet,
  originMatches,
  parseOrigin,
  type Embed,
  type EmbedBody,
  type EmbedChange,
} from '../../model/embeds.ts';
import type { EmbedConsent, Store } from '../storage/index.ts';
import type { Meter } from './meter.ts';
import { countryNames } from './phone.ts';
import { Refusal } from './refusal.ts';

/** How often each instance reads the active embeds' origins again: a change is in force within 10 s. */
export const ORIGINS_RELOAD_MS = 3_000;
const LOG_EVERY_MS = 60_000;
const DAY = 86_400_000;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `emb_` and 20 base62 characters from the system's random source (no bias: bytes past 247 are redrawn). */
function newEmbedId(): string {
  let id = '';
  while (id.length < 20) for (const byte of randomBytes(24)) if (byte < 248 && id.length < 20) id += BASE62[byte % 62];
  return `emb_${id}`;
}

/** The sentence of each language the widgets speak, built from the brand as BRAND_NAME's default is. */
export function embedConsents(embedId: string, brand: string): EmbedConsent[] {
  const sentences = consentSentences(brand.trim());
  return EMBED_LANGS.map((lang) => {
    const text = sentences[lang].normalize('NFC').trim();
    const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    return { lang, text, sha256, version: embedConsentVersion(embedId, lang, sha256) };
  });
}

export type EmbedCheck = {
  embedId?: string;
  origin: string | undefined;
  /** The consent sentence's version the form shows (`/api/otp`): one of the embed's. */
  consentVersion?: string;
  agentId?: AgentId;
};

export function embedService({
  config,
  store,
  log,
  now,
  meter,
}: {
  config: ServerConfig;
  store: Store;
  log: FastifyBaseLogger;
  now: () => number;
  meter: Meter;
}) {
  const own = config.corsOrigins;
  let fromEmbeds: string[] = [];
  const lastLogged = new Map<string, number>();

  async function reload() {
    const active = await store.embeds.activeOrigins();
    fromEmbeds = [...new Set(active.flatMap((e) => e.origins))];
  }
  let stopped = false;
  let loading: Promise<void> = reload().catch((error: unknown) => {
    log.warn({ err: error }, 'the embeds’ origins could not be read: read again in a few seconds');
  });
  const timer = setInterval(() => {
    loading = reload().catch((error: unknown) => {
      if (!stopped) log.warn({ err: error }, 'the embeds’ origins could not be read again: the last ones stay');
    });
  }, ORIGINS_RELOAD_MS);
  timer.unref();

  const allows = (origin: string | undefined) => originMatches(own, origin) || originMatches(fromEmbeds, origin);

  /** Counts, logs (once a minute per origin) and keeps, per day, a page refused for its origin. */
  function noteRefused(origin: string | undefined, embedId: string | null) {
    meter.originRefused(embedId ?? 'none');
    const page = (origin ?? '(none)').slice(0, 300);
    const at = now();
    if ((lastLogged.get(page) ?? -Infinity) <= at - LOG_EVERY_MS) {
      if (lastLogged.size > 10_000) lastLogged.clear();
      lastLogged.set(page, at);
      log.warn(
        { origin: page, embedId },
        embedId
          ? 'a page not among its embed’s origins was refused: add its origin to the embed in the desk if it is the partner’s'
          : 'a page whose origin is neither PUBLIC_URL’s, in CORS_ORIGINS nor any active embed’s was refused',
      );
    }
    store.embeds.refused({ embedId, origin: page, now: at }).catch((error: unknown) => {
      log.warn({ err: error }, 'a refused origin could not be counted');
    });
  }

  /** The refusal of a page for its origin, noted. */
  function refused(origin: string | undefined, embedId: string | null, message: string) {
    noteRefused(origin, embedId);
    return new Refusal(403, 'origin', message);
  }

  const unknown = () =>
    new Refusal(404, 'embed-unknown', 'This form is not set up on our service (its embed is unknown).');

  function cleaned(body: EmbedBody, id: string): Omit<Embed, 'createdAt' | 'updatedAt'> {
    const name = body.name.trim();
    const brandName = body.brandName.trim().replace(/\s+/g, ' ');
    if (!name) throw new Refusal(400, 'invalid', 'Give the embed a name.', { field: 'name' });
    if (!brandName) throw new Refusal(400, 'invalid', 'Give the brand its name.', { field: 'brandName' });
    const origins: string[] = [];
    for (const value of body.origins) {
      const parsed = parseOrigin(value);
      if (!parsed.ok) throw new Refusal(400, 'origins', parsed.reason, { field: 'origins' });
      if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
    }
    const countries = [...new Set(body.countries ?? config.otp.countries)];
    const outside = countries.filter((c) => !config.otp.countries.includes(c));
    if (outside.length)
      throw new Refusal(
        400,
        'countries',
        `${outside.join(', ')} ${outside.length > 1 ? 'are' : 'is'} not among the countries codes are sent to (OTP_COUNTRIES: ${config.otp.countries.join(', ')}).`,
        { field: 'countries' },
      );
    const agents = AGENT_IDS.filter((a) => (body.agents ?? AGENT_IDS).includes(a));
    return { id, name, origins, brandName, agents, countries, active: body.active ?? true };
  }

  /** An embed as the desk reads it: with its consent sentences (the English one apart) and its snippet. */
  function answer(embed: Embed) {
    const consents = embedConsents(embed.id, embed.brandName);
    const english = consents.find((c) => c.lang === 'en')!;
    return {
      ...embed,
      consentText: english.text,
      consentVersion: english.version,
      consentTexts: Object.fromEntries(consents.map((c) => [c.lang, { text: c.text, version: c.version }])),
      snippet: embedSnippet(embed, config.publicUrl),
    };
  }

  /** Every sentence an embed's brands made, by version: the only ones its leads may carry. */
  const consents = async (embedId: string): Promise<Record<string, string>> =>
    Object.fromEntries((await store.embeds.consents({ embedId })).map((c) => [c.version, c.text]));

  return {
    answer,
    allows,
    refused,
    noteRefused,
    /** Every origin allowed now: the settings' and each active embed's (the desk's lists of them). */
    allowedOrigins: () => [...new Set([...own, ...fromEmbeds])],
    /** Reads the embeds' origins now (after a change here; the others read them within ORIGINS_RELOAD_MS). */
    reload: async () => {
      await loading;
      await reload();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },

    async add(body: EmbedBody) {
      const embed = cleaned(body, newEmbedId());
      const made = await store.embeds.add({ embed, consents: embedConsents(embed.id, embed.brandName), now: now() });
      await reload();
      return made;
    },

    async change(id: string, body: EmbedChange) {
      const found = await store.embeds.get({ id });
      if (!found) throw new Refusal(404, 'not-found', 'There is no such embed.');
      const embed = cleaned({ ...found, ...body }, id);
      const changed = await store.embeds.change({ embed, consents: embedConsents(id, embed.brandName), now: now() });
      if (!changed) throw new Refusal(404, 'not-found', 'There is no such embed.');
      await reload();
      return { before: found, after: changed };
    },

    /** The refused origins of the embed's last 7 days, most refused first. */
    refusedOrigins: (embedId: string) =>
      store.embeds.refusedOrigins({ embedId, since: new Date(now() - 6 * DAY).toISOString().slice(0, 10) }),

    /**
     * A request that names an embed: the embed, once it exists, takes requests, from this page's origin,
     * with one of its consent sentences and an agent it offers; null for a request naming none.
     */
    async check({ embedId, origin, consentVersion, agentId }: EmbedCheck): Promise<Embed | null> {
      if (embedId === undefined) return null;
      const embed = await store.embeds.get({ id: embedId });
      if (!embed) throw unknown();
      if (!embed.active)
        throw new Refusal(
          403,
          'embed-paused',
          'This form is paused by its owner: nothing can be sent from it right now. Please try again later or contact the site’s owner.',
        );
      if (!originMatches(embed.origins, origin))
        throw refused(
          origin,
          embed.id,
          'This form is not set up for this page, so nothing was sent. The site’s owner can allow this page in the sales desk.',
        );
      if (agentId !== undefined && !embed.agents.includes(agentId))
        throw new Refusal(
          400,
          'unknown-agent',
          'This demo agent is not offered on this page. Choose one of the others.',
        );
      if (consentVersion !== undefined && !(await consents(embed.id))[consentVersion])
        throw new Refusal(
          400,
          'consent-text',
          'The consent sentence on this form is not one set up for it, so nothing was sent. The site’s owner needs to update the form.',
        );
      return embed;
    },

    consents,

    /** The phone's country is one the embed offers (its countries are a subset of OTP_COUNTRIES). */
    checkCountry(embed: Embed | null, country: string) {
      if (embed && !embed.countries.includes(country))
        throw new Refusal(
          400,
          'country-not-allowed',
          `This form takes numbers in ${countryNames(embed.countries)} only.`,
        );
    },
  };
}

export type EmbedService = ReturnType<typeof embedService>;
