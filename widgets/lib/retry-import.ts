/**
 * Imports again after a failed dynamic import. A browser keeps a failed module fetch in its
 * module map, so asking for the same URL again fails at once without touching the network; the
 * URL the error names is asked for anew under a query that makes it another module. Without a
 * URL in the error (or for a chunk whose exports are not known by name), `again` runs as is.
 * The host's bundler must leave this import to the browser: the comments tell Vite, webpack and
 * Turbopack (Next.js) so, which otherwise fail on a specifier they cannot resolve.
 */
export function retryImport<T>(
  error: unknown,
  again: () => Promise<T>,
  pick?: (module: Record<string, unknown>) => T,
): Promise<T> {
  const url = /(https?:\/\/\S+?\.js)\b/.exec(error instanceof Error ? error.message : String(error))?.[1];
  if (!url || !pick) return again();
  return import(
    /* @vite-ignore */ /* webpackIgnore: true */ /* turbopackIgnore: true */ `${url}?retry=${Date.now()}`
  ).then(pick);
}
