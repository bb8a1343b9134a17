/** Attributes of `<ai-feedback>`: declared once, on the element class. */
export type { FeedbackProps } from './element';

/** A feedback submission. */
export interface FeedbackFields {
  name: string;
  email: string;
  message: string;
}

export interface FeedbackErrorDetail {
  message: string;
}

/** No answer within this time counts as a failure. */
export const SUBMIT_TIMEOUT_MS = 15_000;
