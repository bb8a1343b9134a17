import { useRef, useState } from 'react';
import { api } from '../api';

/** An admin's erasure of a lead's person (an erasure request), behind a confirmation that says what goes and what stays. */
export function EraseLead({ id }: { id: number }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'erasing' | 'done'>('idle');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const confirm = useRef<HTMLParagraphElement>(null);

  const ask = () => {
    setStep('confirm');
    setError('');
    requestAnimationFrame(() => confirm.current?.focus());
  };
  const erase = async () => {
    setStep('erasing');
    try {
      const { erased } = await api<{ erased: number[] }>(`/desk/leads/${id}/personal-data`, { method: 'DELETE' });
      setMessage(`Personal data erased from ${erased.length} lead${erased.length === 1 ? '' : 's'}.`);
      setStep('done');
    } catch (err) {
      setError((err as Error).message);
      setStep('confirm');
    }
  };

  return (
    <section className="desk-card desk-erase" aria-labelledby="h-erase">
      <h2 id="h-erase">Erase personal data</h2>
      <div aria-live="polite">{step === 'done' && <p>{message}</p>}</div>
      {step === 'idle' && (
        <button type="button" className="button button-ghost desk-small-button" onClick={ask}>
          Erase this person’s data…
        </button>
      )}
      {(step === 'confirm' || step === 'erasing') && (
        <>
          <p ref={confirm} tabIndex={-1}>
            This erases the name, number, address, browser, pages, transcripts and recordings of this person from every
            one of their leads, and tells the CRM to erase its copy. It cannot be undone. Dates, agent, call outcome and
            marks stay; the number stays on the do-not-call list if it is there.
          </p>
          {error && (
            <p role="alert" className="desk-error">
              {error}
            </p>
          )}
          <div className="desk-erase-actions">
            <button
              type="button"
              className="button desk-small-button desk-danger"
              onClick={erase}
              disabled={step === 'erasing'}
            >
              {step === 'erasing' ? 'Erasing…' : 'Erase for good'}
            </button>
            <button
              type="button"
              className="button button-ghost desk-small-button"
              onClick={() => setStep('idle')}
              disabled={step === 'erasing'}
            >
              Cancel
            </button>
          </div>
        </>
      )}
    </section>
  );
}
