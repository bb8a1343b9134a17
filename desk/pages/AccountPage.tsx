import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { counted } from '../format';

/** One’s own account: a new password, giving the current one (one’s other sessions end). */
export function AccountPage({ email }: { email: string }) {
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Your account · Sales desk';
  }, []);

  async function changePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    setDone('');
    try {
      const { sessionsEnded } = await api<{ sessionsEnded: number }>('/desk/password', {
        method: 'PUT',
        body: { current: String(data.get('current')), password: String(data.get('password')) },
      });
      form.reset();
      setDone(`Your password is changed.${sessionsEnded ? ` ${counted(sessionsEnded, 'other session')} ended.` : ''}`);
    } catch (err) {
      const apiError = err as ApiError;
      setError({ field: String(apiError.body.field ?? ''), message: apiError.message });
    }
    setBusy(false);
  }

  return (
    <>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>Your account</h1>
      </div>
      <p className="desk-muted desk-wrap">Signed in as {email}.</p>
      <section className="desk-panel" aria-labelledby="password-title">
        <h2 id="password-title">Change your password</h2>
        <form className="desk-form" onSubmit={changePassword}>
          <label htmlFor="current">Current password</label>
          <input
            id="current"
            name="current"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error?.field === 'current' ? true : undefined}
            aria-describedby={error?.field === 'current' ? 'password-error' : undefined}
          />
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            aria-invalid={error && error.field !== 'current' ? true : undefined}
            aria-describedby={`password-hint${error && error.field !== 'current' ? ' password-error' : ''}`}
          />
          <p id="password-hint" className="desk-muted desk-field-hint">
            12 to 128 characters, any you like: a few words you will remember is a good one. Not a common password, nor
            your email.
          </p>
          <p id="password-error" role="alert" className="desk-error">
            {error?.message}
          </p>
          <p role="status" className="desk-live">
            {done}
          </p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </form>
        <p className="desk-muted desk-field-hint">Changing it signs you out everywhere else.</p>
      </section>
    </>
  );
}
