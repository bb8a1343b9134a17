import { describe, expect, it } from 'vitest';
import {
  canRequestCall,
  demoRequestReducer,
  initialDemoRequestState,
  missingSteps,
  type DemoRequestAction,
  type DemoRequestState,
} from './machine';

const PHONE = '+919876543210';

/** Runs actions from the initial state (or `from`), the way the form dispatches them. */
function run(actions: DemoRequestAction[], from: DemoRequestState = initialDemoRequestState): DemoRequestState {
  return actions.reduce(demoRequestReducer, from);
}

const otpRequested = run([{ type: 'phone', value: PHONE }, { type: 'request-otp' }]);
const verified = run([{ type: 'verify' }], otpRequested);
const ready = run([{ type: 'select', agentId: 'receptionist' }, { type: 'name', value: 'Asha' }, { type: 'consent', value: true }], verified);

describe('initial state', () => {
  it('has no agent, no OTP requested, nothing verified and no consent', () => {
    expect(initialDemoRequestState).toEqual({ agentId: null, name: '', phone: '', otp: '', phoneStatus: 'unverified', consent: false });
  });
});

describe('demoRequestReducer', () => {
  it('selects an agent, and a second selection replaces the first', () => {
    const first = run([{ type: 'select', agentId: 'receptionist' }]);
    expect(first.agentId).toBe('receptionist');
    expect(run([{ type: 'select', agentId: 'supportHindi' }], first).agentId).toBe('supportHindi');
  });

  it('keeps the name exactly as typed (trimming is for the checks and the event)', () => {
    expect(run([{ type: 'name', value: '  Asha ' }]).name).toBe('  Asha ');
  });

  it('toggles consent both ways', () => {
    const on = run([{ type: 'consent', value: true }]);
    expect(on.consent).toBe(true);
    expect(run([{ type: 'consent', value: false }], on).consent).toBe(false);
  });

  it('stores the phone number', () => {
    expect(run([{ type: 'phone', value: PHONE }]).phone).toBe(PHONE);
  });

  it('Get OTP moves an entered number to otp-requested', () => {
    expect(otpRequested.phoneStatus).toBe('otp-requested');
  });

  it('ignores Get OTP while the field holds no number', () => {
    expect(run([{ type: 'request-otp' }])).toBe(initialDemoRequestState);
  });

  it('ignores a second Get OTP, which would otherwise undo a verification', () => {
    expect(run([{ type: 'request-otp' }], otpRequested)).toBe(otpRequested);
    expect(run([{ type: 'request-otp' }], verified)).toBe(verified);
  });

  it('takes OTP edits only while an OTP is requested', () => {
    expect(run([{ type: 'otp', value: '1234' }], otpRequested).otp).toBe('1234');
    const before = run([{ type: 'phone', value: PHONE }]);
    expect(run([{ type: 'otp', value: '1234' }], before)).toBe(before);
    expect(run([{ type: 'otp', value: '1234' }], verified)).toBe(verified);
  });

  it('Verify sets verified on the press alone, whatever the OTP holds (SPEC: no check)', () => {
    expect(verified.phoneStatus).toBe('verified');
    expect(run([{ type: 'otp', value: 'not a code' }, { type: 'verify' }], otpRequested).phoneStatus).toBe('verified');
  });

  it('ignores Verify before Get OTP', () => {
    const typed = run([{ type: 'phone', value: PHONE }]);
    expect(run([{ type: 'verify' }], typed)).toBe(typed);
    expect(run([{ type: 'verify' }])).toBe(initialDemoRequestState);
  });

  it('a different phone number resets a verification and clears the OTP', () => {
    const withOtp = run([{ type: 'otp', value: '1234' }], otpRequested);
    const changed = run([{ type: 'verify' }, { type: 'phone', value: '+91987654321' }], withOtp);
    expect(changed).toMatchObject({ phone: '+91987654321', phoneStatus: 'unverified', otp: '' });
  });

  it('a different phone number also cancels a pending OTP request', () => {
    const changed = run([{ type: 'otp', value: '12' }, { type: 'phone', value: '+447700900123' }], otpRequested);
    expect(changed).toMatchObject({ phoneStatus: 'unverified', otp: '' });
  });

  it('clearing the number resets verification, and Get OTP is then ignored', () => {
    const cleared = run([{ type: 'phone', value: '' }], verified);
    expect(cleared.phoneStatus).toBe('unverified');
    expect(run([{ type: 'request-otp' }], cleared)).toBe(cleared);
  });

  it('the same phone value (a re-render echo) keeps the verification', () => {
    expect(run([{ type: 'phone', value: PHONE }], verified)).toBe(verified);
    expect(run([{ type: 'phone', value: PHONE }], otpRequested)).toBe(otpRequested);
  });

  it('other fields leave the phone steps alone', () => {
    expect(ready.phoneStatus).toBe('verified');
    expect(run([{ type: 'select', agentId: 'realEstate' }, { type: 'name', value: 'B' }, { type: 'consent', value: false }], ready).phoneStatus).toBe('verified');
  });
});

describe('missingSteps and canRequestCall', () => {
  it('lists every step, in form order, at the start', () => {
    expect(missingSteps(initialDemoRequestState)).toEqual(['choose an agent', 'enter your name', 'verify your phone number', 'tick the consent box']);
    expect(canRequestCall(initialDemoRequestState)).toBe(false);
  });

  it('lists nothing and allows the call when all four are done', () => {
    expect(missingSteps(ready)).toEqual([]);
    expect(canRequestCall(ready)).toBe(true);
  });

  it.each<[string, Partial<DemoRequestState>, string]>([
    ['no agent', { agentId: null }, 'choose an agent'],
    ['an empty name', { name: '' }, 'enter your name'],
    ['a whitespace-only name', { name: ' \t\n ' }, 'enter your name'],
    ['an unverified phone', { phoneStatus: 'unverified' }, 'verify your phone number'],
    ['an OTP requested but not verified', { phoneStatus: 'otp-requested' }, 'verify your phone number'],
    ['no consent', { consent: false }, 'tick the consent box'],
  ])('with %s, names only that step and refuses the call', (_label, change, step) => {
    const state = { ...ready, ...change };
    expect(missingSteps(state)).toEqual([step]);
    expect(canRequestCall(state)).toBe(false);
  });
});
