import { useCallback, useSyncExternalStore, type Dispatch } from 'react';
import { checkCode, requestCode, sendLead } from './lead-api';
import type { DemoRequestAction, DemoRequestState } from './machine';

/** Codes the service answers when a new code is the way forward. */
const NEEDS_NEW_CODE = new Set(['expired', 'too-many', 'no-code']);

/**
 * Get OTP, Verify and Get a Call against the service (`backend-url`): each press dispatches the
 * request's start, then its outcome (the machine's transitions tell the page).
 */
// The service words its refusals; an unreachable service is ours to word, in the widget's language.
const wording = (answer: { error: string; message: string }, outage: string) => (answer.error === 'outage' ? outage : answer.message);

export function useLeadFlow(backendUrl: string, state: DemoRequestState, dispatch: Dispatch<DemoRequestAction>, consentText: string, outage: string) {
  const getCode = useCallback(async () => {
    if (state.phoneStatus === 'sending-code' || state.phoneStatus === 'verifying') return;
    dispatch({ type: 'code-requested' });
    const answer = await requestCode(backendUrl, state.phone);
    if (answer.ok) dispatch({ type: 'code-sent', display: answer.display, resendAt: Date.now() + answer.resendAfterSeconds * 1000 });
    else dispatch({ type: 'code-refused', message: wording(answer, outage), resendAt: answer.retryAfterSeconds ? Date.now() + answer.retryAfterSeconds * 1000 : undefined });
  }, [backendUrl, state.phone, state.phoneStatus, dispatch, outage]);

  const verify = useCallback(async () => {
    if (state.phoneStatus !== 'otp-requested') return;
    dispatch({ type: 'check-started' });
    const answer = await checkCode(backendUrl, state.phone, state.otp.trim());
    if (answer.ok) dispatch({ type: 'checked', token: answer.token });
    else dispatch({ type: 'check-refused', message: wording(answer, outage), newCode: NEEDS_NEW_CODE.has(answer.error) || answer.attemptsLeft === 0 });
  }, [backendUrl, state.phone, state.otp, state.phoneStatus, dispatch, outage]);

  const submit = useCallback(async () => {
    if (!state.agentId || !state.token || state.submission.status !== 'idle') return;
    dispatch({ type: 'submit-started' });
    const answer = await sendLead(backendUrl, { agentId: state.agentId, name: state.name.trim(), phone: state.phone, consent: true, consentText, token: state.token });
    if (answer.ok) dispatch({ type: 'submit-done', id: answer.id, call: answer.call });
    else dispatch({ type: 'submit-refused', message: wording(answer, outage), reverify: answer.error === 'verification' });
  }, [backendUrl, state, dispatch, consentText, outage]);

  return { getCode, verify, submit };
}

const everySecond = (onChange: () => void) => {
  const timer = setInterval(onChange, 1000);
  return () => clearInterval(timer);
};
const never = () => () => {};

/** Whole seconds until `until` (epoch ms), re-rendering once a second while there is a deadline. */
export function useSecondsLeft(until: number | null): number {
  return useSyncExternalStore(until ? everySecond : never, () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0));
}
