import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { Localized } from '../lib/lang';
import { DEMO_REQUEST_STRINGS } from './strings';
import { useMachine } from '../react/use-machine';
import { icon } from '../elements/icons';
import { renderView } from '../react/view';
import { AgentPicker } from './AgentPicker';
import { DEFAULT_COUNTRY, NAME_MAX, type DemoRequestProps } from './contract';
import { firstCountry, nameView, privacyView } from './view';
import { LazyPhoneField, PhonePlaceholder } from './LazyPhoneField';
import type { PhoneDraft } from './PhoneField';
import {
  canRequestCall,
  demoRequestEvents,
  demoRequestReducer,
  initialDemoRequestState,
  missingSteps,
  nameTooLong,
  type PhoneStatus,
  type Step,
} from './machine';
import { useLeadFlow, useSecondsLeft } from './useLeadFlow';
import { useServiceCountries, useWhenVisible } from './hooks';
import { Confirmation } from './Confirmation';
import { onEnter } from './enter';
import { useTurnstile } from './useTurnstile';
import { isCountry, offered, parseCountries, startCountry } from './phone/countries';
import { embedConsent, embedStart, warnIgnored } from '../lib/embed';
import { useEmbed } from '../lib/use-embed';

const TAG = 'ai-demo-request';

const STEP_TEXT = {
  agent: 'stepAgent',
  name: 'stepName',
  shorterName: 'stepShorterName',
  phone: 'stepPhone',
  consent: 'stepConsent',
} as const satisfies Record<Step, string>;

/**
 * Pick a demo agent, give a name and a verified phone, consent, and ask for a call. Without
 * `backend-url` it is a demo of the steps (Verify succeeds on the press; the page gets the lead as
 * an event); with it, the service sends and checks the code, stores the lead and calls the visitor.
 */
