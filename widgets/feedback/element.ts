import baseCss from '../elements/base.css?inline';
import { FEEDBACK_SHELL } from '../lib/strings/shells';
import { defineOnce, widgetElement } from '../elements/widget-element';
import css from './feedback.css?inline';
import { feedbackShell } from './shell';
import type { FeedbackErrorDetail, FeedbackFields, FeedbackProps } from './contract';


/**
 * A "Share Feedback" button that opens a feedback form in a modal dialog and posts it to the backend.
 *
 * @summary Feedback button and modal form.
 * @tag ai-feedback
 *
 * @attr {string} backend-url - Base URL of the backend; the form posts JSON `{name, email, message}` to `{backend-url}/feedback`.
 *
 * @slot - The trigger button's label (default: "Share Feedback").
 *
 * @fires {CustomEvent<{name: string, email: string, message: string}>} ai-feedback-submit - The visitor sent the form.
 * @fires {CustomEvent<{name: string, email: string, message: string}>} ai-feedback-success - The backend accepted the feedback.
 * @fires {CustomEvent<{message: string}>} ai-feedback-error - Sending failed (non-2xx, network error, or no answer within 15 s); the form shows the error banner and keeps what was typed.
 *
 * @csspart trigger - The button that opens the dialog.
 * @csspart dialog - The modal dialog.
 * @csspart form - The feedback form.
 * @csspart error - The error banner.
 * @csspart submit-button - The submit button, and the Close button on the thank-you screen.
 * @csspart close-button - The dialog's close (×) button.
 *
 * @cssprop --accent - The dialog's buttons (Submit Feedback, Close) and focus colour; keep it opaque, it is painted on --surface.
 * @cssprop --accent-contrast - Text colour on the dialog's buttons.
 * @cssprop --trigger-background - The Share Feedback button's background; unset, it is --accent.
 * @cssprop --trigger-color - The Share Feedback button's text colour; unset, it is --accent-contrast.
 * @cssprop --surface - Dialog background.
 * @cssprop --text - Text colour.
 * @cssprop --muted - Secondary text colour.
 * @cssprop --border - Field border colour.
 * @cssprop --danger - Error banner colour.
 * @cssprop --radius - Corner radius.
 * @cssprop --font-family - Font.
 * @cssprop --font-size - Base font size. Default: `16px`.
 */
export const AIFeedbackElement = widgetElement<FeedbackProps>(() => import('./Feedback').then((m) => m.Feedback), {
  attrs: { backendUrl: 'string' },
  css: [baseCss, css],
  ...feedbackShell,
  loadWhenVisible: true,
  loadError: (props) => FEEDBACK_SHELL[props.lang ?? 'en'].loadError,
  tryAgain: (props) => FEEDBACK_SHELL[props.lang ?? 'en'].tryAgain,
  exportName: 'Feedback',
  widget: 'feedback',
});

export type AIFeedbackElement = HTMLElement & FeedbackProps;

/** Registers `<ai-feedback>` (or another tag name, typed through `HTMLElementTagNameMap`); a second call is harmless. */
export function defineFeedback(tag = 'ai-feedback'): typeof AIFeedbackElement | undefined {
  return defineOnce(tag, AIFeedbackElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'ai-feedback': AIFeedbackElement;
  }
  interface GlobalEventHandlersEventMap {
    'ai-feedback-submit': CustomEvent<FeedbackFields>;
    'ai-feedback-success': CustomEvent<FeedbackFields>;
    'ai-feedback-error': CustomEvent<FeedbackErrorDetail>;
  }
}
