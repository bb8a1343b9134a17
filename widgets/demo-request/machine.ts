import type { AgentId } from './agents';
import { visibleLength } from '../lib/length';
import { NAME_MAX } from './contract';
import type { LeadAnswer as LeadStored } from '../../model/calls';
import { embedReducer, type EmbedAction, type EmbedState } from '../lib/embed';

/**
 * The phone's verification steps. Without a backend (demo mode) Get OTP and Verify move between
 * `unverified`, `otp-requested` and `verified` on the press alone; with one, `sending-code` and
 * `verifying` stand for the requests under way.
 */
export type PhoneStatus = 'unverified' | 'sending-code' | 'otp-requested' | 'verifying' | 'verified';

/**
 * Get a Call. With a backend: the lead on its way, or sent with the call's outcome. In demo mode,
 * `requested`: the page has the lead as an event, until the visitor changes what it was for.
 */
export type Submission =
  { status: 'idle' } | { status: 'requested' } | { status: 'submitting' } | ({ status: 'done' } & LeadStored);

/**
 * Something the visitor should read and act on, shown where it happened. `focus` names the control
 * to fix when it is not the one pressed (the number, or the bot check above Get OTP).
 */
export type Problem = {
  where: 'name' | 'phone' | 'code' | 'submit';
  message: string;
  newCode?: boolean;
  focus?: 'phone' | 'challenge';
};

export interface DemoRequestState {
  agentId: AgentId | null;
  name: string;
  /** E.164 (`+919876543210`), or '' while the field holds no number. */
  phone: string;
  otp: string;
  /** The code in the field was checked already: a complete code checks itself once, never again unchanged. */
  codeChecked: boolean;
  phoneStatus: PhoneStatus;
  consent: boolean;
  /** ISO 8601 time of the last tick, sent with the lead as `consentedAt`; null while unticked. */
  consentedAt: string | null;
  /** With a backend: the number the code went to, as the service wrote it (`+91 98765 43210`). */
  codeSentTo: string | null;
  /** Epoch ms from which another code may be asked for. */
  resendAt: number | null;
  /** The service's proof that `phone` was verified. */
  token: string | null;
  problem: Problem | null;
  submission: Submission;
  /** `embed`: the desk's record the form follows, or `not-set-up` here (then nothing is sent). */
  embed: EmbedState;
}

export type DemoRequestAction =
  | { type: 'select'; agentId: AgentId }
  | { type: 'name'; value: string }
  | { type: 'phone'; value: string }
  | { type: 'otp'; value: string }
  | { type: 'request-otp' }
  | { type: 'verify' }
  /** Enter in the phone field while it holds no number: the words say what to do. */
  | { type: 'phone-missing'; message: string }
  | { type: 'consent'; value: boolean; at?: string }
  | { type: 'request-demo' }
  | { type: 'code-requested' }
  | { type: 'code-sent'; display: string; resendAt: number }
  | { type: 'code-refused'; message: string; resendAt?: number; focus?: Problem['focus'] }
  | { type: 'check-started' }
  | { type: 'checked'; token: string }
  | { type: 'check-refused'; message: string; newCode: boolean }
  | { type: 'submit-started' }
  | ({ type: 'submit-done' } & LeadStored)
  | { type: 'submit-refused'; message: string; reverify: boolean; field?: 'name' }
  | { type: 'start-over' }
  | EmbedAction;

export const initialDemoRequestState: DemoRequestState = {
  agentId: null,
  name: '',
  phone: '',
  otp: '',
  codeChecked: false,
  phoneStatus: 'unverified',
  consent: false,
  consentedAt: null,
  codeSentTo: null,
  resendAt: null,
  token: null,
  problem: null,
  submission: { status: 'idle' },
  embed: { status: 'none' },
};

const unverified = {
  otp: '',
  codeChecked: false,
  phoneStatus: 'unverified',
  codeSentTo: null,
  resendAt: null,
  token: null,
} as const;

/** A demo-mode request belongs to the lead it was made for: any change to it takes the thanks away. */
const edited = (state: DemoRequestState): DemoRequestState =>
  state.submission.status === 'requested' ? { ...state, submission: { status: 'idle' } } : state;

/** Not set up for this page: nothing is sent, so no code is asked for and no lead goes out. */
export const notSetUp = (state: DemoRequestState) => state.embed.status === 'not-set-up';

