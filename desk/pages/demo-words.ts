// How the desk words a web demo: its length, its agent, how it ended and where it was held.
import { DEMO_MODE_WORDS, type DemoMode } from '../../model/demos';
import type { LeadDemo } from '../../model/lead';
import { agentName } from '../format';

/** A demo's length in whole seconds as a person says it: "2 min 10 s", "2 min", "45 s". */
export function demoLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [min, s] = [Math.floor(whole / 60), whole % 60];
  return min ? `${min} min${s ? ` ${s} s` : ''}` : `${s} s`;
}

/** The agent a demo talked as; the site's own assistant has none. */
export const demoAgent = (agentId: string | null) => (agentId ? agentName(agentId) : 'Site assistant');

export const modeWords = (mode: string) => DEMO_MODE_WORDS[mode as DemoMode] ?? mode;

/** How long it lasted, or why that is not known yet. */
export const lengthWords = (d: { durationSeconds: number | null; endedAt: string | null }) =>
  d.durationSeconds !== null ? demoLength(d.durationSeconds) : d.endedAt ? 'Ended' : 'No report yet';

/** The provider's ended reason in words: "customer-ended-call" as "Customer ended call". */
export const endedWords = (reason: string | null) =>
  reason ? reason.charAt(0).toUpperCase() + reason.slice(1).replace(/[-_.]+/g, ' ') : null;

/** A page's address without its scheme, query or fragment: what a person recognises. */
export function pageWords(pageUrl: string | null, origin: string): string {
  try {
    const url = new URL(pageUrl ?? origin);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return pageUrl ?? origin;
  }
}

/**
 * What a lead's page says of the demo its tab tried before asking: "Tried the demo for 2 min 10 s first", or
 * without the length while its report has not come (or once the demo is gone with DEMO_RETENTION_DAYS: the
 * lead still tried it). Null when the lead's tab tried no demo.
 */
export function demoWords(demo: LeadDemo | null | undefined): string | null {
  if (!demo) return null;
  return demo.durationSeconds === null
    ? 'Tried the demo first'
    : `Tried the demo for ${demoLength(demo.durationSeconds)} first`;
}
