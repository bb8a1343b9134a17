/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   The accessors for the declared props are put on the prototype by WidgetElement; the interface only types them. */
import baseCss from '../elements/base.css?inline';
import { boolean, list, number, property, string, type PropsOf } from '../elements/props';
import { defineOnce, WidgetElement, type WidgetSpec } from '../elements/widget-element';
import css from './voice-demo.css?inline';
import launcherCss from './launcher.css?inline';
import { VOICE_STRINGS } from './strings';
import { stateAfter, voiceShell } from './view';
import { reserveCss } from './reserve';
import type { VoiceClient, VoiceDemoErrorDetail, VoiceDemoMessageDetail, VoiceRenderProps } from './contract';
import type { PageTools, VoiceDemoToolDetail } from './tools';
import { callSent, cancelEarly, loadScripted, loadSdk, startEarly } from './begin-call';
import { reactLayer } from '../react/layer';
import { conversationKey } from './saved';
import { SEND } from './contract';
import { isLauncher } from './launcher-view';
import { inviteDue, placeLauncher, unplaceLauncher } from './launcher';

const IN_CALL = ['listening', 'speaking'];

/**
 * A round microphone button that starts a live voice call with an AI agent, and with `mode` a typed
 * conversation with the same agent, alone or beside the call, as one conversation.
 *
 * @summary Live voice demo with an AI agent.
 * @tag ai-voice-demo
 *
 * @fires ai-voice-demo-start - The call is connected and the agent is listening.
 * @fires ai-voice-demo-end - A connected call ended.
 * @fires ai-voice-demo-error - A call failed to start or broke: `detail.code` says what failed (the microphone, the connection timing out, or the provider), `detail.message` why.
 * @fires ai-voice-demo-message - A line of the conversation is settled, typed or spoken: `detail` is `{role: 'user' | 'assistant', text, via: 'text' | 'voice'}`.
 * @fires ai-voice-demo-tool - The agent called a page tool (`tools`, or a built-in action) and it has run: `detail` is exactly `{name, ok}`, `ok` false for a name the page has no tool for, a throw, a time-out or a refusal; never the arguments or the result.
 *
 * @csspart base - The wrapper around the button and the status text.
 * @csspart button - The microphone button.
 * @csspart spinner - The spinner shown while connecting.
 * @csspart tooltip - The status text under the button.
 * @csspart meter - The agent's voice level bar during a call.
 * @csspart mute-button - The mute toggle during a call.
 * @csspart captions - The conversation's log: live captions of a call, and every typed line (`role="log"`).
 * @csspart composer - The text field with Send and End (`mode` `text` and `hybrid`).
 * @csspart field - The text field: Enter sends, Shift+Enter makes a new line.
 * @csspart send-button - Send.
 * @csspart end-button - End, which closes the typed conversation (Undo brings it back for a few seconds). Unseen during a call, which the call's button ends.
 * @csspart problem - Why a typed turn got no answer.
 * @csspart retry-button - Sends a turn whose answer was cut off again.
 * @csspart type-instead - After a microphone failure, opens the text field instead.
 * @csspart consent - The consent step; its buttons are `accept-button` and `cancel-button`.
 * @csspart accept-button - The consent step's Accept.
 * @csspart cancel-button - The consent step's Cancel.
 * @csspart privacy-link - The consent step's link to the privacy policy (with `privacy-href`).
 * @csspart simulated - With `simulate`: "Simulated demo: a preview with scripted answers…".
 * @csspart undo-button - After End, for a few seconds: brings the conversation back before it is cleared.
 * @csspart queued - Words sent while an answer was arriving, shown until they go.
 * @csspart reason - After a failure, why it failed, where that is known (not set up, the network, the connection timing out).
 * @csspart fallback - After a failure, the link to `fallback-href`.
 * @csspart challenge - The slot under the card that shows Turnstile's check (`turnstile-site-key`), when it needs the visitor.
 * @csspart launcher - With `variant="launcher"`: the round button fixed at a corner that opens and folds the panel.
 * @csspart panel - With `variant="launcher"`: the panel beside the button that holds the whole conversation (the whole screen on a phone).
 * @csspart close-button - With `variant="launcher"`: the panel's Close, which folds it (as Escape does); the call goes on.
 * @csspart suggestions - With `suggestions`: the row of suggested replies under the log (`role="group"`).
 * @csspart suggestion - Each suggested reply's button.
 * @csspart invite - With `invite`: the bubble beside the folded launcher.
 * @csspart dismiss-button - With `invite`: the bubble's Dismiss, which ends the invitation for the tab's session (as Escape in it does).
 *
 * @cssprop --accent - Button and accent colour.
 * @cssprop --accent-contrast - Icon colour on the button.
 * @cssprop --danger - Button colour during a call, and the error status colour.
 * @cssprop --size - Button diameter. Default: `72px`.
 * @cssprop --log-lines - The height of the captions' area, in lines of its text; the consent step and a failure's reason are drawn over it, so the card never grows. Default: `8`, and `12` with a typed conversation (`mode`).
 * @cssprop --tooltip-background - Status text background.
 * @cssprop --tooltip-color - Status text colour.
 * @cssprop --font-family - Font of the status text.
 * @cssprop --font-size - Base font size. Default: `16px`.
 * @cssprop --focus-ring - The focus ring's outer colour (3 px), for light backgrounds. Default: `#16151d`.
 * @cssprop --ai-launcher-inset-x - With `variant="launcher"`: the button's distance from the window's left or right edge. Default: `24px`.
 * @cssprop --ai-launcher-inset-y - With `variant="launcher"`: the button's distance from the window's top or bottom edge. Default: `24px`.
 * @cssprop --focus-ring-inner - The focus ring's inner colour (2 px, between the control and the outer ring), for dark or coloured ones. Default: `#ffffff`.
 */
