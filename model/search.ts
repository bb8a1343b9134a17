// What a desk search matches: the words of a name by their beginnings, the digits of a phone number
// anywhere in it however they are typed. The service stores a lead's terms once (lead_search) and
// answers a search from its index; this module says what the terms and the query are.

/**
 * The queries `searchPrefixes` finds something to search for (or none: blank), as the desk API's schema
 * states them: a number of at least MIN_DIGITS digits, or text with a letter in it (a word of a name).
 * One line, no control character.
 */
export const SEARCHABLE = String.raw`^(?=[^\u0000-\u001F]*$)(?:\s*|[\d\s+\-().]*(?:\d[\s+\-().]*){3,}|[\s\S]*\p{L}[\s\S]*)$`;

/** Digits typed as a number need at least this many to search (fewer match nearly every lead). */
export const MIN_DIGITS = 3;
/**
 * A name word is stored with each of its beginnings up to this length, so that a typed beginning is
 * one exact term, whose leads the index holds in id order (newest first costs no sort at any count).
 * Longer words are matched by their first PREFIX_MAX letters.
 */
export const PREFIX_MAX = 24;

const letters = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A name's words, lower case, Latin accents folded (José → jose). */
export const nameWords = (name: string) => [
  ...new Set(
    letters(name)
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean),
  ),
];

/** The beginnings of a word (by code point, so no character is cut in two), up to PREFIX_MAX. */
const beginnings = (word: string) => {
  const chars = [...word].slice(0, PREFIX_MAX);
  return chars.map((_, i) => chars.slice(0, i + 1).join(''));
};

/** The stored terms of a lead: `n:` each beginning of each word of its name, `p:` each ending of its number's digits. */
export function searchTerms(name: string, phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const endings: string[] = [];
  for (let i = 0; i + MIN_DIGITS <= digits.length; i++) endings.push(`p:${digits.slice(i)}`);
  return [
    ...new Set(
      nameWords(name)
        .flatMap(beginnings)
        .map((w) => `n:${w}`),
    ),
    ...new Set(endings),
  ];
}

/**
 * A query as terms that must all match: a number (only digits, spaces, +, -, (, ), .) as one `p:` prefix
 * of its digits (matching the stored endings that start with it: the digits anywhere); else each word as
 * an `n:` term, matched exactly (the stored beginnings make it a prefix search). Null when there is
 * nothing to search for.
 */
export function searchPrefixes(q: string): string[] | null {
  const text = q.trim();
  if (/^[\d\s+\-().]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return digits.length >= MIN_DIGITS ? [`p:${digits}`] : null;
  }
  const words = nameWords(text).map((w) => `n:${[...w].slice(0, PREFIX_MAX).join('')}`);
  return words.length ? [...new Set(words)].slice(0, 5) : null;
}
