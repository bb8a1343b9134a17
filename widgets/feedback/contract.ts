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

/** The banner after a failed submit; a refusal adds the service's reason after it. */
export const FAILURE_BANNER = 'Failed to submit feedback. Please try again.';
/** No answer within this time counts as a failure. */
export const SUBMIT_TIMEOUT_MS = 15_000;
