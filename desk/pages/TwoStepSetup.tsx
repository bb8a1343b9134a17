import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type Session } from '../api';
import { DeskNotices } from './DeskNotices';
import '../two-step.css';

export type TwoStepKey = { secret: string; uri: string; qr: string };
export type TurnedOn = { recoveryCodes: string[]; sessionsEnded: number; session?: Session };
type Heading = 'h2' | 'h3';

/** Its heading, focused as it shows when `focus` (it replaced what had focus, so a screen reader starts here). */
function useHeadingFocus(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}

/** A new key for an authenticator app (the one before, if any, no longer counts). */
export const beginTwoStep = () => api<TwoStepKey>('/desk/two-step/setup', { method: 'POST' });

/** Adding the desk to an authenticator app: its QR code, the key as text, then a code to prove it. */
export function TwoStepSetup({
  twoStepKey,
  onDone,
  onCancel,
  heading: H = 'h2',
  focus = false,
}: {
  twoStepKey: TwoStepKey;
  onDone: (answer: TurnedOn) => void;
  onCancel?: () => void;
  heading?: Heading;
  focus?: boolean;
}) {
  const heading = useHeadingFocus(focus);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code')).replace(/\s/g, '');
    setBusy(true);
    setError('');
    try {
      onDone(await api<TurnedOn>('/desk/two-step', { method: 'PUT', body: { code } }));
    } catch (err) {
      setError((err as ApiError).message);
      setBusy(false);
    }
  }

  return (
    <div className="desk-two-step" aria-labelledby="two-step-setup-title" role="group">
      <H id="two-step-setup-title" tabIndex={-1} ref={heading}>
        Add the desk to your authenticator app
      </H>
      <ol className="desk-two-step-steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password or another)
          and add an account.
        </li>
        <li>
          Scan this QR code with it:
          <img className="desk-qr" src={twoStepKey.qr} width={176} height={176} alt="QR code of your new key" />
          <span className="desk-muted desk-field-hint">Or type this key into the app instead:</span>
          <code className="desk-two-step-key" aria-label={`Key: ${twoStepKey.secret}`}>
            {twoStepKey.secret}
          </code>
        </li>
        <li>
          <form className="desk-form" onSubmit={confirm}>
            <label htmlFor="setup-code">Type the 6-digit code the app shows</label>
            <input
              id="setup-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\s*(\d\s*){6}"
              maxLength={12}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'setup-error' : undefined}
            />
            <DeskNotices errorId="setup-error" error={error} />
            <div className="desk-two-step-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? 'Turning on…' : 'Turn on two-step sign-in'}
              </button>
              {onCancel && (
                <button type="button" className="button button-ghost" onClick={onCancel}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, shown this once: to copy or download before going on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
  heading: H = 'h2',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
  heading?: Heading;
}) {
  const heading = useHeadingFocus(true);
  const [copied, setCopied] = useState('');
  const [error, setError] = useState('');
  const text = `Sales desk recovery codes (each signs in once, in place of a code from your app)\n\n${codes.join('\n')}\n`;
  const href = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);

  const copy = async () => {
    setError('');
    try {
      await navigator.clipboard.writeText(text);
      setCopied('The codes are copied.');
    } catch {
      setError('They could not be copied here: download them, or write them down.');
    }
  };

  return (
    <div className="desk-two-step" role="group" aria-labelledby="recovery-title">
      <H id="recovery-title" tabIndex={-1} ref={heading}>
        Keep your recovery codes
      </H>
      <p>
        If you lose your phone, each of these codes signs you in once, in place of a code from your app. They are shown
        only now: keep them somewhere safe, apart from your phone.
      </p>
      <ol className="desk-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="desk-two-step-actions">
        <button type="button" className="button button-ghost" onClick={() => void copy()}>
          Copy the codes
        </button>
        <a className="button button-ghost" href={href} download="sales-desk-recovery-codes.txt">
          Download the codes
        </a>
      </div>
      <DeskNotices error={error} done={copied} />
      <button type="button" className="button button-primary" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
