import { use, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import PhoneInput, { getCountryCallingCode, isSupportedCountry } from 'react-phone-number-input/core';
import type { Country, FlagProps } from 'react-phone-number-input';
import type { DemoRequestStrings } from './strings';
import { DEFAULT_COUNTRY } from './contract';
import type { Countries } from './phone/countries';
import { flagNow, loadFlag } from './phone/flags';
import { labelsFor } from './phone/labels';
import { metadataFor } from './phone/metadata';
import { foreignCode, offeredOnly, plusTyped } from './phone/foreign';
import { phoneDraftValue } from './view';

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

/** What the first paint's phone input held when the library's field took its place. */
export interface PhoneDraft {
  text: string;
  caret: number | null;
  focused: boolean;
}

/** Where the caret goes in `value` to stand after as many digits as it stood after in `text`. */
function caretAfterDigits(text: string, caret: number | null, value: string): number {
  if (caret === null || caret >= text.length) return value.length;
  let digits = text.slice(0, caret).replace(/\D/g, '').length;
  for (let i = 0; i < value.length; i++) if (/\d/.test(value[i]!) && --digits < 0) return i;
  return value.length;
}

export interface PhoneFieldProps {
  id: string;
  value: string;
  defaultCountry: string;
  /** The countries the form accepts. */
  countries: Countries;
  t: DemoRequestStrings;
  /** The widget's language, for country names. */
  lang?: string;
  onChange(value: string): void;
  /** Rendered inside the field, after the number (the Get OTP button). */
  action?: ReactNode;
  /** What was typed in the placeholder before this chunk came: taken over once, with the caret and focus. */
  draft?: PhoneDraft | null;
  onDraft?(draft: PhoneDraft): void;
  /** Where the placeholder stood as it left, written in the commit that brings this field. */
  hand?: { current: PhoneDraft | null };
}

/** The international phone input; lives in its own chunk, loaded when a form is on the page. */
/** "India", "India and the United Kingdom", in the widget's language. */
function countryList(countries: readonly string[], lang: string): string {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  const all = countries.map((c) => names.of(c) ?? c);
  return new Intl.ListFormat([lang], { type: 'conjunction' }).format(all);
}

export default function PhoneField({
  id,
  value,
  defaultCountry,
  countries,
  t,
  lang = 'en',
  onChange,
  action,
  draft,
  hand,
}: PhoneFieldProps) {
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
  // The offered countries' calling codes ("91"), as one string so that an effect can depend on it.
  const codeText = list ? list.map((c) => getCountryCallingCode(c, metadata)).join(',') : '';
  const codes = codeText ? codeText.split(',') : null;
  // A number from abroad, typed from its "+", stays as typed: the field leaves the offered country's
  // code and says, under it, that codes go only to the offered countries (nothing is sent).
  const typedAbroad = draft && codes && foreignCode(plusTyped(draft.text) ?? '', codes) ? draft.text : null;
  const [abroad, setAbroad] = useState<string | null>(typedAbroad);
  const box = useRef<HTMLSpanElement>(null);
  const moved = useRef(false);
  // The first paint's input hands over: its number now, then the caret where it stood and focus.
  const caret = useRef<PhoneDraft | null>(null);
  useLayoutEffect(() => {
    const left = hand?.current ?? draft;
    caret.current = left?.focused ? left : null;
    if (!left || typedAbroad) return;
    const number = phoneDraftValue(left.text, country, getCountryCallingCode(country, metadata));
    if (number && number !== value) onChange(number);
    // Once, as the field arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    const had = caret.current;
    const input = box.current?.querySelector('input');
    if (!had || !input) return;
    // The number comes with the next render: the caret then.
    const number = typedAbroad ? '' : phoneDraftValue(had.text, country, getCountryCallingCode(country, metadata));
    if (number && value !== number) return;
    caret.current = null;
    input.focus();
    // A caret within the country's code (nothing typed after it yet) goes to the end, where digits are taken.
    const at = number || typedAbroad ? caretAfterDigits(had.text, had.caret, input.value) : input.value.length;
    input.setSelectionRange(at, at);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, abroad]);
  useEffect(() => {
    const span = box.current;
    const codes = codeText ? codeText.split(',') : null;
    if (!span || !codes) return;
    const onBeforeInput = (event: InputEvent) => {
      if (abroad !== null || !(event.target instanceof HTMLInputElement) || !event.inputType.startsWith('insert'))
        return;
      const typed = plusTyped(event.data ?? event.dataTransfer?.getData('text') ?? '');
      if (typed === null) return;
      event.preventDefault();
      const home = offeredOnly(typed, codes);
      if (home) return void onChange(home);
      moved.current = true;
      setAbroad(typed);
      onChange('');
    };
    span.addEventListener('beforeinput', onBeforeInput, true);
    return () => span.removeEventListener('beforeinput', onBeforeInput, true);
  }, [abroad, codeText, onChange]);
  // The field that stands for the number keeps focus and the caret at the end as the two swap.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const input = box.current?.querySelector('input');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [abroad]);
  // The number from abroad gives way to the normal field, with its flag and country menu, once the
  // text is one of ours (from an offered code) or holds no "+" any more: digits typed over it (select
  // all, "98765 43213") are a national number of the form's country, as they are in the normal field.
  const onAbroad = (text: string) => {
    const home = codes && offeredOnly(text, codes);
    if (home !== null || plusTyped(text) === null) {
      moved.current = true;
      setAbroad(null);
      onChange(home ?? phoneDraftValue(text, country, getCountryCallingCode(country, metadata)));
    } else setAbroad(text);
  };
  const notOffered =
    abroad !== null && codes && foreignCode(abroad, codes) ? t.onlyIn({ countries: countryList(list!, lang) }) : null;
  if (abroad !== null)
    return (
      <span className="phone-field" ref={box}>
        <FieldWithAction className="PhoneInput" action={action}>
          <div className="PhoneInputCountry">
            <div aria-hidden="true" className="PhoneInputCountryIcon PhoneInputCountryIcon--border" />
          </div>
          <input
            id={id}
            className="PhoneInputInput"
            type="tel"
            autoComplete="tel"
            value={abroad}
            aria-invalid={notOffered ? true : undefined}
            aria-describedby={notOffered ? `${id}-abroad` : undefined}
            onChange={(event) => onAbroad(event.currentTarget.value)}
          />
        </FieldWithAction>
        {notOffered && (
          <p id={`${id}-abroad`} className="problem" role="alert">
            {notOffered}
          </p>
        )}
      </span>
    );
  // The form says when the page's default-country gives way (DemoRequest); this only follows it.
  return (
    <span className="phone-field" ref={box}>
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
