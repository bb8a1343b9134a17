/**
 * The widgets' ES entry: registers `<ai-voice-demo>`, `<ai-feedback>` and `<ai-demo-request>`.
 * Each `define…(tag)` is idempotent and takes another tag name when a page needs one.
 */
import { defineDemoRequest } from './demo-request/element';
import { defineFeedback } from './feedback/element';
import { defineVoiceDemo } from './voice-demo/element';

export { defineDemoRequest, defineFeedback, defineVoiceDemo };
export type { VoiceClient, VoiceClientEventMap, VoiceDemoProps } from './voice-demo/contract';
export type { FeedbackFields, FeedbackProps } from './feedback/contract';
export type { DemoRequestErrorDetail, DemoRequestProps, DemoRequestSubmitDetail, DemoRequestSuccessDetail } from './demo-request/contract';

defineVoiceDemo();
defineFeedback();
defineDemoRequest();
