import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useEmit } from '../shared/events';
import { useShadowStyles } from '../shared/use-shadow-styles';
import css from './demo-request.css?inline';
import { CheckIcon } from '../shared/icons';
import { agentById } from './agents';
import { AgentPicker } from './AgentPicker';
import { consentText, DEFAULT_COUNTRY, type DemoRequestProps } from './contract';
import { LazyPhoneField, PhonePlaceholder } from './LazyPhoneField';
import { canRequestCall, demoRequestReducer, initialDemoRequestState, missingSteps, type PhoneStatus } from './machine';
import { useLeadFlow, useSecondsLeft } from './useLeadFlow';
import { useWhenVisible, useWide, WIDE_FROM } from './hooks';

function sentence(steps: string[]): string {
  const list = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : steps[0];
  return `To get a call, ${list}.`;
}

/**
 * Pick a demo agent, give a name and a verified phone, consent, and ask for a call. Without
 * `backend-url` it is a demo of the steps (Verify succeeds on the press; the page gets the lead as
 * an event); with it, the service sends and checks the code, stores the lead and calls the visitor.
 */
export function DemoRequest({ defaultCountry = DEFAULT_COUNTRY, brandName, backendUrl }: DemoRequestProps) {
  const [state, dispatch] = useReducer(demoRequestReducer, initialDemoRequestState);
  const [rootRef, emit] = useEmit<HTMLFormElement>();
  useShadowStyles(rootRef, css);
  const wide = useWide(rootRef, WIDE_FROM);
  const live = Boolean(backendUrl?.trim());
  const consent = consentText(brandName);
  const flow = useLeadFlow(backendUrl ?? '', state, dispatch, { success: (d) => emit('ai-demo-request-success', d), error: (d) => emit('ai-demo-request-error', d) }, consent);
  const [sentFor, setSentFor] = useState('');
  // The phone input (about 100 KB gzip with its flags and metadata) loads once the form is on
  // screen and the browser is idle, or at once when the visitor reaches for the form.
  const [phoneWanted, setPhoneWanted] = useState(false);
  const wantPhone = useCallback(() => setPhoneWanted(true), []);
  useWhenVisible(rootRef, wantPhone);
  const otpRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const getOtpRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const { phoneStatus, problem, submission } = state;
  const ready = canRequestCall(state);

  // Keep focus in the form when the control that had it disappears: the code field once a code is
  // on its way, the consent box once verified, Get OTP when a verification must be made again,
  // and the confirmation once the request is in.
  const previous = useRef<PhoneStatus>(phoneStatus);
  useEffect(() => {
    const from = previous.current;
    previous.current = phoneStatus;
    if (phoneStatus === from) return;
    if (phoneStatus === 'otp-requested') otpRef.current?.focus();
    else if (phoneStatus === 'verified') consentRef.current?.focus();
    else if (phoneStatus === 'unverified' && from === 'verified' && problem) getOtpRef.current?.focus();
  }, [phoneStatus, problem]);
  const previousSubmission = useRef(submission.status);
  useEffect(() => {
    const from = previousSubmission.current;
    previousSubmission.current = submission.status;
    if (submission.status === 'done') confirmRef.current?.focus();
    else if (from === 'done') getOtpRef.current?.focus();
  }, [submission.status]);

  // Demo mode: the thanks line belongs to the lead it was sent for; any later edit clears it.
  const leadKey = JSON.stringify([state.agentId, state.name.trim(), state.phone]);
  const sent = sentFor === leadKey;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !state.agentId) return;
    emit('ai-demo-request-submit', { agentId: state.agentId, name: state.name.trim(), phone: state.phone });
    if (live) return void flow.submit();
    // Demo mode: Get a Call logs the selected agent; the page receives the lead as the event above.
    console.log('Selected agent:', state.agentId);
    setSentFor(leadKey);
  };

  const sending = phoneStatus === 'sending-code';
  const getOtp = (phoneStatus === 'unverified' || sending) && (
    <button
      ref={getOtpRef}
      type="button"
      className="inline-action"
      part="otp-button"
      disabled={!state.phone}
      aria-disabled={sending || undefined}
      onClick={() => (live ? void flow.getCode() : dispatch({ type: 'request-otp' }))}
    >
      {sending ? 'Sending…' : 'Get OTP'}
    </button>
  );
  const note = (where: 'phone' | 'code' | 'submit') =>
    problem?.where === where && (
      <p id={`${id}-${where}-problem`} className="problem" role="alert">
        {problem.message}
      </p>
    );
  const codeStep = phoneStatus === 'otp-requested' || phoneStatus === 'verifying';
  const resendIn = useSecondsLeft(live && codeStep ? state.resendAt : null);
  const done = submission.status === 'done' ? submission : null;

  return (
    <form ref={rootRef} className="root" part="base" data-wide={wide || undefined} onSubmit={onSubmit} noValidate onPointerOver={wantPhone} onFocus={wantPhone} onTouchStart={wantPhone}>
      <AgentPicker value={state.agentId} onChange={(agentId) => dispatch({ type: 'select', agentId })} />
      <fieldset className="fields" part="form" disabled={Boolean(done)}>
        <h2 className="form-title">Request a Demo Call</h2>
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="text-input" type="text" autoComplete="name" placeholder="Enter your name" value={state.name} onChange={(e) => dispatch({ type: 'name', value: e.currentTarget.value })} />
        <label htmlFor={`${id}-phone`}>Phone Number</label>
        {phoneWanted ? (
          <LazyPhoneField
            id={`${id}-phone`}
            value={state.phone}
            defaultCountry={defaultCountry || DEFAULT_COUNTRY}
            describedBy={problem?.where === 'phone' ? `${id}-phone-problem` : undefined}
            onChange={(value) => dispatch({ type: 'phone', value })}
            action={getOtp}
          />
        ) : (
          <PhonePlaceholder />
        )}
        {note('phone')}
        {live && (
          <p className="code-sent" role="status">
            {codeStep && state.codeSentTo ? `Code sent to ${state.codeSentTo}` : ''}
          </p>
        )}
        {codeStep && (
          <div className="otp-row">
            <label htmlFor={`${id}-otp`}>OTP</label>
            <div className="otp-box">
              <input
                ref={otpRef}
                id={`${id}-otp`}
                className="text-input"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="Enter the OTP"
                aria-invalid={problem?.where === 'code' || undefined}
                aria-describedby={problem?.where === 'code' ? `${id}-code-problem` : undefined}
                value={state.otp}
                onChange={(e) => dispatch({ type: 'otp', value: e.currentTarget.value })}
              />
              <button type="button" className="secondary" part="verify-button" aria-disabled={phoneStatus === 'verifying' || undefined} onClick={() => (live ? void flow.verify() : dispatch({ type: 'verify' }))}>
                {phoneStatus === 'verifying' ? 'Checking…' : 'Verify'}
              </button>
            </div>
            {note('code')}
            {live && (
              <button type="button" className={problem?.newCode ? 'link-button emphasised' : 'link-button'} aria-disabled={resendIn > 0 || undefined} onClick={() => resendIn === 0 && void flow.getCode()}>
                {resendIn > 0 ? `Send a new code in ${resendIn} s` : 'Send a new code'}
              </button>
            )}
          </div>
        )}
        <div role="status" className="verified-slot">
          {phoneStatus === 'verified' && (
            <span className="verified" part="verified">
              <CheckIcon /> Phone number verified
            </span>
          )}
        </div>
        <label className="consent">
          <input ref={consentRef} type="checkbox" checked={state.consent} onChange={(e) => dispatch({ type: 'consent', value: e.currentTarget.checked })} />
          <span>{consent}</span>
        </label>
        {note('submit')}
        {!done && (
          <>
            <button type="submit" className="primary" part="submit-button" disabled={!ready && submission.status !== 'submitting'} aria-disabled={submission.status === 'submitting' || undefined} aria-describedby={`${id}-hint`}>
              {submission.status === 'submitting' ? 'Requesting your call…' : 'Get a Call'}
            </button>
            <p id={`${id}-hint`} className="hint" role="status">
              {ready || submission.status === 'submitting' ? (sent ? `Thanks! Your request for the ${agentById(state.agentId)?.title} demo is in.` : '') : sentence(missingSteps(state))}
            </p>
          </>
        )}
      </fieldset>
      {done && (
        <div ref={confirmRef} className="confirmation" part="confirmation" role="status" tabIndex={-1}>
          <CheckIcon />
          <p>{done.call === 'placed' ? `We're calling you now on ${state.codeSentTo}.` : `Thanks, ${state.name.trim()}! We'll call you shortly on ${state.codeSentTo}.`}</p>
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'start-over' })}>
            Request another demo
          </button>
        </div>
      )}
    </form>
  );
}
