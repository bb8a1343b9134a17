// How the desk writes times, numbers, agents and outcomes. The agents' names and the outcome words come
// from the model (one table for the service, the CRM and the desk).
import { AGENT_TITLES } from '../model/agents';
import { minutesSeconds, OUTCOMES, outcomeOf, successWords, type Outcome } from '../model/call-outcomes';
import type { CallState } from '../model/calls';

export { minutesSeconds, successWords, OUTCOMES, type Outcome };

export const AGENTS: Record<string, string> = AGENT_TITLES;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const clock = (iso: string) => time.format(new Date(iso));

/** "5 minutes ago", "yesterday", "in 2 hours": the exact time goes beside it (a title, a <time>). */
export function ago(iso: string, now = Date.now()) {
  const seconds = (Date.parse(iso) - now) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    abs < 3600
      ? [seconds / 60, 'minute']
      : abs < 86_400
        ? [seconds / 3600, 'hour']
        : abs < 86_400 * 30
          ? [seconds / 86_400, 'day']
          : [seconds / (86_400 * 30), 'month'];
  return relative.format(Math.round(value), unit);
}

/** The viewer's own date (YYYY-MM-DD), for file names. */
export function localDay(date = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A phone number in E.164 as a person reads it: +91 98765 43210 (India), else as stored. */
export function phone(e164: string) {
  const india = /^\+91(\d{5})(\d{5})$/.exec(e164);
  if (india) return `+91 ${india[1]} ${india[2]}`;
  return e164;
}

export const agentName = (id: string) => AGENTS[id] ?? id;

type CallLike = {
  status: CallState;
  outcome?: string | null;
  endedReason?: string | null;
  failureReason?: string | null;
} | null;

/** The call's outcome word (stored by the service; worked out the same way for an answer without one). */
export function outcomeIdOf(call: CallLike): Outcome | null {
  if (!call) return null;
  return call.outcome && call.outcome in OUTCOMES ? (call.outcome as Outcome) : outcomeOf(call);
}

/** Why a call was never placed, in words. */
export const FAILURE_WORDS: Record<string, string> = {
  suppressed: 'The number is on the do-not-call list.',
  'not-configured': 'Demo calls are not set up on this service.',
  'max-attempts': 'No attempt got through.',
  'provider-refused': 'The voice provider refused the call.',
  'not-retried': 'The call could not be placed.',
};

/** A count with its noun: 1 session, 2 sessions. */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
