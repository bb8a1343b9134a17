// @vitest-environment happy-dom
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boolean, number, property, string, type PropSpecs } from './props';
import { defineOnce, WidgetElement } from './widget-element';
import { reactLayer } from '../react/layer';
import { waitFor } from '../../tests/support/wait-for.ts';

/** An element class as a widget's `element.ts` writes one. */
function widgetElement(load: typeof WidgetElement.widget.load, props: PropSpecs) {
  return class extends WidgetElement {
    static override props = props;
    static override widget = { load, react: reactLayer, css: [], loadError: () => 'x', widget: 'x' };
  };
}

const never = () => new Promise<never>(() => {});
const element = widgetElement(never, { label: string() });

/** Shows its props and keeps a count in React state, to see re-renders and state kept across a move. */
function Probe({ label = 'Default label', note = 'no note', lang }: { label?: string; note?: string; lang?: string }) {
  const [count, setCount] = useState(0);
  return createElement(
    'button',
    { type: 'button', onClick: () => setCount((n) => n + 1) },
    `${label}|${note}|${lang}|${count}`,
  );
}

let tags = 0;
function probe() {
  const tag = `x-probe-${++tags}`;
  defineOnce(
    tag,
    widgetElement(async () => Probe, { label: string(), note: property<string>(), on: boolean(), count: number() }),
  );
  const el = document.createElement(tag) as HTMLElement & {
    label?: string;
    note?: string;
    on?: boolean;
    count?: number;
  };
  document.body.append(el);
  const text = () => el.shadowRoot!.querySelector('button')?.textContent;
  return { el, text };
}

afterEach(() => document.body.replaceChildren());

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

describe('attributes and properties', () => {
  it('gives the default back when an attribute is removed or set to ""', async () => {
    const { el, text } = probe();
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
    el.setAttribute('label', 'Hello');
    await waitFor(() => expect(text()).toBe('Hello|no note|en|0'));
    el.setAttribute('label', '');
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
    el.setAttribute('label', 'Again');
    await waitFor(() => expect(text()).toBe('Again|no note|en|0'));
    el.removeAttribute('label');
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
  });

  it('renders on every property set, falsy values too, and reflects attribute props', async () => {
    const { el, text } = probe();
    el.label = 'From a property';
    expect(el.getAttribute('label')).toBe('From a property');
    await waitFor(() => expect(text()).toBe('From a property|no note|en|0'));
    el.label = '';
    expect(el.hasAttribute('label')).toBe(false);
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
    el.note = 'a note';
    await waitFor(() => expect(text()).toBe('Default label|a note|en|0'));
    el.note = undefined;
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
  });

  it('reads boolean attributes as presence and number attributes as numbers, and reflects both', () => {
    const { el } = probe();
    expect(el.on).toBe(false);
    el.setAttribute('on', '');
    expect(el.on).toBe(true);
    el.removeAttribute('on');
    expect(el.on).toBe(false);
    el.on = true;
    expect(el.getAttribute('on')).toBe('');
    el.on = false;
    expect(el.hasAttribute('on')).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    el.setAttribute('on', 'off');
    expect(el.on).toBe(false);
    el.setAttribute('on', 'yes');
    expect(el.on).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('on="yes" is deprecated'));
    warn.mockRestore();

    el.setAttribute('count', '12');
    expect(el.count).toBe(12);
    el.setAttribute('count', 'twelve');
    expect(el.count).toBeUndefined();
    el.count = 5;
    expect(el.getAttribute('count')).toBe('5');
    el.count = undefined;
    expect(el.hasAttribute('count')).toBe(false);
  });

  it('follows its own lang, else the nearest one around it', async () => {
    document.documentElement.lang = 'en';
    const { el, text } = probe();
    await waitFor(() => expect(text()).toContain('|en|'));
    el.setAttribute('lang', 'hi-IN');
    await waitFor(() => expect(text()).toContain('|hi|'));
  });

  it('keeps a value a framework set before the tag was defined', () => {
    const withClient = widgetElement(never, { label: string(), client: property<object>() });
    const el = document.createElement('x-early') as HTMLElement & { client?: object; label?: string };
    const client = { start() {} };
    el.client = client;
    el.label = 'early';
    document.body.append(el);
    defineOnce('x-early', withClient);
    expect(Object.prototype.hasOwnProperty.call(el, 'client')).toBe(false);
    expect(el.client).toBe(client);
    expect(el.getAttribute('label')).toBe('early');
  });
});

describe('moves', () => {
  it('keeps React state when the element moves, and lets go once it has left for good', async () => {
    const { el, text } = probe();
    await waitFor(() => expect(text()).toBe('Default label|no note|en|0'));
    el.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => expect(text()).toBe('Default label|no note|en|1'));
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(text()).toBe('Default label|no note|en|1');
    el.remove();
    await waitFor(() => expect(el.shadowRoot!.childNodes).toHaveLength(0));
  });
});