export function demoRequestReducer(state: DemoRequestState, action: DemoRequestAction): DemoRequestState {
  switch (action.type) {
    case 'embed-asked':
    case 'embed-answered':
    case 'not-set-up': {
      const embed = embedReducer(state.embed, action);
      if (embed === state.embed) return state;
      // The embed decides the agents: a card chosen before its answer that it does not offer is unchosen
      // (the shell drew all four; the card goes, and a lead for it would be refused).
      if (embed.status === 'ready')
        return state.agentId && !embed.embed.agents.includes(state.agentId)
          ? { ...state, embed, agentId: null }
          : { ...state, embed };
      // A refusal for the origin ends what was under way: the words say why, not a network problem.
      if (embed.status !== 'not-set-up') return { ...state, embed };
      return {
        ...state,
        embed,
        phoneStatus: state.phoneStatus === 'sending-code' ? 'unverified' : state.phoneStatus,
        submission: state.submission.status === 'submitting' ? { status: 'idle' } : state.submission,
        problem: null,
      };
    }
    case 'select':
      return action.agentId === state.agentId ? state : edited({ ...state, agentId: action.agentId });
    case 'name': {
      // Typing in the name fixes what the service said about it.
      const problem = state.problem?.where === 'name' ? null : state.problem;
      return action.value.trim() === state.name.trim()
        ? { ...state, name: action.value, problem }
        : edited({ ...state, name: action.value, problem });
    }
    case 'phone':
      // A verification belongs to the number it was made for.
      if (action.value === state.phone) return state;
      return edited({ ...state, ...unverified, phone: action.value, problem: null });
    case 'request-demo':
      return canRequestCall(state) ? { ...state, submission: { status: 'requested' } } : state;
    case 'otp':
      return state.phoneStatus === 'otp-requested'
        ? {
            ...state,
            otp: action.value,
            codeChecked: action.value === state.otp && state.codeChecked,
            problem: state.problem?.where === 'code' ? null : state.problem,
          }
        : state;
    case 'phone-missing':
      return state.phoneStatus === 'unverified' && !state.phone
        ? { ...state, problem: { where: 'phone', message: action.message } }
        : state;
    case 'request-otp':
      return state.phoneStatus === 'unverified' && state.phone ? { ...state, phoneStatus: 'otp-requested' } : state;
    case 'verify':
      // Demo mode: verification is the button press alone; the OTP's content is not checked.
      // An empty OTP is content too: refusing it would be a check demo mode rules out.
      return state.phoneStatus === 'otp-requested' ? { ...state, phoneStatus: 'verified' } : state;
    case 'consent':
      // Never ticked for the visitor: only their own tick, with its time, counts as consent.
      return { ...state, consent: action.value, consentedAt: action.value ? (action.at ?? state.consentedAt) : null };
    case 'code-requested':
      return !notSetUp(state) &&
        (state.phoneStatus === 'unverified' || state.phoneStatus === 'otp-requested') &&
        state.phone
        ? { ...state, phoneStatus: 'sending-code', problem: null }
        : state;
    case 'code-sent':
      return state.phoneStatus === 'sending-code'
        ? {
            ...state,
            phoneStatus: 'otp-requested',
            otp: '',
            codeChecked: false,
            codeSentTo: action.display,
            resendAt: action.resendAt,
          }
        : state;
    case 'code-refused':
      if (state.phoneStatus !== 'sending-code') return state;
      return {
        ...state,
        phoneStatus: state.codeSentTo ? 'otp-requested' : 'unverified',
        problem: { where: 'phone', message: action.message, ...(action.focus && { focus: action.focus }) },
        resendAt: action.resendAt ?? state.resendAt,
      };
    case 'check-started':
      return state.phoneStatus === 'otp-requested'
        ? { ...state, phoneStatus: 'verifying', codeChecked: true, problem: null }
        : state;
    case 'checked':
      return state.phoneStatus === 'verifying'
        ? { ...state, phoneStatus: 'verified', token: action.token, otp: '' }
        : state;
    case 'check-refused':
      return state.phoneStatus === 'verifying'
        ? {
            ...state,
            phoneStatus: 'otp-requested',
            problem: { where: 'code', message: action.message, newCode: action.newCode },
          }
        : state;
    case 'submit-started':
      return !notSetUp(state) && canRequestCall(state) && state.token
        ? { ...state, submission: { status: 'submitting' }, problem: null }
        : state;
    case 'submit-done':
      if (state.submission.status !== 'submitting') return state;
      return { ...state, submission: { status: 'done', ...leadOf(action) } };
    case 'submit-refused':
      if (state.submission.status !== 'submitting') return state;
      // A verification that expired or was used must be made again; everything typed stays.
      return {
        ...state,
        ...(action.reverify && unverified),
        submission: { status: 'idle' },
        problem: { where: action.reverify ? 'phone' : (action.field ?? 'submit'), message: action.message },
      };
    case 'start-over':
      // Another demo: the same visitor, a new verification (one verification makes one request).
      return {
        ...initialDemoRequestState,
        name: state.name,
        phone: state.phone,
        agentId: state.agentId,
        embed: state.embed,
      };
  }
}

