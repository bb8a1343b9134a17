/** Every country the phone field may offer, or the ones the form accepts (ISO 3166-1 alpha-2). */
export type Countries = 'all' | readonly string[];

const CODE = /^[A-Z]{2}$/;

/**
 * The `countries` attribute: `all`, or comma- (or space-) separated codes; anything that is not a
 * two-letter code is dropped. Without one, the form accepts its default country alone (India, as
 * the service verifies; a page that sets only `default-country="GB"` keeps working as before).
 */
export function parseCountries(attribute: string | undefined, defaultCountry = 'IN'): Countries {
  const text = attribute?.trim() ?? '';
  if (/^all$/i.test(text)) return 'all';
  const codes = [...new Set(text.toUpperCase().split(/[\s,]+/).filter((code) => CODE.test(code)))];
  if (codes.length) return codes;
  const fallback = defaultCountry.trim().toUpperCase();
  return [CODE.test(fallback) ? fallback : 'IN'];
}

/** The country the field starts with: the one asked for when the form accepts it, else the list's first. */
export function startCountry(countries: Countries, asked: string | undefined, fallback: string): string {
  const wanted = asked?.trim().toUpperCase() || fallback;
  if (countries === 'all' || countries.includes(wanted)) return wanted;
  return countries[0]!;
}
