import { describe, expect, it } from 'vitest';

describe('server-side rendering safety', () => {
  it('imports in Node without a DOM and registers nothing', async () => {
    expect(typeof window).toBe('undefined');
    const widgets = await import('./index');
    expect(widgets.defineVoiceDemo()).toBeUndefined();
    expect(widgets.defineFeedback('x-feedback')).toBeUndefined();
    expect(widgets.defineDemoRequest()).toBeUndefined();
  });
});
