// Calling hours in the visitor's local time: the browser's time zone when it sent a real one, else
// the zones of the phone's country (a call must fall inside the window in every one of them).
import { getCountry } from 'countries-and-timezones';
import { currentZoneName } from '../../../model/time-zones.ts';
import type { CallHours } from '../../config/calling-hours.ts';

/** A time zone the runtime knows (IANA name), or null. */
export function realTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    // Stored by its current name: the desk shows and groups "Asia/Kolkata", whatever the browser said.
    return currentZoneName(zone);
  } catch {
    return null;
  }
}

// Every zone of the country (countries-and-timezones, from the IANA database): a call must fall inside
// the window in each, so a country that spans hours gets the hours they share. Zones this runtime's
// ICU does not know yet are left out.
const countryZones = new Map<string, string[] | null>();
export function zonesOfCountry(country: string | undefined): string[] | null {
  if (!country) return null;
  let zones = countryZones.get(country);
  if (zones === undefined) {
    const known = (getCountry(country)?.timezones ?? []).filter((zone) => realTimeZone(zone) !== null);
    countryZones.set(country, (zones = known.length ? known : null));
  }
  return zones;
}

/** The zones a call must fall inside: the visitor's own, else the phone country's (null: neither is known). */
export const callZones = (zone: string | null, country: string | undefined): string[] | null =>
  zone ? [zone] : zonesOfCountry(country);

const formats = new Map<string, Intl.DateTimeFormat>();
function minuteOfDay(at: number, zone: string): number {
  let format = formats.get(zone);
  if (!format)
    formats.set(
      zone,
      (format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })),
    );
  const parts = format.formatToParts(at);
  return (
    Number(parts.find((p) => p.type === 'hour')?.value) * 60 + Number(parts.find((p) => p.type === 'minute')?.value)
  );
}

export const inWindow = (at: number, zone: string, hours: CallHours) => {
  const m = minuteOfDay(at, zone);
  return m >= hours.startMinute && m < hours.endMinute;
};

const STEP = 60_000;

/** `now` when it is inside the window in every zone, else the first minute that is (within 3 days). */
export function nextCallTime(now: number, zones: string[], hours: CallHours): number {
  if (hours.startMinute === 0 && hours.endMinute === 24 * 60) return now;
  if (zones.every((z) => inWindow(now, z, hours))) return now;
  // Whole minutes from the next minute on: a window opens at a round time.
  let at = Math.ceil((now + 1) / STEP) * STEP;
  for (let i = 0; i < 3 * 24 * 60; i++, at += STEP) if (zones.every((z) => inWindow(at, z, hours))) return at;
  // The zones share no window (a country spanning too many hours): call in the first zone's window.
  return nextCallTime(now, zones.slice(0, 1), hours);
}
