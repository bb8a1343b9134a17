import { describe, expect, it } from 'vitest';
import { lowPriorityBundle } from './plugin';

describe('the prerendered pages', () => {
  it('ask for the bundle at low priority, so Lighthouse does not count it into the first paint', () => {
    const template = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>';
    expect(lowPriorityBundle(template)).toBe(
      '<head><script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script></head>',
    );
  });

  it('stop the build when Vite writes the bundle differently', () => {
    expect(() => lowPriorityBundle('<head><script type="module" src="/assets/index-abc.js"></script></head>')).toThrow(
      /no <script type="module" crossorigin/,
    );
  });
});
