import { describe, expect, it } from 'vitest';
import { endedOutcome, minutesSeconds, outcomeOf, OUTCOMES, successWords, TO_CALL_OUTCOMES } from './call-outcomes.ts';
import { searchPrefixes, searchTerms } from './search.ts';
import { currentZoneName, dayIn, ianaZone } from './time-zones.ts';

describe('call outcomes', () => {
  it('maps the provider’s ended reasons to plain words once', () => {
    expect(endedOutcome('customer-ended-call')).toBe('answered');
    expect(endedOutcome('assistant-ended-call')).toBe('answered');
    expect(endedOutcome('silence-timed-out')).toBe('answered');
    expect(endedOutcome('customer-did-not-answer')).toBe('no-answer');
    expect(endedOutcome('customer-busy')).toBe('busy');
    expect(endedOutcome('voicemail')).toBe('voicemail');
    expect(endedOutcome('twilio-failed-to-connect-call')).toBe('failed');
    expect(endedOutcome('call.start.error-vapi-number-international')).toBe('failed');
    expect(endedOutcome('manually-canceled')).toBe('failed');
    expect(outcomeOf({ status: 'failed', failureReason: 'suppressed' })).toBe('do-not-call');
    expect(outcomeOf({ status: 'failed', failureReason: 'max-attempts' })).toBe('failed');
    expect(outcomeOf({ status: 'not-configured' })).toBe('not-set-up');
    expect(outcomeOf({ status: 'placed' })).toBe('calling');
    expect(TO_CALL_OUTCOMES).toEqual(['no-answer', 'voicemail', 'busy', 'failed', 'not-set-up']);
    expect(new Set(Object.values(OUTCOMES).map((o) => o.label)).size).toBe(Object.keys(OUTCOMES).length);
  });

  it('says durations as m:ss and success in words', () => {
    expect(minutesSeconds(154)).toBe('2:34');
    expect(minutesSeconds(59.6)).toBe('1:00');
    expect(minutesSeconds(3)).toBe('0:03');
    expect(successWords('true')).toBe('Successful: the call met its goal');
    expect(successWords('false')).toBe('Not successful');
    expect(successWords('8/10')).toBe('Rated 8/10');
    expect(successWords(null)).toBeNull();
  });
});

describe('search terms', () => {
  it('stores name words and every ending of the number’s digits; a query is word beginnings or digits however typed', () => {
    expect(searchTerms('José  Pérez-Rao', '+919876543210')).toEqual([
      'n:j',
      'n:jo',
      'n:jos',
      'n:jose',
      'n:p',
      'n:pe',
      'n:per',
      'n:pere',
      'n:perez',
      'n:r',
      'n:ra',
      'n:rao',
      'p:919876543210',
      'p:19876543210',
      'p:9876543210',
      'p:876543210',
      'p:76543210',
      'p:6543210',
      'p:543210',
      'p:43210',
      'p:3210',
      'p:210',
    ]);
    expect(searchTerms('प्रिया नायर', '+91')).toContain('n:प्रिया');
    expect(searchTerms('Ram Ramesh', '')).toEqual(['n:r', 'n:ra', 'n:ram', 'n:rame', 'n:rames', 'n:ramesh']);
    expect(searchTerms('a'.repeat(30), '').at(-1)).toBe(`n:${'a'.repeat(24)}`);
    expect(searchPrefixes('b'.repeat(30))).toEqual([`n:${'b'.repeat(24)}`]);
    expect(searchPrefixes(' +91 (98765) 432-10 ')).toEqual(['p:919876543210']);
    expect(searchPrefixes('98')).toBeNull();
    expect(searchPrefixes('Asha R')).toEqual(['n:asha', 'n:r']);
    expect(searchPrefixes('  ')).toBeNull();
    expect(searchPrefixes("'; DROP TABLE leads --")).toEqual(['n:drop', 'n:table', 'n:leads']);
  });
});

describe('time zone names', () => {
  it('are the current ones: Asia/Calcutta is Asia/Kolkata, and a current name or an unknown one stays', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(currentZoneName('UTC')).toBe('UTC');
  });

  it('each current name is one the runtime knows', () => {
    for (const zone of ['Asia/Calcutta', 'Europe/Kiev', 'America/Godthab', 'Pacific/Enderbury', 'Asia/Rangoon'])
      expect(() => new Intl.DateTimeFormat('en', { timeZone: currentZoneName(zone) })).not.toThrow();
  });

  it('an IANA zone is taken by its current name; an offset, an abbreviation or an unknown name is not a zone', () => {
    expect(ianaZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(ianaZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(ianaZone('Europe/London')).toBe('Europe/London');
    expect(ianaZone('utc')).toBe('UTC');
    for (const name of ['+05:30', 'IST', 'EST5EDT', 'Mars/Olympus', '', 'Asia/Kolkata; DROP', 'x'.repeat(65)])
      expect(ianaZone(name), name).toBeUndefined();
  });

  it('an instant’s day is the zone’s', () => {
    const at = Date.parse('2026-11-27T20:00:00Z');
    expect(dayIn('Asia/Kolkata')(at)).toBe('2026-11-28');
    expect(dayIn('UTC')(at)).toBe('2026-11-27');
    expect(dayIn('America/Los_Angeles')(Date.parse('2026-11-28T07:59:00Z'))).toBe('2026-11-27');
  });
});
