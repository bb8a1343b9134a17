import { use, useEffect, useState, type ReactNode } from 'react';
import PhoneInput, { isSupportedCountry } from 'react-phone-number-input/core';
import type { Country, FlagProps } from 'react-phone-number-input';
import type { DemoRequestStrings } from '../lib/strings';
import { DEFAULT_COUNTRY } from './contract';
import type { Countries } from './phone/countries';
import { flagNow, loadFlag } from './phone/flags';
import { labelsFor } from './phone/labels';
import { metadataFor } from './phone/metadata';

interface ContainerProps {
  className?: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** The library's wrapper, with our button inside the field (a stable component: no remounts). */
function FieldWithAction({ className, children, action }: ContainerProps) {
  return (
    <div className={`${className ?? ''} phone-box`} part="phone">
      {children}
      {action}
    </div>
  );
}

/**
 * The selected country's flag, fetched when it is shown (the library's own `flags` are every
 * country's, 80 KB gzip; its default fetches them from a CDN). The native menu shows names only.
 */
function Flag({ country, countryName, className }: FlagProps & { className?: string }) {
  const [fetched, setFetched] = useState<{ country: string; source: string | null } | null>(null);
  const source = flagNow(country) ?? (fetched?.country === country ? fetched.source : null);
  useEffect(() => {
    if (flagNow(country)) return;
    let current = true;
    void loadFlag(country).then(
      (next) => current && setFetched({ country, source: next }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [country]);
  return source ? <img className={className} src={source} alt={countryName} /> : <span className={className} />;
}

const useSettled = <T,>(value: T | Promise<T>): T => (value instanceof Promise ? use(value) : value);

export interface PhoneFieldProps {
  id: string;
  value: string;
  defaultCountry: string;
  /** The countries the form accepts. */
  countries: Countries;
  t: DemoRequestStrings;
  onChange(value: string): void;
  /** Rendered inside the field, after the number (the Get OTP button). */
  action?: ReactNode;
}

/** The international phone input; lives in its own chunk, loaded when a form is on the page. */
export default function PhoneField({ id, value, defaultCountry, countries, t, onChange, action }: PhoneFieldProps) {
  // India's metadata and name are at hand; another list suspends here until their chunks are in.
  const metadata = useSettled(metadataFor(countries));
  const names = useSettled(labelsFor(countries));
  const known =
    countries === 'all'
      ? undefined
      : (countries as Country[]).filter((country) => isSupportedCountry(country, metadata));
  // No known country at all (default-country="ZZ"): the form falls back to India rather than no country.
  const list = known?.length === 0 ? [DEFAULT_COUNTRY as Country] : known;
  // An unknown country would turn the visitor's digits into another country's number (ZZ: "+98 …").
  const asked = defaultCountry.toUpperCase() as Country;
  const fallback = list?.[0] ?? DEFAULT_COUNTRY;
  const country = isSupportedCountry(asked, metadata) && (!list || list.includes(asked)) ? asked : fallback;
  // The form says when the page's default-country gives way (DemoRequest); this only follows it.
  return (
    <span className="phone-field">
      <PhoneInput
        id={id}
        metadata={metadata}
        international
        defaultCountry={country as Country}
        countries={list}
        // A form that accepts a few countries offers those, not "International" besides.
        addInternationalOption={!list}
        countryCallingCodeEditable={false}
        flagComponent={Flag}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        autoComplete="tel"
        // The library's own country names (English), with the menu's name in the widget's language.
        labels={{ ...names, country: t.phoneCountryLabel }}
        containerComponent={FieldWithAction}
        containerComponentProps={{ action }}
      />
    </span>
  );
}
