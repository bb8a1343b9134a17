import { endpoint } from '../lib/endpoint';
import { SUBMIT_TIMEOUT_MS, type FeedbackFields } from './contract';

const FIELDS: readonly string[] = ['name', 'email', 'message'];

/** The backend refused the input (4xx) and said why: the visitor can fix it, unlike an outage. */
export class FeedbackRefused extends Error {
  readonly field: keyof FeedbackFields | null;
  constructor(
    readonly status: number,
    /** The backend's sentence, shown to the visitor. */
    readonly reason: string,
    field: string | null,
    /** The service's `error` code (`origin`, `embed-paused`, …), when it said one. */
    readonly code: string | null = null,
  ) {
    super(`Feedback was refused with HTTP ${status}: ${reason}`);
    this.field = field && FIELDS.includes(field) ? (field as keyof FeedbackFields) : null;
  }
}

/** A refusal's `{error, message, field}`, when the answer is one. */
function refusalOf(text: string): { message?: string; field?: string; error?: string } | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string'
      ? (value as { message: string; field?: string; error?: string })
      : null;
  } catch {
    return null;
  }
}

/**
 * `POST {backend}/feedback` with a JSON body, the answer read as text (a refusal is JSON `{error, message, field}`;
 * a backend of one's own may answer plain text).
 * Rejects on a non-2xx status, a network error, or no answer within the timeout.
 */
export async function postFeedback(
  backendUrl: string,
  fields: FeedbackFields,
  {
    timeoutMs = SUBMIT_TIMEOUT_MS,
    fetchImpl = fetch,
    embedId,
  }: { timeoutMs?: number; fetchImpl?: typeof fetch; embedId?: string } = {},
): Promise<string> {
  if (!backendUrl) throw new Error('The backend-url attribute is not set.');
  // A plain timer rather than AbortSignal.timeout, which Vitest's fake timers do not drive: the 15 s
  // default is then testable without waiting. Armed until the body is read, so a stalled answer times out too.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError')),
    timeoutMs,
  );
  try {
    const response = await fetchImpl(endpoint(backendUrl, 'feedback'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: fields.name,
        email: fields.email,
        message: fields.message,
        ...(embedId && { embedId }),
      }),
      signal: controller.signal,
    });
    const text = await response.text();
    if (response.status >= 400 && response.status < 500 && text.trim()) {
      const refusal = refusalOf(text);
      throw new FeedbackRefused(
        response.status,
        (refusal?.message ?? text).trim().slice(0, 300),
        refusal?.field ?? response.headers.get('x-invalid-field'),
        typeof refusal?.error === 'string' ? refusal.error : null,
      );
    }
    if (!response.ok) throw new Error(`Feedback was refused with HTTP ${response.status}: ${text.slice(0, 200)}`);
    return text;
  } finally {
    clearTimeout(timer);
  }
}
