// Which numbers may get a code: valid, in an allowed country, and able to receive a text message.
// Full metadata (`/max`) tells number types apart, which the widget's smaller metadata cannot.
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "India", "India or the United Kingdom": the countries codes may be sent to, for a refusal. */
export const countryNames = (countries: string[]) =>
  new Intl.ListFormat('en', { type: 'disjunction' }).format(countries.map((c) => regions.of(c) ?? c));

// Numbers that cannot take a text message, or that bill the sender: each named in the refusal.
const NOT_MOBILE: Partial<Record<NonNullable<NumberType>, string>> = {
  FIXED_LINE: 'a landline',
  PREMIUM_RATE: 'a premium-rate number',
  TOLL_FREE: 'a toll-free number',
  SHARED_COST: 'a shared-cost number',
  PERSONAL_NUMBER: 'a personal (forwarding) number',
  UAN: 'a company (UAN) number',
  VOIP: 'an internet (VoIP) number',
  PAGER: 'a pager number',
  VOICEMAIL: 'a voicemail number',
};

export type PhoneCheck =
  | { ok: true; phone: string; national: string; country: string }
  | { ok: false; error: 'invalid-phone' | 'country-not-allowed' | 'not-mobile'; message: string };

/** An E.164 mobile number codes may be sent to, with its international form for messages, or why not. */
export function checkPhone(value: unknown, countries: string[]): PhoneCheck {
  const parsed =
    typeof value === 'string' && value.startsWith('+') && value.length <= 32
      ? parsePhoneNumberFromString(value)
      : undefined;
  if (!parsed?.isValid())
    return {
      ok: false,
      error: 'invalid-phone',
      message: 'Enter a valid mobile number with its country code, for example +91 98765 43210.',
    };
  if (!parsed.country || !countries.includes(parsed.country)) {
    return {
      ok: false,
      error: 'country-not-allowed',
      message: `We can only send codes to numbers in ${countryNames(countries)} for now.`,
    };
  }
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    const what = (type && NOT_MOBILE[type]) || 'a number that cannot receive text messages';
    return {
      ok: false,
      error: 'not-mobile',
      message: `This looks like ${what}. Enter a mobile number that can receive text messages.`,
    };
  }
  return { ok: true, phone: parsed.number, national: parsed.formatInternational(), country: parsed.country };
}

/** The country of a stored E.164 number (ISO 3166-1 code), or undefined. */
export const countryOf = (e164: string) => parsePhoneNumberFromString(e164)?.country;
