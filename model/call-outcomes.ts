// How a demo call went, in the words the desk shows, decided once from the call's state and the voice
// provider's ended reason. The service stores the word beside the call (and counts it per day); the desk
// and the CRM read the same table.
import type { CallState } from './calls.ts';

/** How a call went, as one word (stored in calls.outcome). */
export type Outcome =
  | 'waiting'
  | 'scheduled'
  | 'retrying'
  | 'calling'
  | 'answered'
  | 'no-answer'
  | 'voicemail'
  | 'busy'
  | 'failed'
  | 'not-set-up'
  | 'do-not-call';

/** Each outcome's words and whether a person should call the lead themselves (the To call list). */
export const OUTCOMES: Record<Outcome, { label: string; toCall: boolean; final: boolean }> = {
  waiting: { label: 'Waiting to call', toCall: false, final: false },
  scheduled: { label: 'Scheduled', toCall: false, final: false },
  retrying: { label: 'Retrying', toCall: false, final: false },
  calling: { label: 'Calling', toCall: false, final: false },
  answered: { label: 'Answered', toCall: false, final: true },
  'no-answer': { label: 'No answer', toCall: true, final: true },
  voicemail: { label: 'Voicemail', toCall: true, final: true },
  busy: { label: 'Busy', toCall: true, final: true },
  failed: { label: 'Failed', toCall: true, final: true },
  'not-set-up': { label: 'Calls not set up', toCall: true, final: true },
  'do-not-call': { label: 'Not called: do-not-call', toCall: false, final: true },
};
export const OUTCOME_IDS = Object.keys(OUTCOMES) as Outcome[];
/** The outcomes that put a lead not yet contacted on the To call list. */
export const TO_CALL_OUTCOMES = OUTCOME_IDS.filter((o) => OUTCOMES[o].toCall);

/**
 * The provider's ended reasons (hundreds, named like `customer-did-not-answer`, `call.start.error-…`)
 * by what each part of the name says, first match wins; any other end is a conversation that happened.
 * Written as substrings so that SQL (LIKE) can apply the same rules to rows stored before.
 */
export const ENDED_REASON_RULES: readonly [substring: string, outcome: Outcome][] = [
  ['did-not-answer', 'no-answer'],
  ['no-answer', 'no-answer'],
  ['voicemail', 'voicemail'],
  ['busy', 'busy'],
  ['error', 'failed'],
  ['failed', 'failed'],
  ['fault', 'failed'],
  ['canceled', 'failed'],
  ['cancelled', 'failed'],
];

/** Why a call was never placed (calls.failure_reason) when it was not a failure of the call itself. */
export const FAILURE_REASON_OUTCOMES: Readonly<Record<string, Outcome>> = {
  suppressed: 'do-not-call',
  'not-configured': 'not-set-up',
};

export function endedOutcome(endedReason: string | null | undefined): Outcome {
  const reason = (endedReason ?? '').toLowerCase();
  return ENDED_REASON_RULES.find(([part]) => reason.includes(part))?.[1] ?? 'answered';
}

/** The one word for a call in this state. */
export function outcomeOf({
  status,
  endedReason,
  failureReason,
}: {
  status: CallState;
  endedReason?: string | null;
  failureReason?: string | null;
}): Outcome {
  switch (status) {
    case 'pending':
      return 'waiting';
    case 'scheduled':
      return 'scheduled';
    case 'retrying':
      return 'retrying';
    case 'placed':
      return 'calling';
    case 'not-configured':
      return 'not-set-up';
    case 'ended':
      return endedOutcome(endedReason);
    case 'failed':
      return FAILURE_REASON_OUTCOMES[failureReason ?? ''] ?? 'failed';
  }
}

/** The provider's success evaluation ("true", "false", a score) as yes, no or unknown. */
export function successOf(evaluation: string | null | undefined): boolean | null {
  const v = (evaluation ?? '').trim().toLowerCase();
  if (['true', 'yes', 'pass', 'passed', 'success', 'successful'].includes(v)) return true;
  if (['false', 'no', 'fail', 'failed', 'unsuccessful'].includes(v)) return false;
  return null;
}

/** Success in words for the desk. */
export function successWords(evaluation: string | null | undefined): string | null {
  if (!evaluation) return null;
  const success = successOf(evaluation);
  return success === true
    ? 'Successful: the call met its goal'
    : success === false
      ? 'Not successful'
      : `Rated ${evaluation}`;
}

/** A duration as m:ss (154 → 2:34). */
export function minutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
