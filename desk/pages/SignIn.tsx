import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type Session } from '../api';
import { clock } from '../format';
import { SignInRefusal, SingleSignOnLink, useSignInOptions } from './SingleSignOn';

/** The sign-in: a wrong password and a locked account each say so, the latter with when to try again. */
export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const alert = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const options = useSignInOptions();

  useEffect(() => {
    document.title = 'Sign in · Sales desk';
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    try {
      onSignedIn(
        await api<Session>('/session', {
          method: 'POST',
          body: { email: String(data.get('email')), password: String(data.get('password')) },
        }),
      );
    } catch (err) {
      const apiError = err as ApiError;
      if (apiError.code === 'locked' && typeof apiError.body.retryAt === 'string')
        setError(`Too many failed sign-ins. You can try again at ${clock(apiError.body.retryAt)}.`);
      else setError(apiError.message);
      setBusy(false);
    }
  }

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
