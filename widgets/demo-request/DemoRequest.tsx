import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useEmit } from '../shared/events';
import { useShadowStyles } from '../shared/use-shadow-styles';
import css from './demo-request.css?inline';
import { CheckIcon } from '../shared/icons';
import { agentById } from './agents';
import { AgentPicker } from './AgentPicker';
import { consentText, DEFAULT_COUNTRY, type DemoRequestProps } from './contract';
import { LazyPhoneField, PhonePlaceholder } from './LazyPhoneField';
import { canRequestCall, demoRequestReducer, initialDemoRequestState, missingSteps } from './machine';

function sentence(steps: string[]): string {
  const list = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : steps[0];
  return `To get a call, ${list}.`;
}

/** Pick a demo agent, give a name and a verified phone, consent, and ask for a call. */
export function DemoRequest({ defaultCountry = DEFAULT_COUNTRY, brandName }: DemoRequestProps) {
  const [state, dispatch] = useReducer(demoRequestReducer, initialDemoRequestState);
  const [rootRef, emit] = useEmit<HTMLFormElement>();
  useShadowStyles(rootRef, css);
  const [sentFor, setSentFor] = useState('');
  // The phone input (about 100 KB gzip with its flags and metadata) loads when the visitor
  // reaches for the form, not with the page.
  const [phoneWanted, setPhoneWanted] = useState(false);
  const wantPhone = () => setPhoneWanted(true);
  const otpRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const { phoneStatus } = state;
  const ready = canRequestCall(state);

  // Keep focus in the form when the control that had it disappears.
  useEffect(() => {
    if (phoneStatus === 'otp-requested') otpRef.current?.focus();
    else if (phoneStatus === 'verified') consentRef.current?.focus();
  }, [phoneStatus]);

  // The thanks line belongs to the lead it was sent for; any later edit clears it.
  const leadKey = JSON.stringify([state.agentId, state.name.trim(), state.phone]);
  const sent = sentFor === leadKey;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !state.agentId) return;
    // SPEC section 4: Get a Call logs the selected agent; the page receives the lead as an event.
    console.log('Selected agent:', state.agentId);
    emit('ai-demo-request-submit', { agentId: state.agentId, name: state.name.trim(), phone: state.phone });
    setSentFor(leadKey);
  };

  const getOtp = phoneStatus === 'unverified' && (
    <button type="button" className="inline-action" part="otp-button" disabled={!state.phone} onClick={() => dispatch({ type: 'request-otp' })}>
      Get OTP
    </button>
  );

  return (
    <form ref={rootRef} className="root" part="base" onSubmit={onSubmit} noValidate onPointerOver={wantPhone} onFocus={wantPhone} onTouchStart={wantPhone}>
      <AgentPicker value={state.agentId} onChange={(agentId) => dispatch({ type: 'select', agentId })} />
      <div className="fields" part="form">
        <h2 className="form-title">Request a Demo Call</h2>
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="text-input" type="text" autoComplete="name" placeholder="Enter your name" value={state.name} onChange={(e) => dispatch({ type: 'name', value: e.currentTarget.value })} />
        <label htmlFor={`${id}-phone`}>Phone Number</label>
        {phoneWanted ? (
          <LazyPhoneField id={`${id}-phone`} value={state.phone} defaultCountry={defaultCountry || DEFAULT_COUNTRY} onChange={(value) => dispatch({ type: 'phone', value })} action={getOtp} />
        ) : (
          <PhonePlaceholder />
        )}
        {phoneStatus === 'otp-requested' && (
          <div className="otp-row">
            <label htmlFor={`${id}-otp`}>OTP</label>
            <div className="otp-box">
              <input ref={otpRef} id={`${id}-otp`} className="text-input" type="text" inputMode="numeric" autoComplete="one-time-code" placeholder="Enter the OTP" value={state.otp} onChange={(e) => dispatch({ type: 'otp', value: e.currentTarget.value })} />
              <button type="button" className="secondary" part="verify-button" onClick={() => dispatch({ type: 'verify' })}>
                Verify
              </button>
            </div>
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
          <span>{consentText(brandName)}</span>
        </label>
        <button type="submit" className="primary" part="submit-button" disabled={!ready} aria-describedby={`${id}-hint`}>
          Get a Call
        </button>
        <p id={`${id}-hint`} className="hint" role="status">
          {ready ? (sent ? `Thanks! Your request for the ${agentById(state.agentId)?.title} demo is in.` : '') : sentence(missingSteps(state))}
        </p>
      </div>
    </form>
  );
}
