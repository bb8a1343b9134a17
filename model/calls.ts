// A lead's demo call: the states the service keeps and the answer a visitor is given (the team's words
// for how a call went are call-outcomes.ts'). Declared once for the service, the desk and the widgets.

/** Where a lead's call stands, as stored. */
export const CALL_STATES = ['scheduled', 'pending', 'retrying', 'placed', 'ended', 'failed', 'not-configured'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** What the visitor is told of the call when a lead is taken: the five words of the API. */
export const CALL_ANSWERS = ['placed', 'scheduled', 'retrying', 'failed', 'not-configured'] as const;
export type CallAnswer = (typeof CALL_ANSWERS)[number];

/**
 * The answer to `POST /api/demo-requests`: the lead, what will happen to its call, and `callAt` (ISO 8601)
 * only with `scheduled`. A repeat request (`duplicate`) of a `placed` call carries `calledAt` (ISO 8601),
 * when it was placed, so the form says what already happened (#34).
 */
export type LeadAnswer = { id: number; call: CallAnswer; callAt?: string; calledAt?: string; duplicate?: true };

/** The answer for each stored state . */
export const ANSWER_OF_STATE: Record<CallState, CallAnswer> = {
  placed: 'placed',
  ended: 'placed',
  // Still being placed when the answer had to go: the worker keeps at it.
  pending: 'retrying',
  scheduled: 'scheduled',
  retrying: 'retrying',
  failed: 'failed',
  'not-configured': 'not-configured',
};

/** The demo call of a lead and how it went (times as ISO 8601). */
export type Call = {
  status: CallState;
  callAt: string | null;
  attempts: number;
  lastError: string | null;
  failureReason: string | null;
  providerCallId: string | null;
  providerStatus: string | null;
  endedReason: string | null;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  summary: string | null;
  successEvaluation: string | null;
  transcript: string | null;
  recordingUrl: string | null;
};
