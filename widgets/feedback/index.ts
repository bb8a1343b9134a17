/**
 * `ai-agent-widgets/feedback`: the feedback widget alone. Registers nothing on import: call
 * `defineFeedback()` for `<ai-feedback>`, or `defineFeedback('acme-feedback')` for a tag of your own.
 */
export { AIFeedbackElement, defineFeedback } from './element';
export type { FeedbackErrorDetail, FeedbackFields, FeedbackProps } from './contract';
export type { Lang } from '../lib/lang';
