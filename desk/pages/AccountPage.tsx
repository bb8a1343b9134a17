import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { ago, counted, when } from '../format';
import { DeskNotices } from './DeskNotices';
import { TwoStepSection } from './TwoStepSection';

type Session = {
  id: string;
  device: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
};

/** One’s own sessions, this one first: the device, the address, when last seen; end any or all others. */
function Sessions({ reload }: { reload: number }) {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    api<{ sessions: Session[] }>('/desk/sessions').then(
      (answer) => current && setSessions([...answer.sessions].sort((a, b) => Number(b.current) - Number(a.current))),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [loads, reload]);

  const end = async (session?: Session) => {
    setError('');
    setDone('');
    try {
      if (session) {
        await api(`/desk/sessions/${session.id}`, { method: 'DELETE' });
        setDone(`The session on ${session.device} has ended.`);
      } else {
        const { ended } = await api<{ ended: number }>('/desk/sessions', { method: 'DELETE' });
        setDone(`${counted(ended, 'other session')} ended.`);
      }
    } catch (err) {
      setError((err as ApiError).message);
    }
    setLoads((n) => n + 1);
  };

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="desk-panel desk-panel-wide" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <p className="desk-muted desk-field-hint">
        Where you are signed in. A session lasts 12 hours; end one you do not recognise, then change your password.
      </p>
      <DeskNotices error={error} done={done} loading={sessions === null && 'Loading your sessions…'} />
      {sessions === null ? null : (
        <ul className="desk-sessions">
          {sessions.map((s) => (
            <li key={s.id} className="desk-session">
              <div>
                <strong>{s.device}</strong>
                {s.current && <span className="desk-badge desk-badge-here">This session</span>}
                <div className="desk-muted desk-field-hint">
                  {s.address ?? 'Address unknown'} · last seen{' '}
                  <time dateTime={s.lastSeenAt} title={when(s.lastSeenAt)}>
                    {s.current ? 'now' : ago(s.lastSeenAt)}
                  </time>{' '}
                  · signed in <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
                </div>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="button button-ghost desk-small-button"
                  aria-label={`End the session on ${s.device}, last seen ${ago(s.lastSeenAt)}`}
                  onClick={() => void end(s)}
                >
                  End
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 1 && (
        <button type="button" className="button button-ghost desk-small-button" onClick={() => void end()}>
          End all other sessions
        </button>
      )}
    </section>
  );
}

/** One’s own account: a new password, giving the current one (one’s other sessions end), and one’s sessions. */
export function AccountPage({ email }: { email: string }) {
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [changes, setChanges] = useState(0);

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
      setChanges((n) => n + 1);
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
          <DeskNotices errorId="password-error" error={error?.message} done={done} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </form>
        <p className="desk-muted desk-field-hint">Changing it signs you out everywhere else.</p>
      </section>
      <TwoStepSection onSessionsEnded={() => setChanges((n) => n + 1)} />
      <Sessions reload={changes} />
    </>
  );
}
