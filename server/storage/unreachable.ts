// Kept apart from postgres.ts so the service can name this error without loading the PostgreSQL client.

/**
 * The database could not be reached or refused us at start: its message is one line naming the host
 * and port (never the user's password) and what went wrong, for the operator.
 */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown, timeoutMs: number) {
    const { hostname, port } = new URL(url);
    const where = `${hostname || 'localhost'}:${port || 5432}`;
    const { code, severity, message } = (cause ?? {}) as { code?: string; severity?: string; message?: string };
    // PostgreSQL's own refusals (a wrong password, no such database) say what is wrong in words that
    // never hold the password; a network failure is named by its code.
    const why = severity
      ? `refused the connection: ${message}`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `cannot be found (${code}: no such host)`
        : code
          ? `cannot be reached (${code})`
          : /timeout/i.test(String(message))
            ? `did not answer within ${timeoutMs} ms`
            : 'cannot be reached';
    super(
      `the PostgreSQL database at ${where} ${why}. Check DATABASE_URL and that the server is running and reachable from here.`,
      { cause },
    );
  }
}
