/**
 * `ai-agent-widgets/voice-demo`: the voice demo alone. Registers nothing on import: call
 * `defineVoiceDemo()` for `<ai-voice-demo>`, or `defineVoiceDemo('acme-voice')` for a tag of your own.
 */
export { AIVoiceDemoElement, defineVoiceDemo } from '../voice-demo/element';
export type {
  VoiceClient,
  VoiceClientEvent,
  VoiceClientEventMap,
  VoiceDemoErrorDetail,
  VoiceDemoProps,
  VoiceErrorCode,
} from '../voice-demo/contract';
export type { Lang } from '../lib/strings';
