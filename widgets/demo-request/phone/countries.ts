/** Every country the phone field may offer, or the ones the form accepts (ISO 3166-1 alpha-2). */
export type Countries = 'all' | readonly string[];

const CODE = /^[A-Z]{2}$/;
// Codes left for private use (ZZ, XA…): never a country with a numbering plan.
const PRIVATE = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
const regions =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }) : null;
/** A two-letter code naming a real country or territory. */
export const isCountry = (code: string) =>
  CODE.test(code) && !PRIVATE.test(code) && (!regions || Boolean(regions.of(code)));

/**
 * The `countries` attribute: `all`, or comma- (or space-) separated codes; anything that is not a
 * two-letter code is dropped. Without one, the form accepts its default country alone (India, as
 * the service verifies; a page that sets only `default-country="GB"` keeps working as before).
 */
export function parseCountries(attribute: string | undefined, defaultCountry = 'IN'): Countries {
  const text = attribute?.trim() ?? '';
  if (/^all$/i.test(text)) return 'all';
  const codes = [
    ...new Set(
      text
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(isCountry),
    ),
  ];
  if (codes.length) return codes;
  const fallback = defaultCountry.trim().toUpperCase();
  return [isCountry(fallback) ? fallback : 'IN'];
}

/** The country the field starts with: the one asked for when the form accepts it, else the list's first. */
export function startCountry(countries: Countries, asked: string | undefined, fallback: string): string {
  const wanted = asked?.trim().toUpperCase() || fallback;
  if (countries === 'all' || countries.includes(wanted)) return wanted;
  return countries[0]!;
}

/**
 * The countries the form offers, given the service's (`GET /api/otp/countries`): the page's own list
 * narrowed to them, or theirs when the page named none it can take. `dropped` are the page's countries
 * the service would refuse at Get OTP, for a console warning.
 */
export function offered(
  page: Countries,
  service: readonly string[] | null,
): { countries: Countries; dropped: string[] } {
  if (!service?.length) return { countries: page, dropped: [] };
  if (page === 'all') return { countries: service, dropped: [] };
  const kept = page.filter((code) => service.includes(code));
  return { countries: kept.length ? kept : service, dropped: page.filter((code) => !service.includes(code)) };
}
