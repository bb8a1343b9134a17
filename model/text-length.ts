// How long a field's text is, counted one way for the service that checks it and the widgets that show
// a counter: a name in the characters a person sees (grapheme clusters: "नमस्ते" is 3, a family emoji 1),
// every other text in Unicode code points (an emoji is 1), never in UTF-16 units. It imports nothing and
// needs nothing of Node, so a widget may import it as code.

/** The fields counted in the characters a person sees; every other field counts code points. */
export const VISIBLE_FIELDS: ReadonlySet<string> = new Set(['name']);

let graphemes: Intl.Segmenter | undefined;

/** A text's length in the characters a person sees (grapheme clusters). */
export function visibleLength(text: string): number {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...graphemes.segment(text)].length;
}

/** A text's length in Unicode code points (what a JSON schema's `maxLength` counts). */
export function codePointLength(text: string): number {
  return [...text].length;
}

/** The length of `field`'s text as its limit counts it: visible characters for a name, code points for the rest. */
export function textLength(field: string, text: string): number {
  return VISIBLE_FIELDS.has(field) ? visibleLength(text) : codePointLength(text);
}
