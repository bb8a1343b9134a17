/**
 * `ai-agent-widgets/voice-demo`: the voice demo alone. Registers nothing on import: call
 * `defineVoiceDemo()` for `<ai-voice-demo>`, or `defineVoiceDemo('acme-voice')` for a tag of your own.
 */
export { AIVoiceDemoElement, defineVoiceDemo } from './element';
export type {
  VoiceClient,
  VoiceClientEvent,
  VoiceClientEventMap,
  VoiceClientMessage,
  VoiceDemoErrorDetail,
  VoiceDemoMessageDetail,
  VoiceDemoProps,
  VoiceErrorCode,
} from './contract';
export type { PageTool, PageToolHandler, PageTools, VoiceDemoToolDetail } from './tools';
export type { Lang } from '../lib/lang';
