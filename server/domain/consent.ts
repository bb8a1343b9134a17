// Whether a lead's consent sentence is one the service accepts (the sentences themselves are the
// model's, ../model/consent.ts, or the operator's CONSENT_TEXTS_FILE).
import { createHash } from 'node:crypto';

/** The version of an accepted sentence, or null: never cut, never replaced. A given version must be the sentence's own. */
export function acceptConsent(
  texts: Record<string, string>,
  text: string,
  version: string | null,
): { version: string; sha256: string } | null {
  const shown = text.normalize('NFC').trim();
  const match = Object.entries(texts).find(([v, t]) => t === shown && (version === null || v === version));
  return match ? { version: match[0], sha256: createHash('sha256').update(shown, 'utf8').digest('hex') } : null;
}
