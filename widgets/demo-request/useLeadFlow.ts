import { useCallback, useEffect, useRef, useSyncExternalStore, type Dispatch } from 'react';
import type { DemoRequestStrings } from './strings';
import { checkMetadata, pageAttribution } from './attribution';
import { checkCode, requestCode, sendLead } from './lead-api';
import { codeToCheck, type DemoRequestAction, type DemoRequestState } from './machine';
import { wordRefusal } from './refusals';
import { tabDemo } from './tab-demo';
import type { Challenge } from './useTurnstile';
import { embedBody, embedConsent, notSetUpRefusal, type EmbedState } from '../lib/embed';
import type { Lang } from '../lib/lang';

/** What the lead carries besides the visitor's answers: the consent as shown, and the page's own data. */
export interface LeadContext {
  consentText: string;
  consentVersion?: string;
  metadata?: unknown;
  /** The honeypot's value: '' from a person. */
  website(): string;
  challenge: Challenge;
  /** With `embed`: its id, sent with every request. */
  embedId?: string;
  /** Asks for the embed (once) before anything is sent: not set up here, nothing goes out. */
  ensureEmbed(): Promise<EmbedState>;
  lang: Lang;
}

/**
 * Get OTP, Verify and Get a Call against the service (`backend-url`): each press dispatches the
 * request's start, then its outcome (the machine's transitions tell the page). A whole code typed or
 * pasted is checked without a press (`codeToCheck`).
 */
export function useLeadFlow(
  backendUrl: string,
  state: DemoRequestState,
  dispatch: Dispatch<DemoRequestAction>,
  context: LeadContext,
  t: DemoRequestStrings,
) {
  const { challenge } = context;
  const getCode = useCallback(async () => {
    if (state.phoneStatus === 'sending-code' || state.phoneStatus === 'verifying') return;
    dispatch({ type: 'code-requested' });
    // A code costs a text message: with `embed`, only once the embed says this page may send it.
    const embed = await context.ensureEmbed();
    if (embed.status === 'not-set-up') return;
    if (embed.status === 'unasked') return void dispatch({ type: 'code-refused', message: t.outage });
    const turnstileToken = challenge.status === 'off' ? undefined : challenge.token();
    const answer = await requestCode(backendUrl, {
      phone: state.phone,
      ...(turnstileToken && { turnstileToken }),
      website: context.website(),
      ...embedBody(context.embedId),
      // The version of the sentence the form shows, so a code is never sent for a lead the service would refuse.
      ...(embed.status === 'ready' && { consentVersion: embedConsent(embed.embed, context.lang).version }),
    });
    // A token is good for one request, whatever its answer: the next Get OTP needs a fresh one.
    if (challenge.status !== 'off') challenge.reset();
    const refused = answer.ok ? null : notSetUpRefusal(answer.error);
    if (refused) return void dispatch({ type: 'not-set-up', reason: refused });
    if (answer.ok)
      return void dispatch({
        type: 'code-sent',
        display: answer.display,
        resendAt: Date.now() + answer.resendAfterSeconds * 1000,
      });
    const { message, focus } = wordRefusal(answer, t);
    dispatch({
      type: 'code-refused',
      message,
      focus,
      resendAt: answer.retryAfterSeconds ? Date.now() + answer.retryAfterSeconds * 1000 : undefined,
    });
  }, [backendUrl, state.phone, state.phoneStatus, dispatch, context, challenge, t]);

  // One check at a time: the code checking itself, Verify and Enter can all come before a render.
  const checking = useRef(false);
  const verify = useCallback(async () => {
    if (state.phoneStatus !== 'otp-requested' || checking.current) return;
    checking.current = true;
    dispatch({ type: 'check-started' });
    const answer = await checkCode(backendUrl, state.phone, state.otp.trim(), context.embedId);
    checking.current = false;
    const refused = answer.ok ? null : notSetUpRefusal(answer.error);
    if (refused) return void dispatch({ type: 'not-set-up', reason: refused });
    if (answer.ok) return void dispatch({ type: 'checked', token: answer.token });
    const { message, newCode } = wordRefusal(answer, t);
    dispatch({ type: 'check-refused', message, newCode });
  }, [backendUrl, state.phone, state.otp, state.phoneStatus, dispatch, t, context.embedId]);
  const due = Boolean(backendUrl.trim()) && codeToCheck(state);
  useEffect(() => {
    if (due) void verify();
  }, [due, verify]);

  const submit = useCallback(async () => {
    if (!state.agentId || !state.token || state.submission.status !== 'idle') return;
    const { metadata, problem } = checkMetadata(context.metadata);
    if (problem) console.error(`<ai-demo-request>: ${problem}; the lead is sent with metadata {}.`);
    dispatch({ type: 'submit-started' });
    const answer = await sendLead(backendUrl, {
      agentId: state.agentId,
      name: state.name.trim(),
      phone: state.phone,
      token: state.token,
      consent: true,
      consentText: context.consentText,
      ...(context.consentVersion?.trim() && { consentVersion: context.consentVersion.trim() }),
      // The tick is in state whenever Get a Call is allowed; now is the fallback for a tick the state missed.
      consentedAt: state.consentedAt ?? new Date().toISOString(),
      ...pageAttribution(),
      metadata,
      // Read at the moment of sending: a demo tried after the form was opened counts too.
      ...tabDemo(),
      ...embedBody(context.embedId),
    });
    const refused = answer.ok ? null : notSetUpRefusal(answer.error);
    if (refused) return void dispatch({ type: 'not-set-up', reason: refused });
    if (answer.ok)
      return void dispatch({
        type: 'submit-done',
        id: answer.id,
        call: answer.call,
        callAt: answer.callAt,
        calledAt: answer.calledAt,
        duplicate: answer.duplicate,
      });
    dispatch({
      type: 'submit-refused',
      message: wordRefusal(answer, t).message,
      reverify: answer.error === 'verification',
      // The name's refusal is said under the name, the field to fix.
      ...((answer.error === 'name' || answer.field === 'name') && { field: 'name' as const }),
    });
  }, [backendUrl, state, dispatch, context, t]);

  return { getCode, verify, submit };
}

const everySecond = (onChange: () => void) => {
  const timer = setInterval(onChange, 1000);
  return () => clearInterval(timer);
};
const never = () => () => {};

/** Whole seconds until `until` (epoch ms), re-rendering once a second while there is a deadline. */
export function useSecondsLeft(until: number | null): number {
  return useSyncExternalStore(until ? everySecond : never, () =>
    until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0,
  );
}
