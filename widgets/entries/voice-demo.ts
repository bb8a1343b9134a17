/**
 * `ai-agent-widgets/voice-demo`: the voice demo alone. Registers nothing on import: call
 * `defineVoiceDemo()` for `<ai-voice-demo>`, or `defineVoiceDemo('acme-voice')` for a tag of your own.
 */
// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.
export { AIVoiceDemoElement, defineVoiceDemo } from '../voice-demo/index';
export type * from '../voice-demo/index';