export class AIVoiceDemoElement extends WidgetElement {
  /** The public properties; attributes are their kebab-case names. */
  static override props = {
    /** The voice provider's public client key, sent as a bearer token. Without it, or left as a placeholder (`YOUR_PUBLIC_KEY`, `your-public-key`, a value with `<`, `>` or spaces; with the provider's own `api-url`), and without `simulate` or `client`, a press sends nothing, the card says calls are not set up on this page, and the console says what to set. */
    publicKey: string(),
    /** The assistant that answers. Without it, a press ends in the error state with "Assistant or Squad must be provided." */
    assistantId: string(),
    /** The voice provider's API base URL. Default: `https://api.vapi.ai`. */
    apiUrl: string(),
    /**
     * The service's API base URL (`https://example.com/api`). Set, each call and each typed conversation first
     * asks `POST {backend-url}/voice/session`: a call then uses its `token` as the bearer (not `public-key`),
     * with its `sessionId` as `assistantOverrides.metadata.demoSessionId`; a refusal is said in words, with
     * `fallback-href`. Not asked with `simulate` or a page's own `client`.
     */
    backendUrl: string(),
    /**
     * The embed's id (`emb_…`) from the desk, with `backend-url`: every ask names it (`embedId`), and the embed's
     * agents decide (an `agent-id` it does not offer is ignored, with a console note). Asked for when the visitor
     * first reaches for the card; on a page that is not one of its origins the card says it is not set up here,
     * with `fallback-href`, and asks nothing.
     */
    embed: string(),
    /**
     * Which of the service's agents this card demonstrates (`receptionist`, …), sent with `backend-url`'s ask as
     * `agentId`: the service then grants only that agent's assistant (its `VAPI_ASSISTANT_*`).
     */
    agentId: string(),
    /**
     * Cloudflare Turnstile site key, with `backend-url`: when the visitor starts a demo (never before), Turnstile's
     * script is loaded and its check run, shown only if it needs the visitor, in a `slot="challenge"` child the
     * element adds to itself; its token goes with the ask as `turnstileToken`. A strict CSP must allow
     * `https://challenges.cloudflare.com` in script-src and frame-src. Unset: nothing is loaded.
     */
    turnstileSiteKey: string(),
    /** Shows the conversation as live captions under the button, announced politely (a boolean attribute: present is on). */
    captions: boolean(),
    /** Text the visitor must accept (Accept / Cancel) before the microphone opens; remembered for the tab's session. */
    consentText: string(),
    /** Seconds a call may take to connect before it ends in the error state. Default: `20`. */
    connectTimeout: number(),
    /** Names the agent in the button's accessible name ("Receptionist: Start a voice call with our AI agent"), so several buttons on a page tell apart; the status text is unchanged. */
    label: string(),
    /** After a failure, a link here offers another way on (a call-me form, say): "Ask for a call to your phone instead". */
    fallbackHref: string(),
    /** The privacy policy's address: the consent step links it beside `consent-text`. */
    privacyHref: string(),
    /** `voice` (a call, the default), `text` (a typed conversation that never asks for the microphone) or `hybrid` (both, one conversation). Any other value reads as `voice`. */
    mode: string(),
    /** The agent's first line in a typed conversation, shown before the visitor writes and sent as the conversation's first `assistant` item. */
    greeting: string(),
    /**
     * Plays the demo without a provider (a boolean attribute): a scripted call in which the agent asks for typed
     * questions and says goodbye by itself, and answers to typed words on prices, booking, languages and hours;
     * no key, no microphone, no consent step, no request. The card tells the visitor it is a simulated preview; the
     * settings that make it real go to the browser's console. A `client` set by the page takes its place.
     */
    simulate: boolean(),
    /**
     * `card` (the default: the widget where the page puts it) or `launcher`: a round button fixed at a corner of
     * the window, named "Talk to our AI agent", that opens a panel with the whole conversation and folds it again
     * (Escape, or Close) without ending a call or a typed conversation. Open or folded is kept for the tab's
     * session, so the next page of the site shows it as it was left. One launcher per page: a second is drawn as
     * a card, with a console note.
     */
    variant: string(),
    /** With `variant="launcher"`: the corner, `bottom-right` (the default), `bottom-left`, `top-right` or `top-left`. */
    placement: string(),
    /** With `variant="launcher"`: the button's name instead of "Talk to our AI agent" (`label` still comes first). */
    launcherLabel: string(),
    /**
     * With `variant="launcher"`: a short line ("Questions? Ask our agent") shown in a bubble beside the folded
     * button after `invite-after` seconds, announced politely, with its button Dismiss. Once per tab session:
     * dismissing it or opening the panel ends it for the session; shown and not yet answered, the tab's next
     * pages show it at once. No motion under `prefers-reduced-motion`. A card ignores it.
     */
    invite: string(),
    /** With `invite`: the seconds the folded launcher waits on a page before the bubble shows. Default: `8`. */
    inviteAfter: number(),
    /**
     * Suggested replies, `|`-separated (`Pricing|Book a demo|Do you speak Hindi?`; the property takes an array):
     * buttons under the log until the visitor's first line. Pressing one sends its words as the visitor's Send
     * would: into the call during one, else as a typed turn. In the card and in the launcher; shown where the
     * log is (`mode` `text` and `hybrid`, or `captions`).
     */
    suggestions: list(),
    /** A voice client with the Vapi SDK's event contract, replacing the built-in one (JS property only). */
    client: property<VoiceClient>(),
    /**
     * Page tools the agent may call during a call (JS property only): `{ name: async (args) => result }`, or
     * `{ name: { run, description } }` where `description` is what the log shows instead of the name. The
     * provider sends a `tool-calls` message for a tool with no server URL (the assistant's client messages must
     * include `tool-calls`); each named handler runs with its arguments (a JSON string is parsed) within
     * `tool-timeout`. The result (a string as it is, anything else as JSON, cut to 2,000 characters with a note
     * that it was cut) is told to the agent as one system message that asks for an answer; a name with no tool,
     * a throw or a time-out is told the same way, in words that name the tool. Each call fires
     * `ai-voice-demo-tool` and leaves a quiet line in the log and in the demo's transcript in the desk. Two
     * actions need no handler: `open_demo_request` (focuses the page's `<ai-demo-request>`, choosing
     * `args.agentId` when given) and `open_url` (goes to `args.url` only on the page's own origin or one of
     * `tool-origins`, and refuses in words otherwise). Typed turns carry no tool calls.
     */
    tools: property<PageTools>(),
    /** Seconds a page tool may take before the agent is told it did not finish. Default: `10`. */
    toolTimeout: number(),
    /** Origins besides the page's own that the built-in `open_url` may go to, space-separated (`https://cal.com https://example.org`). */
    toolOrigins: string(),
  };
  static override widget: WidgetSpec<VoiceDemoProps> = {
    load: () => import('./VoiceDemo').then((m) => m.VoiceDemo),
    react: reactLayer,
    css: [baseCss, css, launcherCss, reserveCss()],
    ...voiceShell,
    loadError: (p) => VOICE_STRINGS[p.lang ?? 'en'].loadError,
    tryAgain: (p) => VOICE_STRINGS[p.lang ?? 'en'].tryAgain,
    exportName: 'VoiceDemo',
    widget: 'voice-demo',
  };

