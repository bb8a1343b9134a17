/** Attributes of `<ai-feedback>`. */
export interface FeedbackProps {
  /** Base URL of the backend; feedback is posted to `{backend-url}/feedback`. */
  backendUrl?: string;
}

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
