// Text measured as the service measures it, never as `maxlength` does (UTF-16 units: an emoji counts two).

const PAIRS = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Code points: what the service's schemas count (JSON Schema's `maxLength`). */
export const codePoints = (text: string): number => text.length - (text.match(PAIRS)?.length ?? 0);

let graphemes: Intl.Segmenter | undefined;

/** The characters a person sees (grapheme clusters: "नमस्ते" is 3 of 6 code points), as the service counts a lead's name. */
export function visibleLength(text: string): number {
  if (typeof Intl.Segmenter !== 'function') return codePoints(text);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...graphemes.segment(text)].length;
}

/** A count as the widget's language writes it: 5,000. */
export const formatCount = (n: number, lang: string): string => n.toLocaleString(lang === 'hi' ? 'hi-IN' : 'en-US');
