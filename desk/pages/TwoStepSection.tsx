import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { counted, when } from '../format';
import { DeskNotices } from './DeskNotices';
import { beginTwoStep, RecoveryCodes, TwoStepSetup, type TurnedOn, type TwoStepKey } from './TwoStepSetup';

type Status = { on: boolean; required: boolean; since: string | null; recoveryCodesLeft: number };

/** The Account page's "Two-step sign-in": set it up (a key, a code, recovery codes once), or turn it off. */
export function TwoStepSection({ onSessionsEnded }: { onSessionsEnded: () => void }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [key, setKey] = useState<TwoStepKey | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState('');
  // What is under way: making a key, or the form (by its field) sent.
  const [busy, setBusy] = useState<false | 'key' | 'proof' | 'renew-proof'>(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    api<Status>('/desk/two-step').then(
      (answer) => current && setStatus(answer),
      (err: Error) => current && setError({ message: err.message }),
    );
    return () => {
      current = false;
    };
  }, [loads]);

  const start = async () => {
    setBusy('key');
    setError(null);
    setDone('');
    try {
      setKey(await beginTwoStep());
    } catch (err) {
      setError({ message: (err as ApiError).message });
    }
    setBusy(false);
  };

  const turnedOn = ({ recoveryCodes, sessionsEnded }: TurnedOn) => {
    setKey(null);
    setCodes(recoveryCodes);
    setDone(`Two-step sign-in is on.${sessionsEnded ? ` ${counted(sessionsEnded, 'other session')} ended.` : ''}`);
    onSessionsEnded();
  };

  // Six digits are a code from the app; anything else is the password.
  const proofOf = (given: string) => {
    const digits = given.replace(/\s/g, '');
    return /^\d{6}$/.test(digits) ? { code: digits } : { password: given };
  };

  /** Turning it off, or new recovery codes: each with a code from the app or the password. */
  const withProof =
    (field: 'proof' | 'renew-proof', act: (proof: object) => Promise<void>) =>
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const form = e.currentTarget;
      setBusy(field);
      setError(null);
      setDone('');
      try {
        await act(proofOf(String(new FormData(form).get('proof'))));
        form.reset();
      } catch (err) {
        setError({ field, message: (err as ApiError).message });
      }
      setBusy(false);
    };

  const turnOff = withProof('proof', async (body) => {
    await api('/desk/two-step', { method: 'DELETE', body });
    setDone('Two-step sign-in is off. Your recovery codes no longer work.');
    setLoads((n) => n + 1);
  });

  const renewCodes = withProof('renew-proof', async (body) => {
    const answer = await api<{ recoveryCodes: string[] }>('/desk/two-step/recovery-codes', { method: 'POST', body });
    setCodes(answer.recoveryCodes);
    setDone('New recovery codes are made. The old ones no longer work.');
  });

  const proofField = (id: string, field: string, label: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="proof"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={error?.field === field ? true : undefined}
        aria-describedby={error?.field === field ? 'two-step-error' : undefined}
      />
    </>
  );

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        heading="h3"
        doneLabel="Done: I have kept them"
        onDone={() => {
          setCodes(null);
          setLoads((n) => n + 1);
        }}
      />
    );
  else if (key)
    body = <TwoStepSetup twoStepKey={key} heading="h3" focus onDone={turnedOn} onCancel={() => setKey(null)} />;
  else if (!status) body = null;
  else if (status.on)
    body = (
      <>
        <p>
          <strong>On</strong> since <time dateTime={status.since!}>{when(status.since!)}</time>: signing in asks for a
          code from your authenticator app after your password. {counted(status.recoveryCodesLeft, 'recovery code')}{' '}
          left.
        </p>
        <form className="desk-form" onSubmit={renewCodes}>
          {proofField(
            'two-step-renew-proof',
            'renew-proof',
            'To make new recovery codes (the old ones stop working), give your password or a code from your app',
          )}
          <button type="submit" className="button button-ghost" disabled={busy !== false}>
            {busy === 'renew-proof' ? 'Making new codes…' : 'Make new recovery codes'}
          </button>
        </form>
        {status.required ? (
          <p className="desk-muted desk-field-hint">The desk requires it for your role, so it stays on.</p>
        ) : (
          <form className="desk-form" onSubmit={turnOff}>
            {proofField('two-step-proof', 'proof', 'To turn it off, give your password or a code from your app')}
            <button type="submit" className="button button-ghost" disabled={busy !== false}>
              {busy === 'proof' ? 'Turning off…' : 'Turn off two-step sign-in'}
            </button>
          </form>
        )}
      </>
    );
  else
    body = (
      <>
        <p>
          <strong>Off.</strong> With it on, signing in also asks for a 6-digit code from an app on your phone, so your
          password alone does not open the desk.
          {status.required &&
            ' The desk requires it for your role: you will be asked to set it up at your next sign-in.'}
        </p>
        <button type="button" className="button button-primary" disabled={busy !== false} onClick={() => void start()}>
          {busy === 'key' ? 'Making a key…' : 'Set up two-step sign-in'}
        </button>
      </>
    );

  return (
    <section className="desk-panel desk-two-step-panel" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      {body}
      <DeskNotices
        errorId="two-step-error"
        error={error?.message}
        done={done}
        loading={!status && !key && !codes && 'Loading…'}
      />
    </section>
  );
}
