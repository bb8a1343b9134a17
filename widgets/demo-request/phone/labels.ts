import type { Labels } from 'react-phone-number-input';
import type { Countries } from './countries';

/** What the field names when it offers India alone: the library's English words for it. */
const INDIA: Labels = {
  IN: 'India',
  ZZ: 'International',
  ext: 'ext.',
  country: 'Phone number country',
  phone: 'Phone',
};

let everything: Promise<Labels> | undefined;

/** Every country's name (2.5 KB gzip) loads only for a form that offers more than India. */
export function labelsFor(countries: Countries): Labels | Promise<Labels> {
  if (countries !== 'all' && countries.every((country) => country === 'IN')) return INDIA;
  return (everything ??= import('react-phone-number-input/locale/en.json').then((m) => m.default as Labels));
}
