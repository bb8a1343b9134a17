// What the domain tells the operators' metrics (../http/metrics): the events a count is kept of. The domain
// only says what happened; the HTTP layer keeps the counters, so the rules never depend on a metrics library.

export type Meter = {
  /** A one-time code went out. */
  codeSent(): void;
  /** A code was not sent: `reason` is the refusal's code (`cooldown`, `otp-capacity`, `honeypot` …). */
  codeRefused(reason: string): void;
  /**
   * A desk sign-in, or a proof the desk asks for, failed at `step`: a wrong address, password or code, a code
   * used already, tried while locked out, or (for `sso`) the provider's answer refused, by its reason.
   */
  signInFailed(reason: string, step?: SignInStep): void;
  /** A failure at `step` locked an account or a client out. */
  lockedOut(step?: SignInStep): void;
  /** A request refused for its page's origin: `embed` is the embed it named, or `none` (never the page itself). */
  originRefused(embed: string): void;
};

/**
 * Where a desk sign-in failed: the password, the second step's code, a signed-in person's proof (the current
 * password or a code, to change a password or the second factor), or single sign-on.
 */
export type SignInStep = 'password' | 'code' | 'proof' | 'sso';
export const SIGN_IN_STEPS = ['password', 'code', 'proof', 'sso'] as const satisfies readonly SignInStep[];

/** The reasons a code is refused for, known ahead (an alert watches `otp-capacity`); others are counted as they come. */
export const CODE_REFUSALS = ['otp-capacity', 'cooldown', 'hourly', 'client-limit', 'honeypot', 'challenge'] as const;

export const NO_METER: Meter = {
  codeSent() {},
  codeRefused() {},
  signInFailed() {},
  lockedOut() {},
  originRefused() {},
};
