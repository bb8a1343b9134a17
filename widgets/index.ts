/**
 * The widgets' ES entry: registers `<ai-voice-demo>`, `<ai-feedback>` and `<ai-demo-request>`.
 * Each `define…(tag)` is idempotent and takes another tag name when a page needs one; for one
 * widget alone, with nothing registered on import, use its own entry:
 * `ai-agent-widgets/voice-demo`, `ai-agent-widgets/feedback` or `ai-agent-widgets/demo-request`.
 */
// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.
import { AIVoiceDemoElement, defineVoiceDemo } from './entries/voice-demo';
import { AIFeedbackElement, defineFeedback } from './entries/feedback';
import { AIDemoRequestElement, defineDemoRequest } from './entries/demo-request';

// Named, not `export *`: the build re-exports exactly these from the stable `index.js`.
export {
  AIVoiceDemoElement,
  AIFeedbackElement,
  AIDemoRequestElement,
  defineVoiceDemo,
  defineFeedback,
  defineDemoRequest,
};
export type * from './entries/voice-demo';
export type * from './entries/feedback';
export type * from './entries/demo-request';

defineVoiceDemo();
defineFeedback();
defineDemoRequest();
