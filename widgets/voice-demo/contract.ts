import type { VoiceErrorCode } from './state';

export type { VoiceErrorCode };
import type { VoiceDemoProps } from './element';
import type { Localized } from '../lib/lang';

/** Attributes and properties of `<ai-voice-demo>`: declared once, on the element class. */
export type { VoiceDemoProps };

/** What the first paint and the component receive: the props, the language, and where the conversation is kept. */
export type VoiceRenderProps = VoiceDemoProps &
  Localized & {
    conversationKey?: string;
    /** With `invite`: its `invite-after` seconds have passed on this page (the launcher control's timer). */
    inviteDue?: boolean;
  };

/** The events a voice client emits: the Vapi web SDK's contract. */
export interface VoiceClientEventMap {
  'call-start': [];
  'call-end': [];
  'speech-start': [];
  'speech-end': [];
  'volume-level': [level: number];
  message: [message: unknown];
  error: [error: unknown];
}

export type VoiceClientEvent = keyof VoiceClientEventMap;

/**
 * What `<ai-voice-demo>` needs from a voice client. The Vapi web SDK satisfies it;
 * a page may set its own as the element's `client` property.
 */
export interface VoiceClient {
  /**
   * Starts a call; resolving to `null` means the call could not start. `overrides` (the SDK's
   * `assistantOverrides`) come only with `backend-url`: the demo's id and its longest duration.
   */
  start(assistantId: string, overrides?: VoiceCallOverrides): Promise<unknown>;
  stop(): unknown;
  /**
   * Adds a message to the call (the SDK's `add-message`): typed words during a call, and at its start
   * what was typed before it. Without it nothing typed reaches a call, and the field waits during one.
   */
  send?(message: VoiceClientMessage): unknown;
  /** Mutes or unmutes the visitor's microphone during a call; without it the widget shows no mute control. */
  setMuted?(muted: boolean): unknown;
  on<E extends VoiceClientEvent>(event: E, listener: (...args: VoiceClientEventMap[E]) => void): unknown;
  off<E extends VoiceClientEvent>(event: E, listener: (...args: VoiceClientEventMap[E]) => void): unknown;
}

/** What a call granted by `backend-url`'s gate carries to the provider. */
export interface VoiceCallOverrides {
  metadata: { demoSessionId: string };
  maxDurationSeconds?: number;
}

/** What the widget sends into a call: the Vapi web SDK's `send` shape. */
export interface VoiceClientMessage {
  type: 'add-message';
  message: { role: 'user' | 'system'; content: string };
  /** `false`: the agent takes the words in without answering them. */
  triggerResponseEnabled: boolean;
}

/** A settled line of the conversation, typed or spoken. */
export interface VoiceDemoMessageDetail {
  role: 'user' | 'assistant';
  text: string;
  via: 'text' | 'voice';
}

/** The element's `send()` reaches its component through this event on the widget's root (never bubbles). */
export const SEND = 'ai-voice-demo-send-internal';

export interface VoiceDemoErrorDetail {
  message: string;
  /** What failed: the microphone (blocked, in use, missing), the connection timing out, or the provider. */
  code: VoiceErrorCode;
}

/** Seconds a call may take to connect (the call library's own bundle timeout). */
export const DEFAULT_CONNECT_TIMEOUT = 20;

export const DEFAULT_API_URL = 'https://api.vapi.ai';

/** The product's wording for a call without an assistant (the SDK's own adds "or Workflow"). */
export const MISSING_ASSISTANT = 'Assistant or Squad must be provided.';

/** A call without a key (and without `simulate` or a `client`): known before any request, nothing leaves. */
export const MISSING_KEY = 'The public-key attribute is required to start a call.';

/** A call whose key or assistant is left as a placeholder (`YOUR_PUBLIC_KEY`): known before any request, nothing leaves. */
export const PLACEHOLDER_SETTINGS =
  'The public-key or assistant-id attribute is a placeholder: set it to start a call.';
