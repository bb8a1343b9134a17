/**
 * Logs an error and, when a DSN was set at build time, sends it to the error reporter.
 * The reporter's chunk loads on the first error only; a failure to report is swallowed.
 */
export function reportError(error: unknown, context: Record<string, string> = {}): void {
  console.error('[ai-widgets]', error, context);
  const dsn = __SENTRY_DSN__;
  if (!dsn) return;
  import('./sentry-client').then(({ captureError }) => captureError(dsn, error, context)).catch(() => {});
}
