/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   The accessors for the declared props are put on the prototype by WidgetElement; the interface only types them. */
import baseCss from '../elements/base.css?inline';
import phoneCss from 'react-phone-number-input/style.css?inline';
import css from './demo-request.css?inline';
import { reserveCss } from './reserve';
import { agentColoursCss, demoRequestShell } from './view';
import { DEMO_REQUEST_SHELL } from './shell-strings';
import { property, string, type PropsOf } from '../elements/props';
import { defineOnce, WidgetElement, type WidgetSpec } from '../elements/widget-element';
import type { DemoRequestErrorDetail, DemoRequestSubmitDetail, DemoRequestSuccessDetail } from './contract';
import { reactLayer } from '../react/layer';

/**
 * Pick one of four demo agents, give a name and a phone number verified in OTP steps,
 * consent, and press Get a Call. With `backend-url` the service sends and checks the code,
 * stores the lead, delivers it to the CRM and calls the visitor; without it the form is a demo
 * of the steps and the page receives the lead as an event.
 *
 * @summary Request-a-demo-call form with agent picker and phone verification.
 * @tag ai-demo-request
 *
 * @fires ai-demo-request-submit - Get a Call was pressed; `phone` is E.164 (`+919876543210`).
 * @fires ai-demo-request-success - With `backend-url`: the lead is stored; `call` says what becomes of the AI demo call (`placed`, `retrying`, `scheduled` at `callAt`, `failed`, `not-configured`); `duplicate` when the same number asked for the same agent within 24 h.
 * @fires ai-demo-request-error - With `backend-url`: the lead was refused or the service was out of reach; `message` is what the visitor was told.
 *
 * @csspart base - The whole form.
 * @csspart agents - The agent radio group.
 * @csspart agent - Each agent card.
 * @csspart agent-selected - The selected agent card.
 * @csspart form - The name, phone and consent panel.
 * @csspart phone - The phone field, with the Get OTP button inside.
 * @csspart otp-button - The Get OTP button.
 * @csspart verify-button - The Verify button.
 * @csspart verified - The "Phone number verified" confirmation.
 * @csspart submit-button - The Get a Call button.
 * @csspart confirmation - The confirmation shown once the request is in (with `backend-url`).
 * @csspart privacy-link - The link to the privacy policy beside the consent sentence (with `privacy-href`).
 *
 * @cssprop --accent - Buttons and links.
 * @cssprop --accent-contrast - Button text colour.
 * @cssprop --surface - Card and panel background.
 * @cssprop --text - Text colour.
 * @cssprop --muted - Secondary text colour.
 * @cssprop --border - Card and field border colour.
 * @cssprop --success - The verified confirmation colour.
 * @cssprop --danger - The colour of a refusal's message.
 * @cssprop --radius - Corner radius.
 * @cssprop --font-family - Font.
 * @cssprop --font-size - Base font size. Default: `16px`.
 * @cssprop --focus-ring - The focus ring's outer colour (3 px), for light backgrounds. Default: `#16151d`.
 * @cssprop --focus-ring-inner - The focus ring's inner colour (2 px, between the control and the outer ring), for dark or coloured ones. Default: `#ffffff`.
 */
export class AIDemoRequestElement extends WidgetElement {
  /** The public properties; attributes are their kebab-case names. */
  static override props = {
    /** The service's base URL (`/api` on our own): Get OTP sends a code by SMS, Verify checks it, Get a Call stores the lead and places the AI demo call. Unset: demo mode (Verify succeeds on the press, nothing is sent). */
    backendUrl: string(),
    /** The embed's id (`emb_…`) from the desk, with `backend-url`: the embed decides the brand, the consent sentence, the agents and the countries (disagreeing `brand-name`, `consent-text`, `consent-version` and `countries` are ignored, with a console note), and every request names it. Asked for when a visitor first reaches for the form; on a page that is not one of its origins the form says it is not set up here and sends nothing. */
    embed: string(),
    /** Country the phone field starts with, ISO 3166-1 alpha-2. Default: `IN`. */
    defaultCountry: string(),
    /** Who the consent text names ("from {brand-name} services"); unset, it says "from us". */
    brandName: string(),
    /** The consent sentence shown next to the box and sent with the lead exactly as shown; unset, the built-in one for `brand-name` in the widget's language. */
    consentText: string(),
    /** The privacy policy's address: a "Privacy policy" link beside the consent sentence (the sentence itself is unchanged). */
    privacyHref: string(),
    /** The version of the consent text, stored with the lead so that what the visitor agreed to can be found again. */
    consentVersion: string(),
    /** Cloudflare Turnstile site key: loads Turnstile's script (once per page; a strict CSP must allow `https://challenges.cloudflare.com` in script-src and frame-src) and shows its check near Get OTP, in a `slot="challenge"` child the element adds to itself. Unset: nothing is loaded. */
    turnstileSiteKey: string(),
    /** Countries the phone field accepts: comma-separated ISO 3166-1 alpha-2 codes (`IN,AE,GB`), or `all` for every country. Default: `default-country` alone (`IN`). */
    countries: string(),
    /** Extra facts stored with the lead (a campaign, a page): up to 20 string values of at most 200 characters (JS property only); anything else is refused with a console error and `{}` is sent. */
    metadata: property<Record<string, string>>(),
  };
  static override widget: WidgetSpec<DemoRequestProps> = {
    load: () => import('./DemoRequest').then((m) => m.DemoRequest),
    react: reactLayer,
    // The form's own CSS and the phone library's: the shell draws the form with them before React.
    css: [baseCss, phoneCss, css, reserveCss(), agentColoursCss()],
    // The form at rest is in the first paint; React comes when a visitor reaches for it.
    ...demoRequestShell,
    loadError: (p) => DEMO_REQUEST_SHELL[p.lang ?? 'en'].loadError,
    tryAgain: (p) => DEMO_REQUEST_SHELL[p.lang ?? 'en'].tryAgain,
    exportName: 'DemoRequest',
    widget: 'demo-request',
  };

  /**
   * Clears the form for the next visitor: no agent chosen, empty fields, no code sent, consent unticked
   * (the confirmation after a request goes too). Resolves once the empty form is drawn, loading its code
   * first when needed; out of the page it does nothing.
   */
  async reset(): Promise<void> {
    if (await this.ready()) this.remount();
  }
}

export type DemoRequestProps = PropsOf<typeof AIDemoRequestElement.props>;
export interface AIDemoRequestElement extends DemoRequestProps {}

/** Registers `<ai-demo-request>` (or another tag name, typed through `HTMLElementTagNameMap`); a second call is harmless. */
export function defineDemoRequest(tag = 'ai-demo-request'): typeof AIDemoRequestElement | undefined {
  return defineOnce(tag, AIDemoRequestElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'ai-demo-request': AIDemoRequestElement;
  }
  interface GlobalEventHandlersEventMap {
    'ai-demo-request-submit': CustomEvent<DemoRequestSubmitDetail>;
    'ai-demo-request-success': CustomEvent<DemoRequestSuccessDetail>;
    'ai-demo-request-error': CustomEvent<DemoRequestErrorDetail>;
  }
}
