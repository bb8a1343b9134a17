// A refusal the visitor or API client can act on: an HTTP status, a code the widget acts on, and a
// sentence a person can read. Every answer that is not a success has this shape (docs/api.md).

export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** An outside service could not be reached or answered oddly: the reason goes to the log only. */
  static providerUnavailable(reason: string) {
    return Object.assign(
      new Refusal(
        502,
        'provider-unavailable',
        'We could not send or check the code right now. Please try again in a minute.',
      ),
      { reason },
    );
  }
}
