import { useEffect, useRef, type ReactNode } from 'react';
import PhoneInput, { isSupportedCountry } from 'react-phone-number-input';
import type { Country } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import en from 'react-phone-number-input/locale/en.json';
import phoneCss from 'react-phone-number-input/style.css?inline';
import type { DemoRequestStrings } from '../lib/strings';
import { useShadowStyles } from '../react/use-shadow-styles';
import { DEFAULT_COUNTRY } from './contract';

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

export interface PhoneFieldProps {
  id: string;
  value: string;
  defaultCountry: string;
  t: DemoRequestStrings;
  onChange(value: string): void;
  /** Rendered inside the field, after the number (the Get OTP button). */
  action?: ReactNode;
}

/** The international phone input; lives in its own chunk, loaded when a form is on the page. */
export default function PhoneField({ id, value, defaultCountry, t, onChange, action }: PhoneFieldProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useShadowStyles(ref, phoneCss);
  // An unknown country would turn the visitor's digits into another country's number (ZZ: "+98 …").
  const asked = defaultCountry.toUpperCase();
  const country = isSupportedCountry(asked) ? asked : DEFAULT_COUNTRY;
  useEffect(() => {
    if (asked !== country) console.warn(`<ai-demo-request>: default-country "${asked}" is not a known country code; using ${DEFAULT_COUNTRY}.`);
  }, [asked, country]);
  return (
    <span ref={ref} className="phone-field">
      <PhoneInput
        id={id}
        international
        defaultCountry={country as Country}
        countryCallingCodeEditable={false}
        flags={flags}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        autoComplete="tel"
        // The library's own country names (English), with the menu's name in the widget's language.
        labels={{ ...en, country: t.phoneCountryLabel }}
        containerComponent={FieldWithAction}
        containerComponentProps={{ action }}
      />
    </span>
  );
}
