import VapiModule from '@vapi-ai/web';
import { Emitter } from '../lib/emitter';
import { MISSING_ASSISTANT, MISSING_KEY, type VoiceClient, type VoiceClientEventMap } from './contract';

type VapiInstance = InstanceType<typeof VapiModule>;
type VapiConstructor = new (key: string, baseUrl?: string, dailyConfig?: object) => VapiInstance;

// The SDK is CommonJS: depending on interop, the class sits on `default` once or twice.
const Vapi = ((VapiModule as unknown as { default?: VapiConstructor }).default ??
  VapiModule) as unknown as VapiConstructor;

export { MISSING_KEY };

/** SDK errors that leave the call running (audio-processor errors are non-fatal: noise cancellation goes off, the microphone stays). */
const NON_FATAL = /^(audio-processing-setup|audio-processor-recovery|local-audio-level-observer)(-error)?$/;

function isFatal(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return !(typeof type === 'string' && NON_FATAL.test(type));
}

export interface VapiClientOptions {
  publicKey: string;
  apiUrl: string;
}

/** The built-in voice client: the real Vapi web SDK behind the `VoiceClient` contract. */
export function createVapiClient({ publicKey, apiUrl }: VapiClientOptions): VoiceClient {
  if (!publicKey) throw new Error(MISSING_KEY);
  // `avoidEval` makes Daily load its call bundle without eval, so a strict CSP holds.
  const vapi = new Vapi(publicKey, apiUrl, { avoidEval: true });
  const events = new Emitter<VoiceClientEventMap>();
  const forward = ['call-start', 'call-end', 'speech-start', 'speech-end'] as const;
  for (const name of forward) vapi.on(name, () => events.emit(name));
  vapi.on('volume-level', (level: number) => events.emit('volume-level', level));
  vapi.on('message', (message: unknown) => events.emit('message', message));
  // Always listen: without an `error` listener the SDK's emitter rethrows.
  vapi.on('error', (error: unknown) => {
    if (isFatal(error)) events.emit('error', error);
    else console.warn('[ai-voice-demo] non-fatal voice error', error);
  });
  vapi.on('camera-error', (error: unknown) => events.emit('error', error));

  return {
    async start(assistantId, overrides) {
      if (!assistantId) throw new Error(MISSING_ASSISTANT);
      return vapi.start(assistantId, overrides);
    },
    stop: () => vapi.stop(),
    setMuted: (muted) => vapi.setMuted(muted),
    send: (message) => vapi.send(message),
    on(event, listener) {
      events.on(event, listener);
    },
    off(event, listener) {
      events.off(event, listener);
    },
  };
}
