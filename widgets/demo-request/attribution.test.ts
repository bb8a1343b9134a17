import { describe, expect, it } from 'vitest';
import { attributionOf, checkMetadata } from './attribution';

describe('attributionOf', () => {
  it('reads utm_* and click ids from the page, and drops the fragment', () => {
    expect(
      attributionOf(
        'https://acme.example/pricing?utm_source=newsletter&utm_campaign=diwali&gclid=abc#x',
        'https://news.example/',
        'Asia/Kolkata',
      ),
    ).toEqual({
      timeZone: 'Asia/Kolkata',
      pageUrl: 'https://acme.example/pricing?utm_source=newsletter&utm_campaign=diwali&gclid=abc',
      referrer: 'https://news.example/',
      utm: { source: 'newsletter', campaign: 'diwali' },
      clickIds: { gclid: 'abc' },
    });
  });

  it('leaves out empty parameters and sends empty objects when there are none', () => {
    const none = attributionOf('https://acme.example/?utm_source=&utm_medium=%20&fbclid=', '', 'UTC');
    expect(none).toMatchObject({ utm: {}, clickIds: {}, referrer: '' });
  });

  it('takes every utm parameter and both click ids, decoded, first non-blank value winning', () => {
    const all = attributionOf(
      'https://a.example/?utm_source=&utm_source=mail&utm_medium=email&utm_term=ai%20calls&utm_content=hero+button&fbclid=F1&gclid=G1',
      '',
      'UTC',
    );
    expect(all.utm).toEqual({ source: 'mail', medium: 'email', term: 'ai calls', content: 'hero button' });
    expect(all.clickIds).toEqual({ gclid: 'G1', fbclid: 'F1' });
  });

  it('ignores other parameters and parameter names in another case', () => {
    expect(attributionOf('https://a.example/?UTM_SOURCE=x&ref=y', '', 'UTC').utm).toEqual({});
  });

  it('keeps an address it cannot parse, without its fragment', () => {
    expect(attributionOf('not a url#frag', '', '').pageUrl).toBe('not a url');
  });
});

describe('checkMetadata', () => {
  it('sends {} when unset', () => {
    expect(checkMetadata(undefined)).toEqual({ metadata: {} });
    expect(checkMetadata(null)).toEqual({ metadata: {} });
  });

  it('passes a flat object of strings as it is', () => {
    expect(checkMetadata({ plan: 'pro', source: 'x'.repeat(200) })).toEqual({
      metadata: { plan: 'pro', source: 'x'.repeat(200) },
    });
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']));
    expect(checkMetadata(twenty).problem).toBeUndefined();
  });

  it.each([
    ['a string', 'plan=pro'],
    ['an array', ['pro']],
    ['a number value', { seats: 3 }],
    ['a nested object', { plan: { name: 'pro' } }],
    ['a null value', { plan: null }],
    ['21 keys', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))],
    ['a 201-character value', { note: 'x'.repeat(201) }],
    ['a class instance', new Date()],
  ])('refuses %s: says why and sends {}', (_label, value) => {
    const checked = checkMetadata(value);
    expect(checked.metadata).toEqual({});
    expect(checked.problem).toMatch(/metadata/);
  });
});
