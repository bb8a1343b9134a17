import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type Session } from '../api';
import { clock } from '../format';
import { SignInRefusal, SingleSignOnLink, useSignInOptions } from './SingleSignOn';
import { SignInSecondStep, type SecondStep } from './SignInSteps';
import { beginTwoStep } from './TwoStepSetup';

/** The sign-in: a wrong password and a locked account each say so, the latter with when to try again. */
export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);
  // Kept for going back from the second step: the email is typed in again for no one.
  const [email, setEmail] = useState('');
  const alert = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const options = useSignInOptions();

  useEffect(() => {
    document.title = 'Sign in · Sales desk';
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setEmail(String(data.get('email')));
    setBusy(true);
    setError('');
    try {
      const answer = await api<Session | { next: SecondStep['next'] }>('/session', {
        method: 'POST',
        body: { email: String(data.get('email')), password: String(data.get('password')) },
      });
      if (!('next' in answer)) return onSignedIn(answer);
      // The password was right: a second step follows (./SignInSteps.tsx).
      setStep(answer.next === 'code' ? { next: 'code' } : { next: 'setup', key: await beginTwoStep() });
      setBusy(false);
    } catch (err) {
      const apiError = err as ApiError;
      if (apiError.code === 'locked' && typeof apiError.body.retryAt === 'string')
        setError(`Too many failed sign-ins. You can try again at ${clock(apiError.body.retryAt)}.`);
      else setError(apiError.message);
      setBusy(false);
    }
  }

  if (step)
    return (
      <SignInSecondStep
        step={step}
        onSignedIn={onSignedIn}
        onRestart={(why) => {
          setStep(null);
          setError(why ?? '');
        }}
      />
    );

  return (
    <section className="desk-signin" aria-labelledby="signin-title">
      <h1 id="signin-title" tabIndex={-1} ref={heading}>
        Sign in to the sales desk
      </h1>
      <p className="desk-muted">See who asked for a demo, how their call went, and what visitors told us.</p>
      <SignInRefusal options={options} />
      <form
        className="desk-form"
        hidden={!options.password}
        onSubmit={submit}
        aria-describedby={error ? 'signin-error' : undefined}
      >
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          required
          maxLength={254}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          aria-invalid={error ? true : undefined}
        />
        <p id="signin-error" role="alert" ref={alert} className="desk-error">
          {error}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SingleSignOnLink options={options} />
    </section>
  );
}
