import { describe, expect, it } from 'vitest';
import { DEMO_REQUEST_STRINGS } from './strings';
import { leadStored } from './lead-api';
import { wordRefusal } from './refusals';

const en = DEMO_REQUEST_STRINGS.en;
const hi = DEMO_REQUEST_STRINGS.hi;

describe('wordRefusal', () => {
  it.each(Object.keys(en.refusals))('words %s itself, in English and Hindi', (error) => {
    const key = error as keyof typeof en.refusals;
    expect(wordRefusal({ error, message: 'service words' }, en).message).toBe(en.refusals[key]);
    expect(wordRefusal({ error, message: 'service words' }, hi).message).toBe(hi.refusals[key]);
  });

  it("shows the service's sentence for other codes, and ours for an outage", () => {
    expect(
      wordRefusal({ error: 'consent-text', message: 'That consent sentence is not one we accept.' }, en).message,
    ).toBe('That consent sentence is not one we accept.');
    expect(wordRefusal({ error: 'toString', message: 'Odd code.' }, en).message).toBe('Odd code.');
    expect(wordRefusal({ error: 'outage', message: 'x' }, hi).message).toBe(hi.outage);
  });

  it('sends focus to what fixes it', () => {
    for (const error of [
      'not-mobile',
      'number-invalid',
      'number-blocked',
      'country-disabled',
      'invalid-phone',
      'country-not-allowed',
    ])
      expect(wordRefusal({ error, message: '' }, en).focus).toBe('phone');
    expect(wordRefusal({ error: 'challenge', message: '' }, en).focus).toBe('challenge');
    for (const error of ['otp-capacity', 'provider-busy', 'too-many-sends', 'cooldown'])
      expect(wordRefusal({ error, message: '' }, en).focus).toBeUndefined();
  });

  it('asks for a new code when the code is spent', () => {
    for (const error of ['too-many-checks', 'expired', 'too-many', 'no-code', 'code-used'])
      expect(wordRefusal({ error, message: '' }, en).newCode).toBe(true);
    expect(wordRefusal({ error: 'wrong-code', message: '', attemptsLeft: 2 }, en).newCode).toBe(false);
    expect(wordRefusal({ error: 'wrong-code', message: '', attemptsLeft: 0 }, en).newCode).toBe(true);
  });
});

describe('leadStored', () => {
  it('keeps the answers of the contract', () => {
    expect(leadStored({ id: 1, call: 'placed' })).toEqual({ id: 1, call: 'placed' });
    expect(leadStored({ id: 2, call: 'scheduled', callAt: '2025-03-05T03:30:00Z' })).toEqual({
      id: 2,
      call: 'scheduled',
      callAt: '2025-03-05T03:30:00Z',
    });
    expect(leadStored({ id: 3, call: 'retrying', duplicate: true })).toEqual({
      id: 3,
      call: 'retrying',
      duplicate: true,
    });
    expect(leadStored({ id: 4, call: 'placed', calledAt: '2025-03-04T05:12:00Z', duplicate: true })).toEqual({
      id: 4,
      call: 'placed',
      calledAt: '2025-03-04T05:12:00Z',
      duplicate: true,
    });
  });

  it('keeps calledAt only on a repeat of a placed call, and only when it is a time', () => {
    expect(leadStored({ id: 1, call: 'placed', calledAt: '2025-03-04T05:12:00Z' })).toEqual({ id: 1, call: 'placed' });
    expect(leadStored({ id: 1, call: 'placed', calledAt: 'earlier', duplicate: true })).toEqual({
      id: 1,
      call: 'placed',
      duplicate: true,
    });
    expect(
      leadStored({
        id: 1,
        call: 'scheduled',
        callAt: '2025-03-05T03:30:00Z',
        calledAt: '2025-03-04T05:12:00Z',
        duplicate: true,
      }),
    ).toEqual({ id: 1, call: 'scheduled', callAt: '2025-03-05T03:30:00Z', duplicate: true });
  });

  it('promises no call for an outcome it does not know, or a schedule without a time', () => {
    expect(leadStored({ id: 1, call: 'queued' })).toEqual({ id: 1, call: 'failed' });
    expect(leadStored({ id: 1, call: 'scheduled' })).toEqual({ id: 1, call: 'failed' });
    expect(leadStored({ id: 1, call: 'scheduled', callAt: 'soon' })).toEqual({ id: 1, call: 'failed' });
    expect(leadStored({ id: 1, call: 'placed', callAt: '2025-03-05T03:30:00Z', duplicate: 'yes' })).toEqual({
      id: 1,
      call: 'placed',
    });
  });
});
