// What a desk search matches: the words of a name by their beginnings, the digits of a phone number
// anywhere in it however they are typed. The service stores a lead's terms once (lead_search) and
// answers a search with index range scans; this module says what the terms and the query are.

/** Digits typed as a number need at least this many to search (fewer match nearly every lead). */
export const MIN_DIGITS = 3;

const letters = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A name's words, lower case, Latin accents folded (José → jose). */
export const nameWords = (name: string) => [...new Set(letters(name).split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean))];

/** The stored terms of a lead: `n:` each word of its name, `p:` each ending of its number's digits. */
export function searchTerms(name: string, phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const endings: string[] = [];
  for (let i = 0; i + MIN_DIGITS <= digits.length; i++) endings.push(`p:${digits.slice(i)}`);
  return [...nameWords(name).map((w) => `n:${w.slice(0, 64)}`), ...new Set(endings)];
}

/**
 * A query as term prefixes that must all match: a number (only digits, spaces, +, -, (, ), .) as its
 * digits; else each word of it. Null when there is nothing to search for.
 */
export function searchPrefixes(q: string): string[] | null {
  const text = q.trim();
  if (/^[\d\s+\-().]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return digits.length >= MIN_DIGITS ? [`p:${digits}`] : null;
  }
  const words = nameWords(text).map((w) => `n:${w.slice(0, 64)}`);
  return words.length ? words.slice(0, 5) : null;
}
