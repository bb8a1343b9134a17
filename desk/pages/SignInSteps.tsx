import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type Session } from '../api';
import { clock } from '../format';
import { DeskNotices } from './DeskNotices';
import { RecoveryCodes, TwoStepSetup, type TurnedOn, type TwoStepKey } from './TwoStepSetup';

export type SecondStep = { next: 'code' } | { next: 'setup'; key: TwoStepKey };

/**
 * The sign-in after a right password, for an account with two-step sign-in: its code (or a recovery
 * code); or, for one the desk requires it of and that has none, setting it up. No session before either.
 */
export function SignInSecondStep({
  step,
  onSignedIn,
  onRestart,
}: {
  step: SecondStep;
  onSignedIn: (session: Session) => void;
  onRestart: (why?: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="desk-signin" aria-labelledby="second-step-title">
      <h1 id="second-step-title" tabIndex={-1} ref={heading}>
        {step.next === 'code' ? 'Type your code' : 'Set up two-step sign-in'}
      </h1>
      {step.next === 'code' ? (
        <CodeStep onSignedIn={onSignedIn} onRestart={onRestart} />
      ) : (
        <SetupStep twoStepKey={step.key} onSignedIn={onSignedIn} />
      )}
      <button type="button" className="desk-link-button" onClick={() => onRestart()}>
        Sign in as someone else
      </button>
    </section>
  );
}

function CodeStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (session: Session) => void;
  onRestart: (why?: string) => void;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code')).trim();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await api<Session>('/session/code', { method: 'POST', body: { code } }));
    } catch (err) {
      const apiError = err as ApiError;
      if (apiError.code === 'no-pending-sign-in') return onRestart(apiError.message);
      if (apiError.code === 'locked' && typeof apiError.body.retryAt === 'string')
        setError(`Too many failed tries. You can try again at ${clock(apiError.body.retryAt)}.`);
      else setError(apiError.message);
      setBusy(false);
    }
  }

  return (
    <form className="desk-form" onSubmit={submit}>
      <p className="desk-muted">Your password is right. Now type the 6-digit code your authenticator app shows.</p>
      <label htmlFor="code">Code</label>
      <input
        id="code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={64}
        aria-invalid={error ? true : undefined}
        aria-describedby={`code-hint${error ? ' code-error' : ''}`}
      />
      <p id="code-hint" className="desk-muted desk-field-hint">
        Lost your phone? Type one of your recovery codes instead.
      </p>
      <DeskNotices errorId="code-error" error={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}

function SetupStep({ twoStepKey, onSignedIn }: { twoStepKey: TwoStepKey; onSignedIn: (session: Session) => void }) {
  const [turnedOn, setTurnedOn] = useState<TurnedOn | null>(null);
  if (turnedOn)
    return (
      <RecoveryCodes
        codes={turnedOn.recoveryCodes}
        doneLabel="Continue to the desk"
        onDone={() => onSignedIn(turnedOn.session!)}
      />
    );
  return (
    <>
      <p className="desk-muted">
        Your password is right. The desk asks your account for a code from an authenticator app too: set it up now to
        continue.
      </p>
      <TwoStepSetup twoStepKey={twoStepKey} onDone={setTurnedOn} />
    </>
  );
}
