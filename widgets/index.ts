/**
 * The widgets' ES entry: registers `<ai-voice-demo>`, `<ai-feedback>` and `<ai-demo-request>`.
 * Each `define…(tag)` is idempotent and takes another tag name when a page needs one; for one
 * widget alone, with nothing registered on import, use `ai-agent-widgets/voice-demo`,
 * `/feedback` or `/demo-request`.
 */
import { AIDemoRequestElement, defineDemoRequest } from './entries/demo-request';
import { AIFeedbackElement, defineFeedback } from './entries/feedback';
import { AIVoiceDemoElement, defineVoiceDemo } from './entries/voice-demo';

// Named, not `export *`: the build re-exports exactly these from the stable `index.js`.
export {
  AIDemoRequestElement,
  AIFeedbackElement,
  AIVoiceDemoElement,
  defineDemoRequest,
  defineFeedback,
  defineVoiceDemo,
};
export type * from './entries/voice-demo';
export type * from './entries/feedback';
export type * from './entries/demo-request';

defineVoiceDemo();
defineFeedback();
defineDemoRequest();
