import type { Lang } from '../lib/lang';

/**
 * When a `scheduled` call will come, in the visitor's own time zone and language: the clock time
 * and which day, as the confirmation says it ("at 9:00 am tomorrow", "कल सुबह 9:00 बजे").
 */
export interface CallTime {
  /** "9:00 am"; in Hindi with its part of the day, "सुबह 9:00". */
  time: string;
  /** Today, tomorrow, or a later day named by `date` (yesterday for a call already made). */
  day: 'today' | 'tomorrow' | 'later' | 'yesterday';
  /** "Tuesday, 4 March" / "मंगलवार, 4 मार्च". */
  date: string;
}

// Indian English writes "9:00 am"; Hindi names the part of the day ("सुबह 9:00"), never Latin "am".
const LOCALES: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The calendar day of `at` in `timeZone`, as a day number, so two days compare across zones and DST. */
function dayNumber(at: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

export function callTime(callAt: string, lang: Lang, now: Date = new Date(), timeZone?: string): CallTime {
  const at = new Date(callAt);
  const locale = LOCALES[lang];
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(lang === 'hi' && { dayPeriod: 'long' }),
  }).format(at);
  const date = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at);
  // A time already past (a slow clock) is still today's: the call is due now.
  const days = Math.max(0, dayNumber(at, timeZone) - dayNumber(now, timeZone));
  return { time, date, day: days === 0 ? 'today' : days === 1 ? 'tomorrow' : 'later' };
}

/** When a call was made (a repeat request's `calledAt`): today, yesterday, or on `date`. */
export function calledTime(calledAt: string, lang: Lang, now: Date = new Date(), timeZone?: string): CallTime {
  const { time, date } = callTime(calledAt, lang, now, timeZone);
  const days = dayNumber(now, timeZone) - dayNumber(new Date(calledAt), timeZone);
  return { time, date, day: days <= 0 ? 'today' : days === 1 ? 'yesterday' : 'later' };
}
