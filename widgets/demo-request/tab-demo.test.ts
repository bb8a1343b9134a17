import { describe, expect, it } from 'vitest';
import { DEMO_SESSION_STORAGE_KEY } from '../../model/demo-session';
import { tabDemo } from './tab-demo';

const storing = (values: Record<string, string>) => () => ({ getItem: (key: string) => values[key] ?? null });

describe('the demo a tab tried, as the lead carries it', () => {
  it('reads the id the voice widget left under the model key', () => {
    const id = '3b8f0c1e-6a2d-4e59-9f0b-7c1d2e3f4a5b';
    expect(tabDemo(storing({ [DEMO_SESSION_STORAGE_KEY]: id }))).toEqual({ demoSessionId: id });
  });

  it('sends none for no id, an empty one, one too long for the service, no storage, or a storage that throws', () => {
    expect(tabDemo(storing({}))).toEqual({});
    expect(tabDemo(storing({ [DEMO_SESSION_STORAGE_KEY]: '' }))).toEqual({});
    expect(tabDemo(storing({ [DEMO_SESSION_STORAGE_KEY]: 'x'.repeat(64) }))).toEqual({ demoSessionId: 'x'.repeat(64) });
    expect(tabDemo(storing({ [DEMO_SESSION_STORAGE_KEY]: 'x'.repeat(65) }))).toEqual({});
    expect(tabDemo(() => null)).toEqual({});
    expect(
      tabDemo(() => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      }),
    ).toEqual({});
  });
});
