/** Every country the phone field may offer, or the ones the form accepts (ISO 3166-1 alpha-2). */
export type Countries = 'all' | readonly string[];

/** What the form accepts when the page says nothing: the service verifies Indian numbers. */
export const DEFAULT_COUNTRIES: readonly string[] = ['IN'];

/**
 * The `countries` attribute: `all`, or comma- (or space-) separated codes. Anything that is not a
 * two-letter code is dropped; nothing left means the default.
 */
export function parseCountries(attribute: string | undefined): Countries {
  const text = attribute?.trim() ?? '';
  if (/^all$/i.test(text)) return 'all';
  const codes = [...new Set(text.toUpperCase().split(/[\s,]+/).filter((code) => /^[A-Z]{2}$/.test(code)))];
  return codes.length ? codes : DEFAULT_COUNTRIES;
}

/** The country the field starts with: the one asked for when the form accepts it, else the list's first. */
export function startCountry(countries: Countries, asked: string | undefined, fallback: string): string {
  const wanted = asked?.trim().toUpperCase() || fallback;
  if (countries === 'all' || countries.includes(wanted)) return wanted;
  return countries[0]!;
}
