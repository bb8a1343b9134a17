import { useCallback, useSyncExternalStore, type Dispatch } from 'react';
import { checkCode, requestCode, sendLead } from './lead-api';
import type { DemoRequestAction, DemoRequestState } from './machine';

/** Codes the service answers when a new code is the way forward. */
const NEEDS_NEW_CODE = new Set(['expired', 'too-many', 'no-code']);

type Emit = {
  success(detail: { id: number; call: 'placed' | 'queued' | 'not-configured' }): void;
  error(detail: { message: string }): void;
};

/**
 * Get OTP, Verify and Get a Call against the service (`backend-url`): each press dispatches the
 * request's start, then its outcome; the page hears of the lead's fate from here, at the transition.
 */
export function useLeadFlow(backendUrl: string, state: DemoRequestState, dispatch: Dispatch<DemoRequestAction>, emit: Emit, consentText: string) {
  const getCode = useCallback(async () => {
    if (state.phoneStatus === 'sending-code' || state.phoneStatus === 'verifying') return;
    dispatch({ type: 'code-requested' });
    const answer = await requestCode(backendUrl, state.phone);
    if (answer.ok) dispatch({ type: 'code-sent', display: answer.display, resendAt: Date.now() + answer.resendAfterSeconds * 1000 });
    else dispatch({ type: 'code-refused', message: answer.message, resendAt: answer.retryAfterSeconds ? Date.now() + answer.retryAfterSeconds * 1000 : undefined });
  }, [backendUrl, state.phone, state.phoneStatus, dispatch]);

  const verify = useCallback(async () => {
    if (state.phoneStatus !== 'otp-requested') return;
    dispatch({ type: 'check-started' });
    const answer = await checkCode(backendUrl, state.phone, state.otp.trim());
    if (answer.ok) dispatch({ type: 'checked', token: answer.token });
    else dispatch({ type: 'check-refused', message: answer.message, newCode: NEEDS_NEW_CODE.has(answer.error) || answer.attemptsLeft === 0 });
  }, [backendUrl, state.phone, state.otp, state.phoneStatus, dispatch]);

  const submit = useCallback(async () => {
    if (!state.agentId || !state.token || state.submission.status !== 'idle') return;
    dispatch({ type: 'submit-started' });
    const answer = await sendLead(backendUrl, { agentId: state.agentId, name: state.name.trim(), phone: state.phone, consent: true, consentText, token: state.token });
    if (answer.ok) {
      dispatch({ type: 'submit-done', id: answer.id, call: answer.call });
      emit.success({ id: answer.id, call: answer.call });
    } else {
      dispatch({ type: 'submit-refused', message: answer.message, reverify: answer.error === 'verification' });
      emit.error({ message: answer.message });
    }
  }, [backendUrl, state, dispatch, emit, consentText]);

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
