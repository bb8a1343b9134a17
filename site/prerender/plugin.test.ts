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

describe("the widgets' printed styles, allowed by hash", () => {
  it('hashes a style whole, up to its end tag, even with a "<" inside (minified `width<=329px`)', async () => {
    const { createHash } = await import('node:crypto');
    const { styleHashes } = await import('./files');
    const css = '.a{color:red}@container (width<=329px){.b{flex-wrap:wrap}}';
    const sha = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(styleHashes([`<p><style data-ai-widgets-ssr="0.1.0">${css}</style></p>`])).toEqual([sha]);
  });
});
