import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import Privacy from '../../site/pages/Privacy.tsx';
import { periodText, privacyFacts } from '../http/site-pages.ts';

describe('the privacy page', () => {
  it('names what a lead stores, and the service writes the retention periods in force into it', () => {
    const html = renderToString(createElement(Privacy));
    for (const word of [
      'name',
      'phone number',
      'network address',
      'browser',
      'the page you were on',
      'campaign',
      'consent',
      'transcript',
      'recording',
    ])
      expect(html).toContain(word);
    expect(html).toContain('<span data-retention="leads">2 years</span>');
    const served = privacyFacts({ leadDays: 400, callContentDays: 0, outboxDays: 365 })(html);
    expect(served).toContain('<span data-retention="leads">400 days</span>');
    expect(served).toContain('<span data-retention="call-content">until the next hourly clean-up</span>');
    expect(served).toContain('<span data-retention="crm">1 year</span>');
    // The defaults read the same as the page's own words.
    expect(privacyFacts({ leadDays: 730, callContentDays: 180, outboxDays: 30 })(html)).toBe(html);
    expect([periodText(1), periodText(730)]).toEqual(['1 day', '2 years']);
  });
});
