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
    const served = privacyFacts({ leadDays: 400, callContentDays: 0, outboxDays: 365, demoDays: 30 })(html);
    expect(served).toContain('<span data-retention="leads">400 days</span>');
    expect(served).toContain('<span data-retention="call-content">until the next hourly clean-up</span>');
    expect(served).toContain('<span data-retention="crm">1 year</span>');
    expect(served).toContain('<span data-retention="demos">30 days</span>');
    // The defaults read the same as the page's own words.
    expect(privacyFacts({ leadDays: 730, callContentDays: 180, outboxDays: 30, demoDays: 90 })(html)).toBe(html);
    expect([periodText(1), periodText(730)]).toEqual(['1 day', '2 years']);
  });

  it('names what a web demo keeps, why, for how long, and that a call asked for from the same tab is linked to it', () => {
    const html = renderToString(createElement(Privacy)).replace(/<!-- -->/g, '');
    const demos = html.slice(html.indexOf('What a web demo keeps'));
    for (const word of [
      'which agent',
      'the page and the site',
      'whether you talked or typed',
      'when it started and ended',
      'how long it lasted',
      'why it ended',
      'summary and transcript',
      'daily limits',
      'same browser tab',
      'linked to that demo',
      'deleting your data deletes it too',
    ])
      expect(demos).toContain(word);
    expect(demos).toContain('<span data-retention="demos">90 days</span>');
  });
});
