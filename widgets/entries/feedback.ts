/**
 * `ai-agent-widgets/feedback`: the feedback widget alone. Registers nothing on import: call
 * `defineFeedback()` for `<ai-feedback>`, or `defineFeedback('acme-feedback')` for a tag of your own.
 */
// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.
export { AIFeedbackElement, defineFeedback } from '../feedback/index';
export type * from '../feedback/index';
