// What the domain tells the operators' metrics (../http/metrics): the events a count is kept of. The domain
// only says what happened; the HTTP layer keeps the counters, so the rules never depend on a metrics library.

export type Meter = {
  /** A one-time code went out. */
  codeSent(): void;
  /** A code was not sent: `reason` is the refusal's code (`cooldown`, `otp-capacity`, `honeypot` …). */
  codeRefused(reason: string): void;
  /** A desk sign-in failed: a wrong address or password, or tried while locked out. */
  signInFailed(reason: 'wrong' | 'locked'): void;
  /** A failed sign-in locked an account or a client out. */
  lockedOut(): void;
};

/** The reasons a code is refused for, known ahead (an alert watches `otp-capacity`); others are counted as they come. */
export const CODE_REFUSALS = ['otp-capacity', 'cooldown', 'hourly', 'client-limit', 'honeypot', 'challenge'] as const;

export const NO_METER: Meter = {
  codeSent() {},
  codeRefused() {},
  signInFailed() {},
  lockedOut() {},
};
