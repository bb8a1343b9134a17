// What a visitor typed, made safe to store, show and export: names in NFC without control,
// bidirectional-override or invisible characters, measured in the characters a person sees.
import { METADATA_KEY } from '../../../model/lead.ts';
import { textLength } from '../../../model/text-length.ts';

// C0/C1 controls (CR, LF, tab included), bidi embeddings/overrides/isolates and marks, zero-width
// space, word joiner, BOM, soft hyphen.
const STRIP =
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/gu;
// ZWJ and ZWNJ shape Indic scripts and emoji between two visible characters; elsewhere they only hide.
const LONE_JOINERS = /(^|[\s\u200c\u200d])[\u200c\u200d]+|[\u200c\u200d]+(?=$|\s)/gu;

/** The name to store, or why not. */
export function cleanName(value: unknown, max = 100): { ok: true; name: string } | { ok: false; message: string } {
  if (typeof value !== 'string') return { ok: false, message: 'Enter your name.' };
  const name = value
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(STRIP, '')
    .replace(LONE_JOINERS, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!name) return { ok: false, message: 'Enter your name.' };
  if (textLength('name', name) > max) return { ok: false, message: `Your name must be at most ${max} characters.` };
  return { ok: true, name };
}

/** A URL the visitor's browser reported, without its fragment; null when it is not an http(s) URL. */
export function cleanUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** A host's own fields: a flat object of at most 20 strings of at most 200 characters, or why not. */
export function cleanMetadata(
  value: unknown,
): { ok: true; metadata: Record<string, string> } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, metadata: {} };
  const entries = typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : null;
  if (!entries || entries.length > 20)
    return { ok: false, message: 'metadata must be an object of at most 20 text values.' };
  for (const [key, v] of entries) {
    if (!new RegExp(METADATA_KEY).test(key))
      return {
        ok: false,
        message: `metadata key "${key.slice(0, 40)}" must be 1 to 40 letters, digits, dots, dashes or underscores.`,
      };
    if (typeof v !== 'string' || textLength('metadata', v) > 200)
      return { ok: false, message: `metadata.${key} must be text of at most 200 characters.` };
  }
  return { ok: true, metadata: Object.fromEntries(entries.map(([k, v]) => [k, (v as string).replace(STRIP, '')])) };
}
