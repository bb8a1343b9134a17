import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "India", "India or the United Kingdom": the countries codes may be sent to, for a refusal. */
export const countryNames = (countries: string[]) => new Intl.ListFormat('en', { type: 'disjunction' }).format(countries.map((c) => regions.of(c) ?? c));

/** An E.164 number codes may be sent to, with its national form for messages, or the reason it may not. */
export function checkPhone(value: unknown, countries: string[]): { ok: true; phone: string; national: string } | { ok: false; error: 'invalid-phone' | 'country-not-allowed'; message: string } {
  const parsed = typeof value === 'string' && value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed?.isValid()) return { ok: false, error: 'invalid-phone', message: 'Enter a valid mobile number with its country code, for example +91 98765 43210.' };
  if (!parsed.country || !countries.includes(parsed.country)) {
    return { ok: false, error: 'country-not-allowed', message: `We can only send codes to numbers in ${countryNames(countries)} for now.` };
  }
  return { ok: true, phone: parsed.number, national: parsed.formatInternational() };
}
