/** A readable one-line message from whatever a library threw or emitted. */
export function messageOf(error: unknown, fallback = 'Unknown error'): string {
  if (typeof error === 'string' && error) return error;
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; errorMsg?: unknown; error?: unknown; type?: unknown };
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.errorMsg === 'string' && e.errorMsg) return e.errorMsg;
    if (e.error) return messageOf(e.error, typeof e.type === 'string' ? e.type : fallback);
    if (typeof e.type === 'string') return e.type;
  }
  return fallback;
}
