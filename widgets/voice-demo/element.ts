import baseCss from '../elements/base.css?inline';
import { defineOnce, widgetElement } from '../elements/widget-element';
import css from './voice-demo.css?inline';
import { VOICE_STRINGS } from '../lib/strings/voice';
import { voiceShell } from './shell';
import type { VoiceDemoErrorDetail, VoiceDemoProps } from './contract';


/**
 * A round microphone button that starts a live voice call with an AI agent.
 *
 * @summary Live voice demo with an AI agent.
 * @tag ai-voice-demo
 *
 * @attr {string} public-key - The voice provider's public client key, sent as a bearer token.
 * @attr {string} assistant-id - The assistant that answers. Without it, a press ends in the error state with "Assistant or Squad must be provided."
 * @attr {string} api-url - The voice provider's API base URL. Default: `https://api.vapi.ai`.
 * @attr {string} captions - Any value but `off` shows the conversation as live captions under the button, announced politely.
 * @attr {string} consent-text - Text the visitor must accept (Accept / Cancel) before the microphone opens; remembered for the tab's session.
 * @attr {string} connect-timeout - Seconds a call may take to connect before it ends in the error state. Default: `20`.
 * @prop {VoiceClient} client - A voice client with the Vapi SDK's event contract, replacing the built-in one (JS property only).
 *
 * @fires {CustomEvent<{}>} ai-voice-demo-start - The call is connected and the agent is listening.
 * @fires {CustomEvent<{}>} ai-voice-demo-end - A connected call ended.
 * @fires {CustomEvent<{message: string, code: 'microphone-denied' | 'microphone-in-use' | 'microphone-not-found' | 'timeout' | 'provider'}>} ai-voice-demo-error - A call failed to start or broke: `detail.code` says what failed (the microphone, the connection timing out, or the provider), `detail.message` why.
 *
 * @csspart base - The wrapper around the button and the status text.
 * @csspart button - The microphone button.
 * @csspart spinner - The spinner shown while connecting.
 * @csspart tooltip - The status text under the button.
 * @csspart meter - The agent's voice level bar during a call.
 * @csspart mute-button - The mute toggle during a call.
 * @csspart captions - The live captions.
 * @csspart consent - The consent step; its buttons are `accept-button` and `cancel-button`.
 * @csspart accept-button - The consent step's Accept.
 * @csspart cancel-button - The consent step's Cancel.
 *
 * @cssprop --accent - Button and accent colour.
 * @cssprop --accent-contrast - Icon colour on the button.
 * @cssprop --danger - Button colour during a call, and the error status colour.
 * @cssprop --size - Button diameter. Default: `72px`.
 * @cssprop --tooltip-background - Status text background.
 * @cssprop --tooltip-color - Status text colour.
 * @cssprop --font-family - Font of the status text.
 * @cssprop --font-size - Base font size. Default: `16px`.
 */
export const AIVoiceDemoElement = widgetElement<VoiceDemoProps, 'client'>(() => import('./VoiceDemo').then((m) => m.VoiceDemo), {
  attrs: { publicKey: 'string', assistantId: 'string', apiUrl: 'string', captions: 'string', consentText: 'string', connectTimeout: 'string' },
  css: [baseCss, css],
  ...voiceShell,
  loadError: (props) => VOICE_STRINGS[props.lang ?? 'en'].loadError,
  tryAgain: (props) => VOICE_STRINGS[props.lang ?? 'en'].tryAgain,
  exportName: 'VoiceDemo',
  widget: 'voice-demo',
  properties: ['client'],
});

export type AIVoiceDemoElement = HTMLElement & VoiceDemoProps;

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
  }
}
