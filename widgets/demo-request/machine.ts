import type { AgentId } from './agents';

/** SPEC section 4 "Demo request form": the phone's verification steps. */
export type PhoneStatus = 'unverified' | 'otp-requested' | 'verified';

export interface DemoRequestState {
  agentId: AgentId | null;
  name: string;
  /** E.164 (`+919876543210`), or '' while the field holds no number. */
  phone: string;
  otp: string;
  phoneStatus: PhoneStatus;
  consent: boolean;
}

export type DemoRequestAction =
  | { type: 'select'; agentId: AgentId }
  | { type: 'name'; value: string }
  | { type: 'phone'; value: string }
  | { type: 'otp'; value: string }
  | { type: 'request-otp' }
  | { type: 'verify' }
  | { type: 'consent'; value: boolean };

export const initialDemoRequestState: DemoRequestState = {
  agentId: null,
  name: '',
  phone: '',
  otp: '',
  phoneStatus: 'unverified',
  consent: false,
};

export function demoRequestReducer(state: DemoRequestState, action: DemoRequestAction): DemoRequestState {
  switch (action.type) {
    case 'select':
      return { ...state, agentId: action.agentId };
    case 'name':
      return { ...state, name: action.value };
    case 'phone':
      // A verification belongs to the number it was made for.
      if (action.value === state.phone) return state;
      return { ...state, phone: action.value, otp: '', phoneStatus: 'unverified' };
    case 'otp':
      return state.phoneStatus === 'otp-requested' ? { ...state, otp: action.value } : state;
    case 'request-otp':
      return state.phoneStatus === 'unverified' && state.phone ? { ...state, phoneStatus: 'otp-requested' } : state;
    case 'verify':
      // SPEC: verification is the button press alone; the OTP's content is not checked.
      // An empty OTP is content too: refusing it would be a check the spec rules out.
      return state.phoneStatus === 'otp-requested' ? { ...state, phoneStatus: 'verified' } : state;
    case 'consent':
      return { ...state, consent: action.value };
  }
}

/** What still stands between the visitor and Get a Call, in form order. */
export function missingSteps(state: DemoRequestState): string[] {
  const missing: string[] = [];
  if (!state.agentId) missing.push('choose an agent');
  if (!state.name.trim()) missing.push('enter your name');
  if (state.phoneStatus !== 'verified') missing.push('verify your phone number');
  if (!state.consent) missing.push('tick the consent box');
  return missing;
}

export function canRequestCall(state: DemoRequestState): boolean {
  return missingSteps(state).length === 0;
}
