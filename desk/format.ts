import { AGENT_TITLES } from '../model/agents';
import { CALL_STATE_WORDS, type CallState } from '../model/calls';

export const AGENTS: Record<string, string> = AGENT_TITLES;
export const CALL_STATES: Record<CallState, string> = CALL_STATE_WORDS;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const clock = (iso: string) => time.format(new Date(iso));

/** A phone number in E.164 as a person reads it: +91 98765 43210 (India), else grouped in threes. */
export function phone(e164: string) {
  const india = /^\+91(\d{5})(\d{5})$/.exec(e164);
  if (india) return `+91 ${india[1]} ${india[2]}`;
  return e164;
}

export const agentName = (id: string) => AGENTS[id] ?? id;

/** One line for a call's outcome in the list. */
export function outcome(call: { status: CallState; summary: string | null; endedReason: string | null; failureReason: string | null; callAt: string | null } | null) {
  if (!call) return '—';
  if (call.summary) return call.summary;
  if (call.status === 'ended') return call.endedReason ? `Ended: ${call.endedReason}` : 'Ended';
  if (call.status === 'failed') return call.failureReason ? `Not called: ${call.failureReason}` : 'Not called';
  if (call.status === 'scheduled' && call.callAt) return `Calls at ${when(call.callAt)}`;
  return '—';
}
