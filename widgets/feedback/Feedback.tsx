import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { useEmit } from '../shared/events';
import { CloseIcon } from '../shared/icons';
import { reportError } from '../shared/report';
import { FAILURE_BANNER, type FeedbackFields, type FeedbackProps } from './contract';
import { feedbackReducer, initialFeedbackState } from './machine';
import { FeedbackRefused, postFeedback } from './submit';

/** A "Share Feedback" button that opens a feedback form in a modal dialog. */
export function Feedback({ backendUrl = '' }: FeedbackProps) {
  const [state, dispatch] = useReducer(feedbackReducer, initialFeedbackState);
  const [rootRef, emit] = useEmit<HTMLDivElement>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const inFlight = useRef(false);
  const id = useId();
  const { status, fields, error, invalid } = state;
  const isOpen = status !== 'closed';
  const busy = status === 'submitting';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      firstFieldRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  // After a refusal the field to fix takes focus (its description is the banner); after an outage, the banner.
  // Only when the answer arrives: fixing the field clears `invalid`, and must not move focus away from it.
  useEffect(() => {
    if (status === 'sent') doneRef.current?.focus();
    else if (status === 'editing' && error) (invalid ? { name: firstFieldRef, email: emailRef, message: messageRef }[invalid] : bannerRef).current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, error]);

  const onDialogClose = () => {
    // The browser may close the dialog on its own (a repeated Esc): the machine decides.
    if (status === 'submitting') dialogRef.current?.showModal();
    else {
      dispatch({ type: 'close' });
      triggerRef.current?.focus();
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || status !== 'editing') return;
    inFlight.current = true;
    const sent: FeedbackFields = { ...fields };
    dispatch({ type: 'submit' });
    emit('ai-feedback-submit', sent);
    try {
      await postFeedback(backendUrl, sent);
      dispatch({ type: 'succeed' });
      emit('ai-feedback-success', sent);
    } catch (failure) {
      // A refusal says what to fix; only an outage is ours to report.
      const refused = failure instanceof FeedbackRefused ? failure : null;
      if (!refused) reportError(failure, { widget: 'feedback' });
      dispatch({ type: 'fail', message: refused ? `${FAILURE_BANNER} ${refused.reason}` : FAILURE_BANNER, field: refused?.field });
      emit('ai-feedback-error', { message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      inFlight.current = false;
    }
  };

  const field = (name: keyof FeedbackFields) => ({
    id: `${id}-${name}`,
    name,
    value: fields[name],
    required: true,
    disabled: busy,
    'aria-invalid': invalid === name || undefined,
    'aria-describedby': invalid === name ? `${id}-error` : undefined,
    onChange: (e: { currentTarget: { value: string } }) => dispatch({ type: 'edit', field: name, value: e.currentTarget.value }),
  });

  return (
    <div ref={rootRef} className="root">
      <button ref={triggerRef} type="button" className="trigger" part="trigger" aria-haspopup="dialog" onClick={() => dispatch({ type: 'open' })}>
        <slot>Share Feedback</slot>
      </button>
      <dialog
        ref={dialogRef}
        className="dialog"
        part="dialog"
        aria-labelledby={`${id}-title`}
        onCancel={(e) => busy && e.preventDefault()}
        onClose={onDialogClose}
      >
        <button type="button" className="close" part="close-button" aria-label="Close" disabled={busy} onClick={() => dispatch({ type: 'close' })}>
          <CloseIcon />
        </button>
        {status === 'sent' ? (
          <div className="done">
            <h2 id={`${id}-title`} className="title">Thank You for Your Feedback!</h2>
            <p className="lead">We read every message, and yours helps us make our agents better.</p>
            <button ref={doneRef} type="button" className="primary" part="submit-button" onClick={() => dispatch({ type: 'close' })}>
              Close
            </button>
          </div>
        ) : (
          <form className="form" part="form" onSubmit={onSubmit} aria-busy={busy}>
            <h2 id={`${id}-title`} className="title">Share Your Feedback</h2>
            <p className="lead">Tell us what works for you and what we could do better.</p>
            {error && (
              <div ref={bannerRef} id={`${id}-error`} className="banner" part="error" role="alert" tabIndex={-1}>
                {error}
              </div>
            )}
            <label htmlFor={`${id}-name`}>Name</label>
            <input ref={firstFieldRef} type="text" autoComplete="name" placeholder="Your name" {...field('name')} />
            <label htmlFor={`${id}-email`}>Email</label>
            <input ref={emailRef} type="email" autoComplete="email" placeholder="you@company.com" {...field('email')} />
            <label htmlFor={`${id}-message`}>Feedback</label>
            <textarea ref={messageRef} rows={5} placeholder="What should we know?" {...field('message')} />
            <button type="submit" className="primary" part="submit-button" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Feedback'}
            </button>
          </form>
        )}
      </dialog>
    </div>
  );
}
