/** What the gate refused, as the widget's code (`ai-voice-demo-error`'s `detail.code`, a typed turn's problem). */
export type GateRefusal = 'demo-limit' | 'demo-budget' | 'demo-unavailable';

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
