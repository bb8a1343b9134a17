/** Attributes and properties of `<ai-voice-demo>`. */
export interface VoiceDemoProps {
  /** Public client key for the voice provider (sent as a bearer token). */
  publicKey?: string;
  /** The assistant that answers the call. */
  assistantId?: string;
  /** The voice provider's API base URL. */
  apiUrl?: string;
  /** A voice client supplied by the page (JS property only); replaces the built-in one. */
  client?: VoiceClient;
}

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
  /** Starts a call; resolving to `null` means the call could not start. */
  start(assistantId: string): Promise<unknown>;
  stop(): unknown;
  on<E extends VoiceClientEvent>(event: E, listener: (...args: VoiceClientEventMap[E]) => void): unknown;
  off<E extends VoiceClientEvent>(event: E, listener: (...args: VoiceClientEventMap[E]) => void): unknown;
}

export interface VoiceDemoErrorDetail {
  message: string;
}

export const DEFAULT_API_URL = 'https://api.vapi.ai';

/** The product's wording for a call without an assistant (the SDK's own adds "or Workflow"). */
export const MISSING_ASSISTANT = 'Assistant or Squad must be provided.';