export function DemoRequest(props: DemoRequestProps & Localized) {
  const {
    countries,
    brandName,
    backendUrl,
    consentText,
    consentVersion,
    turnstileSiteKey,
    metadata,
    lang = 'en',
  } = props;
  const {
    state,
    dispatch,
    current,
    ref: rootRef,
  } = useMachine<typeof initialDemoRequestState, Parameters<typeof demoRequestReducer>[1], HTMLFormElement>(
    demoRequestReducer,
    { ...initialDemoRequestState, embed: embedStart(backendUrl, props.embed) },
    demoRequestEvents,
  );
  const t = DEMO_REQUEST_STRINGS[lang];
  const live = Boolean(backendUrl?.trim());
  const embedded = state.embed.status !== 'none';
  const readEmbed = useCallback(() => current().embed, [current]);
  const embedFlow = useEmbed(TAG, backendUrl, props.embed, state.embed, readEmbed, dispatch, rootRef);
  // With `embed`, the embed decides the brand, its sentence, the agents and the countries.
  const embed = state.embed.status === 'ready' ? state.embed.embed : null;
  const embedText = embed ? embedConsent(embed, lang) : null;
  useEffect(() => {
    if (!embed || !embedText) return;
    warnIgnored(TAG, 'brand-name', brandName, embed.brandName);
    warnIgnored(TAG, 'consent-text', consentText, embedText.text);
    warnIgnored(TAG, 'consent-version', consentVersion, embedText.version);
    warnIgnored(TAG, 'countries', countries, embed.countries.join(','));
  }, [embed, embedText, brandName, consentText, consentVersion, countries]);
  // The countries offered are the service's: the page's own list narrowed to them, or theirs when the
  // page names none. With `embed`, the embed's (its answer says which the service sends codes to).
  const service = useServiceCountries(live && !embedded ? backendUrl?.trim() : undefined);
  const pageCountries = embed
    ? parseCountries(embed.countries.join(','), embed.countries[0])
    : parseCountries(countries, props.defaultCountry);
  const { countries: offeredCountries, dropped } = service
    ? offered(countries?.trim() ? pageCountries : 'all', service)
    : { countries: pageCountries, dropped: [] };
  const country = service ? startCountry(offeredCountries, props.defaultCountry, DEFAULT_COUNTRY) : firstCountry(props);
  const droppedText = dropped.join(', ');
  useEffect(() => {
    if (!droppedText || !service) return;
    console.warn(
      `<ai-demo-request>: countries "${droppedText}" ${dropped.length > 1 ? 'are' : 'is'} not among the countries the service sends codes to (${service.join(', ')}); the form leaves ${dropped.length > 1 ? 'them' : 'it'} out.`,
    );
    // Once per list: the arrays are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [droppedText, service?.join()]);
  // The sentence shown is the sentence sent: the page's own, or ours for its brand.
  const consent = embedText?.text ?? (consentText?.trim() || t.consent({ brand: brandName }));
  const challenge = useTurnstile(live ? turnstileSiteKey : undefined, rootRef, lang);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const website = useCallback(() => honeypotRef.current?.value ?? '', []);
  const flow = useLeadFlow(
    backendUrl ?? '',
    state,
    dispatch,
    {
      consentText: consent,
      consentVersion: embedText?.version ?? consentVersion,
      metadata,
      website,
      challenge,
      embedId: embedded ? props.embed?.trim() : undefined,
      ensureEmbed: embedFlow.ensure,
      lang,
    },
    t,
  );
  // The phone input (about 100 KB gzip with its flags and metadata) loads once the form is on
  // screen and the browser is idle, or at once when the visitor reaches for the form.
  const [phoneWanted, setPhoneWanted] = useState(false);
  const wantPhone = useCallback(() => setPhoneWanted(true), []);
  useWhenVisible(rootRef, wantPhone);
  // What is typed in the phone field before its chunk is in (from the first paint on): the field takes it over.
  const [phoneDraft, setPhoneDraft] = useState<PhoneDraft | null>(null);
  const phoneHand = useRef<PhoneDraft | null>(null);
  const onPhoneDraft = useCallback((draft: PhoneDraft) => {
    setPhoneDraft(draft);
    setPhoneWanted(true);
  }, []);
  const otpRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const getOtpRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const asked = props.defaultCountry?.trim().toUpperCase();
  useEffect(() => {
    if (!asked || asked === country) return;
    console.warn(
      `<ai-demo-request>: default-country "${asked}" ${isCountry(asked) ? "is not one of the form's countries" : 'is not a known country code'}; using ${country}.`,
    );
  }, [asked, country]);
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

  // A refusal takes focus to what fixes it: the number, the bot check, or a new code.
  useEffect(() => {
    if (problem?.where === 'name') rootRef.current?.querySelector<HTMLElement>('#name')?.focus();
    else if (problem?.focus === 'phone') rootRef.current?.querySelector<HTMLElement>('#phone')?.focus();
    else if (problem?.focus === 'challenge') challenge.focus();
    else if (problem?.newCode) resendRef.current?.focus();
    // Once per refusal: the problem object is new each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem]);

  const sent = submission.status === 'requested';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !state.agentId) return;
    if (live) return void flow.submit();
    // Demo mode: Get a Call logs the selected agent; the page receives the lead as the submit event.
    console.log('Selected agent:', state.agentId);
    dispatch({ type: 'request-demo' });
  };

  const sending = phoneStatus === 'sending-code';
  const pressGetOtp = () => (live ? void flow.getCode() : dispatch({ type: 'request-otp' }));
  const pressVerify = () => (live ? void flow.verify() : dispatch({ type: 'verify' }));
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) =>
    onEnter(event, {
      state,
      dispatch,
      t,
      getCode: pressGetOtp,
      verify: pressVerify,
      focusCode: () => otpRef.current?.focus(),
      country,
    });
  const getOtp = (phoneStatus === 'unverified' || sending) && (
    <button
      ref={getOtpRef}
      type="button"
      className="inline-action"
      part="otp-button"
      disabled={!state.phone}
      aria-disabled={sending || undefined}
      onClick={pressGetOtp}
    >
      {sending ? t.sendingOtp : t.getOtp}
    </button>
  );
  const note = (where: 'name' | 'phone' | 'code' | 'submit') =>
    problem?.where === where && (
      <p id={`${where}-problem`} className="problem" role="alert">
        {problem.message}
      </p>
    );
  const codeStep = phoneStatus === 'otp-requested' || phoneStatus === 'verifying';
  // Not maxlength, which counts UTF-16 units: the service counts the characters a person sees.
  const nameProblem = nameTooLong(state.name)
    ? t.nameTooLong({ limit: String(NAME_MAX) })
    : problem?.where === 'name'
      ? problem.message
      : null;
  const resendIn = useSecondsLeft(live && codeStep ? state.resendAt : null);
  const done = submission.status === 'done' ? submission : null;

  return (
    <form
      ref={rootRef}
      className="root"
      part="base"
      data-done={done ? '' : undefined}
      data-not-set-up={state.embed.status === 'not-set-up' ? '' : undefined}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      onPointerOver={wantPhone}
      onFocus={wantPhone}
      onTouchStart={wantPhone}
      {...embedFlow.handlers}
    >
      {state.embed.status === 'not-set-up' ? (
        <p className="not-set-up" part="not-set-up" role="alert">
          {t.notSetUp}
        </p>
      ) : (
        <>
          <AgentPicker
            t={t}
            agents={embed?.agents}
            value={state.agentId}
            settled={Boolean(done)}
            onChange={(agentId) => dispatch({ type: 'select', agentId })}
          />
          <fieldset className="fields" part="form" disabled={Boolean(done)} hidden={Boolean(done)}>
            <h2 className="form-title">{t.formTitle}</h2>
            {nameView(t).map((node, i) =>
              renderView(
                node,
                (attrs) =>
                  attrs.id === 'name'
                    ? {
                        value: state.name,
                        onChange: (e: ChangeEvent<HTMLInputElement>) =>
                          dispatch({ type: 'name', value: e.currentTarget.value }),
                        'aria-invalid': nameProblem ? true : undefined,
                        'aria-describedby': nameProblem ? 'name-problem' : undefined,
                      }
                    : undefined,
                i,
              ),
            )}
            {nameProblem && (
              <p id="name-problem" className="problem" role="alert">
                {nameProblem}
              </p>
            )}
            <label htmlFor="phone">{t.phoneLabel}</label>
            {phoneWanted ? (
              <LazyPhoneField
                draft={phoneDraft}
                onDraft={setPhoneDraft}
                hand={phoneHand}
                id="phone"
                value={state.phone}
                defaultCountry={country}
                countries={offeredCountries}
                onChange={(value) => dispatch({ type: 'phone', value })}
                action={getOtp}
                t={t}
                lang={lang}
              />
            ) : (
              <PhonePlaceholder t={t} country={country} draft={phoneDraft} onDraft={onPhoneDraft} hand={phoneHand} />
            )}
            {challenge.status !== 'off' && (
              <div className="challenge">
                <slot name="challenge" />
                {challenge.status === 'failed' && <p className="problem">{t.challengeLoadError}</p>}
              </div>
            )}
            {note('phone')}
            {live && (
              <p className="code-sent" role="status">
                {codeStep && state.codeSentTo ? t.codeSent({ phone: state.codeSentTo }) : ''}
              </p>
            )}
            {codeStep && (
              <div className="otp-row">
                <label htmlFor="otp">{t.otpLabel}</label>
                <div className="otp-box">
                  <input
                    ref={otpRef}
                    id="otp"
                    className="text-input"
                    type="text"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder={t.otpPlaceholder}
                    aria-invalid={problem?.where === 'code' || undefined}
                    aria-describedby={problem?.where === 'code' ? 'code-problem' : undefined}
                    value={state.otp}
                    onChange={(e) => dispatch({ type: 'otp', value: e.currentTarget.value })}
                  />
                  <button
                    type="button"
                    className="secondary"
                    part="verify-button"
                    aria-disabled={phoneStatus === 'verifying' || undefined}
                    onClick={pressVerify}
                  >
                    {phoneStatus === 'verifying' ? t.checking : t.verify}
                  </button>
                </div>
                {note('code')}
                {live && (
                  <button
                    ref={resendRef}
                    type="button"
                    className={problem?.newCode ? 'link-button emphasised' : 'link-button'}
                    aria-disabled={resendIn > 0 || undefined}
                    onClick={() => resendIn === 0 && void flow.getCode()}
                  >
                    {resendIn > 0 ? t.resendIn({ seconds: resendIn }) : t.resend}
                  </button>
                )}
              </div>
            )}
            {/* A polite live region from the start: the check under way (a whole code checks itself), then its mark. */}
            <div role="status" className="verified-slot">
              {phoneStatus === 'verified' ? (
                <span className="verified" part="verified">
                  {renderView(icon('check'))} {t.verified}
                </span>
              ) : (
                phoneStatus === 'verifying' && <span className="checking-code">{t.checkingCode}</span>
              )}
            </div>
            <label className="consent">
              <input
                ref={consentRef}
                type="checkbox"
                data-control="consent"
                checked={state.consent}
                onChange={(e) =>
                  dispatch({ type: 'consent', value: e.currentTarget.checked, at: new Date().toISOString() })
                }
              />
              <span>{consent}</span>
            </label>
            {privacyView(t, props.privacyHref).map((node, i) => renderView(node, undefined, i))}
            {note('submit')}
            {!done && (
              <>
                <button
                  type="submit"
                  className="primary"
                  part="submit-button"
                  disabled={!ready && submission.status !== 'submitting'}
                  aria-disabled={submission.status === 'submitting' || undefined}
                  aria-describedby="hint"
                >
                  {submission.status === 'submitting' ? t.requesting : t.getCall}
                </button>
                <p id="hint" className="hint" role="status">
                  {sent && state.agentId
                    ? t.demoThanks({ agent: t.agentTitles[state.agentId] })
                    : ready || submission.status === 'submitting'
                      ? ''
                      : t.missingSteps({ steps: missingSteps(state).map((step) => t[STEP_TEXT[step]]) })}
                </p>
              </>
            )}
          </fieldset>
          {done && (
            <Confirmation
              ref={confirmRef}
              lead={done}
              name={state.name.trim()}
              phone={state.codeSentTo ?? state.phone}
              t={t}
              lang={lang}
              onStartOver={() => dispatch({ type: 'start-over' })}
            />
          )}
          {/* A honeypot for bots that fill every field: out of sight, out of the tab order and the accessibility tree. */}
          {live && (
            <input
              ref={honeypotRef}
              className="honeypot"
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              aria-hidden="true"
              defaultValue=""
            />
          )}
        </>
      )}
    </form>
  );
}