/** The lead's answer without the action's type: what the confirmation and the success event carry. */
function leadOf({ id, call, callAt, calledAt, duplicate }: LeadStored): LeadStored {
  return {
    id,
    call,
    ...(callAt !== undefined && { callAt }),
    ...(calledAt !== undefined && { calledAt }),
    ...(duplicate && { duplicate }),
  };
}

/** The service's codes are 6 digits (its OTP_RULES.codeLength). */
export const CODE_LENGTH = 6;

const WHOLE_CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** A whole code, as typed or pasted (spaces around it are the paste's, not the code's). */
export const codeComplete = (otp: string) => WHOLE_CODE.test(otp.trim());

/**
 * With a backend, a whole code not yet checked checks itself: typed to its last digit or pasted, with
 * no press. Once checked it waits, unchanged, for the visitor (a wrong code is not tried again).
 */
export const codeToCheck = (state: DemoRequestState) =>
  state.phoneStatus === 'otp-requested' && !state.codeChecked && codeComplete(state.otp);

/**
 * What Enter in the phone field does: what Get OTP does while it is shown (`get-code`), say what is
 * missing while the field holds no number, go to the code field while a code is awaited, and nothing
 * while a code is on its way. Once verified it is the form's own Enter (Get a Call, when ready).
 */
export function phoneEnter(state: DemoRequestState): 'get-code' | 'say-missing' | 'to-code' | 'wait' | 'submit' {
  switch (state.phoneStatus) {
    case 'unverified':
      return state.phone ? 'get-code' : 'say-missing';
    case 'sending-code':
      return 'wait';
    case 'otp-requested':
    case 'verifying':
      return 'to-code';
    case 'verified':
      return 'submit';
  }
}

/** A step before Get a Call: its wording is in the widget's strings (`stepAgent`, …). */
export type Step = 'agent' | 'name' | 'shorterName' | 'phone' | 'consent';

/**
 * The name is longer than the service keeps: counted as it counts (`cleanName`), in the characters a
 * person sees after its spaces are folded, never in UTF-16 units as `maxlength` would.
 */
export const nameTooLong = (name: string) =>
  visibleLength(name.normalize('NFC').replace(/\s+/gu, ' ').trim()) > NAME_MAX;

/** What still stands between the visitor and Get a Call, in form order. */
export function missingSteps(state: DemoRequestState): Step[] {
  const missing: Step[] = [];
  if (!state.agentId) missing.push('agent');
  if (!state.name.trim()) missing.push('name');
  else if (nameTooLong(state.name)) missing.push('shorterName');
  if (state.phoneStatus !== 'verified') missing.push('phone');
  if (!state.consent) missing.push('consent');
  return missing;
}

export function canRequestCall(state: DemoRequestState): boolean {
  return !notSetUp(state) && missingSteps(state).length === 0 && state.submission.status === 'idle';
}

/** The page's events for a transition: fired from one place, when the state changes. */
export function demoRequestEvents(from: DemoRequestState, to: DemoRequestState) {
  const was = from.submission.status;
  const is = to.submission;
  if (was === 'idle' && (is.status === 'requested' || is.status === 'submitting')) {
    return [['ai-demo-request-submit', { agentId: to.agentId!, name: to.name.trim(), phone: to.phone }]] as const;
  }
  if (was === 'submitting' && is.status === 'done') return [['ai-demo-request-success', leadOf(is)]] as const;
  if (was === 'submitting' && is.status === 'idle')
    return [['ai-demo-request-error', { message: to.problem?.message ?? '' }]] as const;
  return [];
}
