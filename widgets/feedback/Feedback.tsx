import { useCallback, useEffect, useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { icon } from '../elements/icons';
import type { Localized } from '../lib/lang';
import { FEEDBACK_STRINGS } from './strings';
import { reportError } from '../lib/report';
import { useMachine } from '../react/use-machine';
import { renderView } from '../react/view';
import { formatCount } from '../lib/length';
import { COUNTER_FROM, FEEDBACK_LIMITS, type FeedbackFields, type FeedbackProps } from './contract';
import { feedbackEvents, feedbackReducer, initialFeedbackState, lengthOf } from './machine';
import { feedbackTrigger } from './view';
import { FeedbackRefused, postFeedback } from './submit';
import { embedStart, notSetUpRefusal, type EmbedState } from '../lib/embed';
import { useEmbed } from '../lib/use-embed';

const NO_EMBED: EmbedState = { status: 'none' };

/** A "Share Feedback" button that opens a feedback form in a modal dialog. */
export function Feedback({ backendUrl = '', embed: embedId, lang = 'en' }: FeedbackProps & Localized) {
  const {
    state,
    dispatch,
    current,
    ref: rootRef,
  } = useMachine(feedbackReducer, { ...initialFeedbackState, embed: embedStart(backendUrl, embedId) }, feedbackEvents);
  const readEmbed = useCallback(() => current().embed ?? NO_EMBED, [current]);
  // Asked when the visitor presses the trigger (React is here already: it loads once the button is on screen).
  const embedFlow = useEmbed('ai-feedback', backendUrl, embedId, state.embed ?? NO_EMBED, readEmbed, dispatch, rootRef);
  const notSetUp = state.embed?.status === 'not-set-up';
  const t = FEEDBACK_STRINGS[lang];
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { status, fields, error, invalid, problems } = state;
  const fieldRefs = { name: firstFieldRef, email: emailRef, message: messageRef };
  const isOpen = status !== 'closed';
  const busy = status === 'submitting';

  // Before the browser paints, in the same task as the press: keys typed at once land in the name field.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      // Some test DOMs (jsdom) have no modal dialogs: the dialog is then shown open, not modal.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      firstFieldRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);

  // After a refusal the field to fix takes focus (its description is the banner); after an outage, the banner.
  // Only when the answer arrives: fixing the field clears `invalid`, and must not move focus away from it.
  useEffect(() => {
    if (status === 'sent') doneRef.current?.focus();
    else if (status === 'editing' && error) (invalid ? fieldRefs[invalid] : bannerRef).current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, error]);

  // A Submit that found problems: the first field to fix takes focus (its message is its description).
  useEffect(() => {
    const first = (['name', 'email', 'message'] as const).find((name) => problems?.[name]);
    if (first) fieldRefs[first].current?.focus();
    // Once per check: the problems object is new each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problems && Object.keys(problems).length ? problems : null]);

  const onDialogClose = () => {
    const dialog = dialogRef.current;
    // The close event comes a task after the browser closed the dialog: one about an Escape that a
    // press on the trigger has already answered (the dialog is open again) is old news.
    if (dialog?.open) return;
    // The browser may close the dialog on its own (a repeated Esc): the machine decides.
    if (current().status === 'submitting') dialog?.showModal?.();
    else {
      dispatch({ type: 'close' });
      triggerRef.current?.focus();
    }
  };

  const onTrigger = () => {
    // Escape closes the dialog at once but tells us a task later (its close event), and a key or
    // click can come in between on a busy page: the machine hears of the closing first, so this
    // press opens the dialog again instead of finding it "already open".
    if (dialogRef.current && !dialogRef.current.open && current().status === 'editing')
      flushSync(() => dispatch({ type: 'close' }));
    dispatch({ type: 'open' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The machine answers at once: a second submit while one is on its way changes nothing.
    if (current().status !== 'editing') return;
    const next = dispatch({ type: 'submit' });
    if (next.status !== 'submitting') return;
    const sent: FeedbackFields = next.fields;
    try {
      // With `embed`, nothing is sent until the embed says this page is one of its own.
      const embed = await embedFlow.ensure();
      if (embed.status === 'not-set-up') return;
      if (embed.status === 'unasked') throw new Error('The embed could not be asked for.');
      await postFeedback(backendUrl, sent, { embedId: embed.status === 'ready' ? embedId?.trim() : undefined });
      dispatch({ type: 'succeed' });
    } catch (failure) {
      // A refusal says what to fix; only an outage is ours to report.
      const refused = failure instanceof FeedbackRefused ? failure : null;
      const reason = notSetUpRefusal(refused?.code ?? undefined);
      if (reason) return void dispatch({ type: 'not-set-up', reason });
      if (!refused) reportError(failure, { widget: 'feedback' });
      // A field's refusal is said under that field in the service's words; another, in the banner.
      const message = refused
        ? refused.field
          ? refused.reason
          : t.refused({ reason: refused.reason })
        : t.failureBanner;
      dispatch({
        type: 'fail',
        message,
        failure: failure instanceof Error ? failure.message : String(failure),
        field: refused?.field,
      });
    }
  };

  const count = lengthOf(fields.message);
  const counted = count >= COUNTER_FROM;
  const field = (name: keyof FeedbackFields) => ({
    id: `${id}-${name}`,
    name,
    value: fields[name],
    required: true,
    disabled: busy,
    'aria-invalid': invalid === name || Boolean(problems?.[name]) || undefined,
    'aria-describedby':
      [
        (problems?.[name] || invalid === name) && `${id}-${name}-problem`,
        name === 'message' && counted && `${id}-count`,
      ]
        .filter(Boolean)
        .join(' ') || undefined,
    onChange: (e: { currentTarget: { value: string } }) =>
      dispatch({ type: 'edit', field: name, value: e.currentTarget.value }),
  });

  const limit = (name: keyof FeedbackFields) => ({
    limit: formatCount(FEEDBACK_LIMITS[name], lang),
    count: formatCount(lengthOf(fields[name], name), lang),
  });
  // Under its field, like the demo form's: read out as the field's description when it takes focus.
  // Submit's own check, or the service's refusal of that field (never a banner's "try again").
  const problem = (name: keyof FeedbackFields) => {
    const what = problems?.[name];
    const text = !what
      ? invalid === name && error
      : what === 'long'
        ? t.tooLong[name](limit(name))
        : t.problems[what === 'format' ? 'emailFormat' : name];
    if (!text) return null;
    return (
      <p id={`${id}-${name}-problem`} className="problem" part="field-error">
        {text}
      </p>
    );
  };

  return (
    <div ref={rootRef} className="root" {...embedFlow.handlers}>
      {renderView(feedbackTrigger(t), (attrs) =>
        attrs['data-control'] === 'trigger' ? { ref: triggerRef, onClick: onTrigger } : undefined,
      )}
      <dialog
        ref={dialogRef}
        className="dialog"
        part="dialog"
        aria-labelledby={`${id}-title`}
        onCancel={(e) => busy && e.preventDefault()}
        onClose={onDialogClose}
      >
        <button
          type="button"
          className="close"
          part="close-button"
          data-control="close"
          aria-label={t.closeLabel}
          disabled={busy}
          onClick={() => dispatch({ type: 'close' })}
        >
          {renderView(icon('close'))}
        </button>
        {status === 'sent' ? (
          <div className="done">
            <h2 id={`${id}-title`} className="title">
              {t.sentTitle}
            </h2>
            <p className="lead">{t.sentLead}</p>
            <button
              ref={doneRef}
              type="button"
              className="primary"
              part="submit-button"
              onClick={() => dispatch({ type: 'close' })}
            >
              {t.closeButton}
            </button>
          </div>
        ) : notSetUp ? (
          <div className="done">
            <h2 id={`${id}-title`} className="title">
              {t.formTitle}
            </h2>
            <p className="lead" part="not-set-up" role="alert">
              {t.notSetUp}
            </p>
          </div>
        ) : (
          <form className="form" part="form" onSubmit={onSubmit} aria-busy={busy} noValidate>
            <h2 id={`${id}-title`} className="title">
              {t.formTitle}
            </h2>
            <p className="lead">{t.formLead}</p>
            {error && !invalid && (
              <div ref={bannerRef} id={`${id}-error`} className="banner" part="error" role="alert" tabIndex={-1}>
                {error}
              </div>
            )}
            <label htmlFor={`${id}-name`}>{t.nameLabel}</label>
            <input
              ref={firstFieldRef}
              type="text"
              autoComplete="name"
              placeholder={t.namePlaceholder}
              {...field('name')}
            />
            {problem('name')}
            <label htmlFor={`${id}-email`}>{t.emailLabel}</label>
            <input
              ref={emailRef}
              type="email"
              autoComplete="email"
              placeholder={t.emailPlaceholder}
              {...field('email')}
            />
            {problem('email')}
            <label htmlFor={`${id}-message`}>{t.messageLabel}</label>
            <textarea ref={messageRef} rows={5} placeholder={t.messagePlaceholder} {...field('message')} />
            {/* Not maxlength: it counts UTF-16 units (an emoji is two) and would cut a pasted text short unseen. */}
            {counted && (
              <p
                id={`${id}-count`}
                className={count > FEEDBACK_LIMITS.message ? 'counter over' : 'counter'}
                part="counter"
              >
                <span aria-hidden="true">{`${limit('message').count} / ${limit('message').limit}`}</span>
                <span className="visually-hidden">{t.counted(limit('message'))}</span>
              </p>
            )}
            {problem('message')}
            <button type="submit" className="primary" part="submit-button" disabled={busy}>
              {busy ? t.submitting : t.submit}
            </button>
          </form>
        )}
      </dialog>
    </div>
  );
}