  /**
   * Starts a call, as a press on the button does (with the consent step first when `consent-text` is set).
   * Resolves once the call is connected; rejects when it is refused: an error (the `ai-voice-demo-error`
   * detail's message), a Cancel in the consent step, or the element leaving the page. Called while a call
   * is up it resolves at once; out of the page it does nothing.
   */
  start(): Promise<void> {
    if (!this.isConnected) return Promise.resolve();
    if (IN_CALL.includes(this.status ?? '')) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const stop = new AbortController();
      const done = (settle: () => void) => {
        stop.abort();
        observer.disconnect();
        settle();
      };
      const refused = (message: string) =>
        done(() => reject(Object.assign(new Error(message), { name: 'AbortError' })));
      this.addEventListener('ai-voice-demo-start', () => done(resolve), { signal: stop.signal });
      this.addEventListener(
        'ai-voice-demo-error',
        (event) => done(() => reject(Object.assign(new Error(event.detail.message), { code: event.detail.code }))),
        { signal: stop.signal },
      );
      // A Cancel in the consent step, or a hang-up before the call connected, ends with no event.
      let pressed = false;
      const observer = new MutationObserver(() => {
        if (!this.isConnected) refused('The element left the page.');
        // React's first frame may read as at rest before it adopts the call the shell started: look again.
        else if (pressed && this.status === 'idle')
          setTimeout(() => this.status === 'idle' && refused('The call was cancelled.'), 100);
      });
      observer.observe(this.shadowRoot!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status'],
      });
      if (this.status !== 'connecting' && this.status !== 'consent') this.press('mic');
      pressed = true;
    });
  }

  /**
   * Says `text` to the agent, as the visitor typing it and pressing Send would: into the call during
   * one, else as a typed turn (in any `mode`). Resolves once the line is in the conversation; the answer
   * arrives as `ai-voice-demo-message`. Rejects when there is nothing to send or the element is not in a page.
   */
  async send(text: string): Promise<void> {
    if (!String(text ?? '').trim()) throw new TypeError('There is nothing to send.');
    if (!(await this.ready())) throw Object.assign(new Error('The element is not in a page.'), { name: 'AbortError' });
    this.shadowRoot!.querySelector('[part~="base"]')?.dispatchEvent(new CustomEvent(SEND, { detail: String(text) }));
  }

  /** A conversation restored from the tab opens at its newest line, before React as after (VoiceDemo.tsx). */
  override connectedCallback() {
    super.connectedCallback();
    const log = this.shadowRoot?.querySelector('.captions');
    if (log) log.scrollTop = log.scrollHeight;
  }

  /**
   * Where this instance's conversation is kept for the tab's session (`conversationKey` in saved.ts), and
   * whether it is the page's launcher: the first with `variant="launcher"`; a second is a card.
   */
  protected override renderProps(props: Record<string, unknown>): Record<string, unknown> {
    const wanted = isLauncher(props.variant as string | undefined);
    const launcher = placeLauncher(this, wanted, {
      press: (control) => this.press(control),
      invite: props.invite as string | undefined,
      inviteAfter: props.inviteAfter as number | undefined,
      due: () => this.refresh(),
    });
    return {
      ...props,
      variant: launcher ? 'launcher' : 'card',
      conversationKey: conversationKey(this),
      ...(launcher && inviteDue(this) && { inviteDue: true }),
    };
  }

  /** A launcher taken out of the page gives the page back its scrolling and stops watching its focus. */
  override disconnectedCallback() {
    super.disconnectedCallback();
    unplaceLauncher(this);
  }

  /** Connecting already: the call starts now, while React and the component load; the component adopts it. */
  protected override shellPressed(controls: string[], props: VoiceRenderProps) {
    if (stateAfter(controls, props).status === 'connecting') startEarly(this, props);
    else cancelEarly(this);
  }

  /** The code could not load: the call a press started is let go. */
  protected override loadFailed() {
    cancelEarly(this);
  }

  /** The SDK (or the script) is what a press waits for (the call starts without React): it comes first. */
  protected override intent(props: VoiceRenderProps) {
    if (!props.client) return props.simulate ? loadScripted() : loadSdk();
  }

  /** A press started the call: its request to the provider leaves before React is evaluated. */
  protected override holdReact() {
    return callSent(this);
  }

  /** Ends the call (or the attempt to start one, or the consent step), as a press on the button does. Does nothing when there is no call. */
  end(): void {
    const status = this.status;
    if (status === 'consent') this.press('cancel');
    else if (status === 'connecting' || IN_CALL.includes(status ?? '')) this.press('mic');
  }
}

export type VoiceDemoProps = PropsOf<typeof AIVoiceDemoElement.props>;
export interface AIVoiceDemoElement extends VoiceDemoProps {}

/** Registers `<ai-voice-demo>` (or another tag name, typed through `HTMLElementTagNameMap`); a second call is harmless. */
export function defineVoiceDemo(tag = 'ai-voice-demo'): typeof AIVoiceDemoElement | undefined {
  return defineOnce(tag, AIVoiceDemoElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'ai-voice-demo': AIVoiceDemoElement;
  }
  interface GlobalEventHandlersEventMap {
    'ai-voice-demo-start': CustomEvent<Record<string, never>>;
    'ai-voice-demo-end': CustomEvent<Record<string, never>>;
    'ai-voice-demo-error': CustomEvent<VoiceDemoErrorDetail>;
    'ai-voice-demo-message': CustomEvent<VoiceDemoMessageDetail>;
    'ai-voice-demo-tool': CustomEvent<VoiceDemoToolDetail>;
  }
}
