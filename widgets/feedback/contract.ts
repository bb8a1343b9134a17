/** Attributes of `<ai-feedback>`: declared once, on the element class. */
export type { FeedbackProps } from './element';

/** A feedback submission. */
export interface FeedbackFields {
  name: string;
  email: string;
  message: string;
}

/**
 * The longest each field may be, in code points, as the service's schema says (model/feedback.ts; a
 * test holds the two equal: the widget takes the model as types only).
 */
export const FEEDBACK_LIMITS = { name: 200, email: 254, message: 5000 } as const;

/** The message's counter ("4,512 / 5,000") shows from this length on. */
export const COUNTER_FROM = 4500;

export interface FeedbackErrorDetail {
  message: string;
}

/** No answer within this time counts as a failure. */
export const SUBMIT_TIMEOUT_MS = 15_000;
