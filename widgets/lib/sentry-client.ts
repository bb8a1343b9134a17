import { BrowserClient, Scope, defaultStackParser, makeFetchTransport } from '@sentry/browser';

/** The limits the reporter is given (the library's own stack parser keeps at most 50 frames). */
export const REPORTER_LIMITS = { maxBreadcrumbs: 100, bufferSize: 64 } as const;

const scopes = new Map<string, Scope>();

/**
 * An isolated client and scope: `Sentry.init` would install global handlers on a page
 * we do not own, and could clash with the host page's own Sentry.
 */
function scopeFor(dsn: string): Scope {
  let scope = scopes.get(dsn);
  if (!scope) {
    const client = new BrowserClient({
      dsn,
      transport: makeFetchTransport,
      transportOptions: { bufferSize: REPORTER_LIMITS.bufferSize },
      stackParser: defaultStackParser,
      integrations: [],
      maxBreadcrumbs: REPORTER_LIMITS.maxBreadcrumbs,
      release: __WIDGETS_VERSION__,
    });
    scope = new Scope();
    scope.setClient(client);
    client.init();
    scopes.set(dsn, scope);
  }
  return scope;
}

export function captureError(dsn: string, error: unknown, context: Record<string, string>): string {
  const scope = scopeFor(dsn);
  return scope.captureException(error, {
    captureContext: { tags: { widget: context.widget ?? 'unknown' }, extra: context },
  });
}

/** The options the reporter for `dsn` runs with, for tests. */
export function reporterOptions(dsn: string) {
  return scopes.get(dsn)?.getClient()?.getOptions();
}

/** Waits until queued envelopes are sent (used by tests and before unload). */
export function flush(dsn: string, timeoutMs = 2000): PromiseLike<boolean> {
  return scopes.get(dsn)?.getClient()?.flush(timeoutMs) ?? Promise.resolve(true);
}
