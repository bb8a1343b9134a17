// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { defineOnce, widgetElement } from './define';

const element = widgetElement<{ label?: string }>(() => new Promise(() => {}), { attrs: { label: 'string' }, css: [], loadError: 'x', widget: 'x' });

describe('defineOnce', () => {
  it('registers a tag once; a second call returns the first registration', () => {
    const first = defineOnce('x-once', element);
    expect(customElements.get('x-once')).toBe(first);
    expect(defineOnce('x-once', element)).toBe(first);
  });

  it('registers the same element under another tag name', () => {
    const a = defineOnce('x-name-a', element);
    const b = defineOnce('x-name-b', element);
    expect(a).not.toBe(b);
    expect(customElements.get('x-name-b')).toBe(b);
  });
});

describe('JS-only properties', () => {
  it('keeps a value a framework set before the tag was defined', () => {
    const withClient = widgetElement<{ client?: object }, 'client'>(() => new Promise(() => {}), { attrs: {}, css: [], properties: ['client'], loadError: 'x', widget: 'x' });
    const el = document.createElement('x-early') as HTMLElement & { client?: object };
    const client = { start() {} };
    el.client = client;
    document.body.append(el);
    defineOnce('x-early', withClient);
    expect(Object.prototype.hasOwnProperty.call(el, 'client')).toBe(false);
    expect(el.client).toBe(client);
  });
});
