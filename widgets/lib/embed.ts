import { endpoint } from './endpoint';
import type { Lang } from './lang';
import type { AgentId } from '../../model/agents';

/**
 * `embed="emb_…"`: the desk's record of the page the widget runs on. The widget asks the service
 * for it (`GET /api/embeds/{id}`) only when the visitor first reaches for it, never before first
 * paint and never without `embed`; one question per backend and id, whatever the number of widgets.
 */
export interface Embed {
  id: string;
  active: boolean;
  brandName: string;
  agents: AgentId[];
  countries: string[];
  consentText: string;
  consentVersion: string;
  consentTexts: Record<string, { text: string; version: string }>;
  allowed: boolean;
}

/** Why the widget cannot run here: the page's origin is not the embed's, no such embed, or it is paused. */
export type NotSetUpReason = 'not-allowed' | 'unknown' | 'paused';

/** What the question came to: the embed to follow, the reason it cannot run here, or no answer (an outage). */
export type EmbedAnswer =
  | { status: 'ready'; embed: Embed }
  | { status: 'not-set-up'; reason: NotSetUpReason }
  | {
      status: 'outage';
    };

const TIMEOUT_MS = 15_000;
const asked = new Map<string, Promise<EmbedAnswer>>();

async function ask(backendUrl: string, id: string): Promise<EmbedAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(endpoint(backendUrl, `embeds/${encodeURIComponent(id)}`), { signal: controller.signal });
    if (res.status === 404) return { status: 'not-set-up', reason: 'unknown' };
    if (!res.ok) return { status: 'outage' };
    const embed = (await res.json()) as Embed;
    if (!embed.allowed) return { status: 'not-set-up', reason: 'not-allowed' };
    if (!embed.active) return { status: 'not-set-up', reason: 'paused' };
    return { status: 'ready', embed };
  } catch {
    return { status: 'outage' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The embed's answer, asked once per page for each backend and id. An outage is not kept: the
 * next reach asks again rather than holding a failed answer for the page's life.
 */
export function loadEmbed(backendUrl: string, id: string): Promise<EmbedAnswer> {
  const key = `${backendUrl.replace(/\/+$/, '')} ${id}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = ask(backendUrl, id);
    asked.set(key, answer);
    void answer.then((a) => a.status === 'outage' && asked.get(key) === answer && asked.delete(key));
  }
  return answer;
}

/** For tests: forget every answer. */
export const forgetEmbeds = () => asked.clear();

/** The refusals of a POST that mean the same as a not-allowed or paused embed. */
export function notSetUpRefusal(error: string | undefined): NotSetUpReason | null {
  if (error === 'origin') return 'not-allowed';
  if (error === 'embed-paused') return 'paused';
  if (error === 'embed-unknown') return 'unknown';
  return null;
}

const warned = new Set<string>();
/** One note per page for each message: a page with three forms hears it once. */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

const origin = () => (typeof location === 'undefined' ? 'this page' : location.origin);

/** What the page's developer reads when the widget says it is not set up: the origin, the embed, what to do. */
export function warnNotSetUp(tag: string, id: string, reason: NotSetUpReason): void {
  const here = origin();
  const what =
    reason === 'unknown'
      ? `there is no embed "${id}"; copy the embed's snippet from the desk again`
      : reason === 'paused'
        ? `embed "${id}" is paused; make it active in the desk`
        : `${here} is not one of embed "${id}"'s origins; add ${here} to the embed's origins in the desk`;
  warnOnce(`<${tag}>: not set up for this page (${here}): ${what}. Nothing is sent.`);
}

/**
 * An attribute the embed decides: the page's value is ignored when it disagrees, with one note that
 * names the attribute and the embed's value.
 */
export function warnIgnored(tag: string, attribute: string, pageValue: string | undefined, embedValue: string): void {
  const value = pageValue?.trim();
  if (!value || value === embedValue) return;
  warnOnce(`<${tag}>: ${attribute}="${value}" is ignored: embed's value is "${embedValue}" (set it in the desk).`);
}

/** The consent sentence the embed registered for the widget's language (English when it has none in it). */
export function embedConsent(embed: Embed, lang: Lang): { text: string; version: string } {
  return (
    embed.consentTexts[lang] ?? embed.consentTexts.en ?? { text: embed.consentText, version: embed.consentVersion }
  );
}

/** A widget's embed, as its reducer holds it: no embed (`none`), not asked yet, its answer, or not set up here. */
export type EmbedState =
  | { status: 'none' }
  | { status: 'unasked' }
  | { status: 'asking' }
  | { status: 'ready'; embed: Embed }
  | { status: 'not-set-up'; reason: NotSetUpReason };

export type EmbedAction =
  | { type: 'embed-asked' }
  | { type: 'embed-answered'; answer: EmbedAnswer }
  /** A POST was refused for the page's origin (403 `origin`) or a paused embed (403 `embed-paused`). */
  | { type: 'not-set-up'; reason: NotSetUpReason };

/** The embed's part of a widget's reducer: an outage goes back to `unasked`, so the next reach asks again. */
export function embedReducer(state: EmbedState, action: EmbedAction): EmbedState {
  switch (action.type) {
    case 'embed-asked':
      return state.status === 'unasked' ? { status: 'asking' } : state;
    case 'embed-answered':
      if (state.status !== 'asking' && state.status !== 'unasked') return state;
      if (action.answer.status === 'outage') return { status: 'unasked' };
      return action.answer.status === 'ready'
        ? { status: 'ready', embed: action.answer.embed }
        : { status: 'not-set-up', reason: action.answer.reason };
    case 'not-set-up':
      return { status: 'not-set-up', reason: action.reason };
  }
}

/** The first embed state for a widget's props: `none` without `embed` (or without a service to ask). */
export const embedStart = (backendUrl: string | undefined, embed: string | undefined): EmbedState =>
  backendUrl?.trim() && embed?.trim() ? { status: 'unasked' } : { status: 'none' };

/** What every request carries: `embedId` in a POST's body (nothing without an embed). */
export const embedBody = (embed: string | undefined) => (embed?.trim() ? { embedId: embed.trim() } : {});
