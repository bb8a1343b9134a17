/**
 * What the gate refused, as the widget's code (`ai-voice-demo-error`'s `detail.code`, a typed turn's problem);
 * `demo-not-set-up` with `embed` on a page outside its origins, or a paused or unknown embed (the embed's
 * answer, or the service's 403 `origin` / `embed-paused`).
 */
export type GateRefusal = 'demo-limit' | 'demo-budget' | 'demo-unavailable' | 'demo-not-set-up';

/** A refusal of `POST {backend-url}/voice/session`, in the widget's words (`code`). */
export class GateError extends Error {
  constructor(
    readonly code: GateRefusal,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GateError';
  }
}
