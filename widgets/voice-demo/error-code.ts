import type { VoiceErrorCode } from './state';

// The product's own words for a call without an assistant or a key, and the provider's for a key it refuses.
const NOT_CONFIGURED =
  /Assistant or Squad must be provided|public-key attribute is required|attribute is a placeholder|Invalid Key|unauthori[sz]ed|\b40[13]\b/i;
const NETWORK = /Failed to fetch|NetworkError|Load failed|network/i;

/**
 * What a failure was, from the browser's microphone error names (or the voice client's wrapping of
 * them), a missing assistant or a refused key (not set up), or a network that is down.
 */
export function errorCodeOf(
  error: unknown,
  online = typeof navigator === 'undefined' || navigator.onLine !== false,
): VoiceErrorCode {
  // The gate's refusals (gate.ts) carry their own code.
  const refused = (error as { name?: unknown; code?: VoiceErrorCode } | null)?.name === 'GateError';
  if (refused) return (error as { code: VoiceErrorCode }).code;
  const code = microphoneOrTimeout(error);
  if (code !== 'provider') return code;
  const text = describe(error);
  if (NOT_CONFIGURED.test(text)) return 'not-configured';
  if (!online || NETWORK.test(text)) return 'network';
  return 'provider';
}

/** An error's messages, statuses and names along its chain, as one text to match. */
function describe(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (
    let e = error;
    e && typeof e === 'object' && !seen.has(e) && parts.length < 30;
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error
  ) {
    seen.add(e);
    const o = e as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
    parts.push(
      ...[o.name, o.message, o.status, o.statusCode]
        .filter((v) => typeof v === 'string' || typeof v === 'number')
        .map(String),
    );
  }
  if (typeof error === 'string') parts.push(error);
  return parts.join(' ');
}

function microphoneOrTimeout(error: unknown): VoiceErrorCode {
  const seen = new Set<unknown>();
  for (
    let e = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error
  ) {
    seen.add(e);
    const name = String((e as { name?: unknown }).name ?? (e as { type?: unknown }).type ?? '');
    if (/NotAllowed|PermissionDenied|SecurityError/.test(name)) return 'microphone-denied';
    if (/NotReadable|TrackStart|AbortError/.test(name)) return 'microphone-in-use';
    if (/NotFound|DevicesNotFound|Overconstrained/.test(name)) return 'microphone-not-found';
    if (name === 'TimeoutError') return 'timeout';
  }
  return 'provider';
}
