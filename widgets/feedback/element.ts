/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   The accessors for the declared props are put on the prototype by WidgetElement; the interface only types them. */
import baseCss from '../elements/base.css?inline';
import { FEEDBACK_SHELL } from './shell-strings';
import { string, type PropsOf } from '../elements/props';
import { defineOnce, WidgetElement, type WidgetSpec } from '../elements/widget-element';
import css from './feedback.css?inline';
import { feedbackShell } from './view';
import type { FeedbackErrorDetail, FeedbackFields } from './contract';
import { reactLayer } from '../react/layer';

/**
 * A "Share Feedback" button that opens a feedback form in a modal dialog and posts it to the backend.
 *
 * @summary Feedback button and modal form.
 * @tag ai-feedback
 *
 * @slot - The trigger button's label (default: "Share Feedback").
 *
 * @fires ai-feedback-submit - The visitor sent the form.
 * @fires ai-feedback-success - The backend accepted the feedback.
 * @fires ai-feedback-error - Sending failed (non-2xx, network error, or no answer within 15 s); the form shows the error banner and keeps what was typed.
 *
 * @csspart trigger - The button that opens the dialog.
 * @csspart dialog - The modal dialog.
 * @csspart form - The feedback form.
 * @csspart error - The error banner.
 * @csspart field-error - What is wrong with a field, under that field: Submit's own check (empty, not an email address, longer than the service takes) or the service's refusal of it.
 * @csspart counter - The message's length against its limit ("4,512 / 5,000"), shown from 4,500 characters on.
 * @csspart submit-button - The submit button, and the Close button on the thank-you screen.
 * @csspart close-button - The dialog's close (×) button.
 *
 * @cssprop --accent - The dialog's buttons (Submit Feedback, Close); keep it opaque, it is painted on --surface.
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
 * @cssprop --focus-ring - The focus ring's outer colour (3 px), for light backgrounds. Default: `#16151d`.
 * @cssprop --focus-ring-inner - The focus ring's inner colour (2 px, between the control and the outer ring), for dark or coloured ones. Default: `#ffffff`.
 */
export class AIFeedbackElement extends WidgetElement {
  /** The public properties; attributes are their kebab-case names. */
  static override props = {
    /** Base URL of the backend; the form posts JSON `{name, email, message}` to `{backend-url}/feedback`. */
    backendUrl: string(),
    /** The embed's id (`emb_…`) from the desk, with `backend-url`: the feedback names it. Asked for when a visitor first reaches for the form; on a page that is not one of its origins the form says it is not set up here and sends nothing. */
    embed: string(),
  };
  static override widget: WidgetSpec<FeedbackProps> = {
    load: () => import('./Feedback').then((m) => m.Feedback),
    react: reactLayer,
    css: [baseCss, css],
    ...feedbackShell,
    loadWhenVisible: true,
    loadError: (p) => FEEDBACK_SHELL[p.lang ?? 'en'].loadError,
    tryAgain: (p) => FEEDBACK_SHELL[p.lang ?? 'en'].tryAgain,
    exportName: 'Feedback',
    widget: 'feedback',
  };

  /** Opens the feedback dialog, as the trigger button does, loading its code first when needed. Resolves once it is open; out of the page it does nothing. */
  async open(): Promise<void> {
    if (!(await this.ready()) || this.#dialog()?.open) return;
    this.press('trigger');
  }

  /** Closes the feedback dialog, as its × button does (what was typed stays for next time). Does nothing while it is sending, or when it is closed. */
  close(): void {
    if (this.#dialog()?.open) this.press('close');
  }

  #dialog() {
    return this.shadowRoot?.querySelector('dialog');
  }
}

export type FeedbackProps = PropsOf<typeof AIFeedbackElement.props>;
export interface AIFeedbackElement extends FeedbackProps {}

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
