import { describe, expect, it } from 'vitest';
import { DEMO_REQUEST_STRINGS } from './strings';
import { calledTime, callTime } from './call-time';
import { confirmationText } from './Confirmation';
import type { LeadStored } from './lead-api';

// 4 March 2025, 10:00 pm in India.
const NOW = new Date('2025-03-04T16:30:00Z');
const PHONE = '+91 98765 43210';

describe('callTime', () => {
  it("names today, tomorrow, or the weekday and date, in the visitor's zone", () => {
    expect(callTime('2025-03-04T17:00:00Z', 'en', NOW, 'Asia/Kolkata')).toEqual({
      time: '10:30 pm',
      day: 'today',
      date: 'Tuesday, 4 March',
    });
    expect(callTime('2025-03-05T03:30:00Z', 'en', NOW, 'Asia/Kolkata')).toMatchObject({
      time: '9:00 am',
      day: 'tomorrow',
    });
    expect(callTime('2025-03-07T03:30:00Z', 'en', NOW, 'Asia/Kolkata')).toMatchObject({
      time: '9:00 am',
      day: 'later',
      date: 'Friday, 7 March',
    });
  });

  it("counts days in the visitor's zone, not UTC", () => {
    // 16:30 UTC is already 5 March in Tokyo; 03:30 UTC next day is still 5 March there.
    expect(callTime('2025-03-05T03:30:00Z', 'en', NOW, 'Asia/Tokyo').day).toBe('today');
    expect(callTime('2025-03-05T03:30:00Z', 'en', NOW, 'America/New_York').day).toBe('today');
  });

  it('says when a call was made: today, yesterday, or on a date', () => {
    expect(calledTime('2025-03-04T05:12:00Z', 'en', NOW, 'Asia/Kolkata')).toEqual({
      time: '10:42 am',
      day: 'today',
      date: 'Tuesday, 4 March',
    });
    expect(calledTime('2025-03-03T05:12:00Z', 'en', NOW, 'Asia/Kolkata')).toMatchObject({ day: 'yesterday' });
    expect(calledTime('2025-03-01T05:12:00Z', 'en', NOW, 'Asia/Kolkata')).toMatchObject({
      day: 'later',
      date: 'Saturday, 1 March',
    });
  });

  it('says a time already past as today', () => {
    expect(callTime('2025-03-04T16:00:00Z', 'en', NOW, 'Asia/Kolkata').day).toBe('today');
  });

  it('words Hindi with the part of the day, no Latin letters', () => {
    const hi = callTime('2025-03-05T03:30:00Z', 'hi', NOW, 'Asia/Kolkata');
    expect(hi).toEqual({ time: 'सुबह 9:00', day: 'tomorrow', date: 'बुधवार, 5 मार्च' });
  });
});

describe('confirmationText', () => {
  const say = (lead: LeadStored, lang: 'en' | 'hi' = 'en') =>
    confirmationText({ lead, name: 'Asha', phone: PHONE, t: DEMO_REQUEST_STRINGS[lang], lang }, NOW).text;

  it('says each call outcome plainly', () => {
    expect(say({ id: 1, call: 'placed' })).toBe(`We're calling you now on ${PHONE}.`);
    expect(say({ id: 1, call: 'retrying' })).toBe(`Our line is busy; we'll call you within the hour on ${PHONE}.`);
    expect(say({ id: 1, call: 'failed' })).toBe(
      "We couldn't place the call. Our team has your request and will get in touch.",
    );
    expect(say({ id: 1, call: 'not-configured' })).toBe(
      `Thanks, Asha! Someone from our team will get in touch with you on ${PHONE}.`,
    );
  });

  it('tells a repeat request what already happened, or still will (#34)', () => {
    const twoHoursAgo = new Date(NOW.getTime() - 2 * 3_600_000).toISOString();
    const yesterday = new Date(NOW.getTime() - 20 * 3_600_000).toISOString();
    const again = (lead: Omit<LeadStored, 'id' | 'duplicate'>, lang: 'en' | 'hi' = 'en') =>
      say({ id: 1, duplicate: true, ...lead }, lang);
    expect(again({ call: 'placed', calledAt: twoHoursAgo })).toMatch(
      /^We called you at \d{1,2}:\d{2} [ap]m (today|yesterday) on \+91 98765 43210\.$/,
    );
    expect(again({ call: 'placed', calledAt: yesterday })).toMatch(/ yesterday on /);
    expect(again({ call: 'placed', calledAt: twoHoursAgo }, 'hi')).toMatch(
      /^हमने आपको (आज|कल) .+ \d{1,2}:\d{2} बजे \+91 98765 43210 पर कॉल किया था।$/,
    );
    expect(again({ call: 'placed' })).toBe(`We have called you on ${PHONE}.`);
    expect(again({ call: 'retrying' })).toBe(`We're still trying to reach you on ${PHONE}.`);
    expect(again({ call: 'not-configured' })).toBe(`Someone from our team will get in touch with you on ${PHONE}.`);
    expect(again({ call: 'failed' })).toBe(
      "We couldn't place the call. Our team has your request and will get in touch.",
    );
    expect(again({ call: 'scheduled', callAt: new Date(NOW.getTime() + 11 * 3_600_000).toISOString() })).toMatch(
      /^We'll call you at .+ on \+91 98765 43210\.$/,
    );
    // Never "we're calling you now" for a call made hours ago.
    expect(again({ call: 'placed', calledAt: twoHoursAgo })).not.toMatch(/now/);
  });

  it("words a scheduled call in the runtime's zone", () => {
    const at = new Date(NOW.getTime() + 36 * 3_600_000).toISOString();
    expect(say({ id: 1, call: 'scheduled', callAt: at })).toMatch(
      /^We'll call you at \d{1,2}:\d{2} [ap]m (tomorrow|on \w+day, \d{1,2} \w+) on \+91 98765 43210\.$/,
    );
    expect(say({ id: 1, call: 'scheduled', callAt: at }, 'hi')).toMatch(
      /^हम आपको (कल|.+ को) .+ \d{1,2}:\d{2} बजे \+91 98765 43210 पर कॉल करेंगे।$/,
    );
  });
});
