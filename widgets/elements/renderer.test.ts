// @vitest-environment happy-dom
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { string } from './props';
import { defineOnce, WidgetElement } from './widget-element';
import type { ViewNode } from './view';
import { reactLayer } from '../react/layer';
import { waitFor } from '../../tests/support/wait-for.ts';

const shell: ViewNode = ['div', { class: 'root' }, ['button', { type: 'button', 'data-control': 'button' }, 'Press']];

/** Stands in for a widget: counts presses on a control with the shell's part name. */
function Counter({ label = 'Pressed' }: { label?: string }) {
  const [count, setCount] = useState(0);
  return createElement(
    'div',
    { className: 'root' },
    createElement(
      'button',
      { type: 'button', 'data-control': 'button', onClick: () => setCount((n) => n + 1) },
      `${label} ${count}`,
    ),
  );
}

let tags = 0;
const pressed: ViewNode = [
  'div',
  { class: 'root' },
  ['button', { type: 'button', 'data-control': 'button' }, 'Pressing'],
];

/** A toggling control: an odd number of presses shows Pressing and passes one press on. */
const toggle = (controls: string[]) => ({
  shell: controls.length % 2 ? pressed : shell,
  replay: controls.length % 2 ? ['button'] : [],
});

function define(
  load: () => Promise<typeof Counter>,
  withShell: boolean | 'toggle' = true,
  extra: object = {},
  holdReact?: (host: Element) => Promise<unknown> | void,
) {
  const tag = `x-lazy-${++tags}`;
  const shells = withShell ? { shell: () => shell, onShellPress: withShell === 'toggle' ? toggle : undefined } : {};
  const base = class extends WidgetElement {};
  defineOnce(
    tag,
    class extends (holdReact
      ? class extends base {
          protected override holdReact() {
            return holdReact(this);
          }
        }
      : base) {
      static override props = { label: string() };
      static override widget = {
        load,
        react: reactLayer,
        css: [],
        ...shells,
        loadError: () => 'The thing could not load.',
        widget: 'test',
        ...extra,
      };
    },
  );
  const el = document.createElement(tag);
  document.body.append(el);
  return el.shadowRoot!;
}

const settle = () => waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));
const text = (root: ShadowRoot) => root.querySelector('button')?.textContent;

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('widgets load React when a visitor reaches for them', () => {
  it('draws the shell at once and loads nothing until the pointer comes', async () => {
    const load = vi.fn(async () => Counter);
    const root = define(load);
    expect(text(root)).toBe('Press');
    await settle();
    expect(load).not.toHaveBeenCalled();
    root.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true, composed: true }));
    await waitFor(() => expect(text(root)).toBe('Pressed 0'), { timeout: 5000 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(root.querySelectorAll('button')).toHaveLength(1);
  });

  it('loads at once when there is no shell', async () => {
    const root = define(async () => Counter, false);
    await waitFor(() => expect(text(root)).toBe('Pressed 0'), { timeout: 5000 });
  });

  it('passes a click made before React arrived on to the same control, and keeps focus there', async () => {
    const root = define(async () => Counter);
    const button = root.querySelector('button')!;
    button.focus();
    button.click();
    await waitFor(() => expect(text(root)).toBe('Pressed 1'), { timeout: 5000 });
    expect(root.activeElement).toBe(root.querySelector('button'));
  });

  it('a toggling shell answers a press at once; React gets the presses that did not cancel out', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const root = define(() => gate.then(() => Counter), 'toggle');
    const button = root.querySelector('button')!;
    button.focus();
    button.click();
    expect(text(root)).toBe('Pressing');
    // Patched in place: the same button, still focused.
    expect(root.querySelector('button')).toBe(button);
    expect(root.activeElement).toBe(button);
    root.querySelector('button')!.click();
    expect(text(root)).toBe('Press');
    root.querySelector('button')!.click();
    release();
    await waitFor(() => expect(text(root)).toBe('Pressed 1'), { timeout: 5000 });

    // happy-dom's ShadowRoot.activeElement throws while focus sits in another shadow root.
    root.querySelector('button')!.blur();
    const other = define(() => Promise.resolve(Counter), 'toggle');
    other.querySelector('button')!.click();
    other.querySelector('button')!.click();
    await waitFor(() => expect(text(other)).toBe('Pressed 0'), { timeout: 5000 });
  });

  it('shows a clear error with a working retry when the code cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const root = define(async () => {
      if (fail) throw new Error('chunk failed');
      return Counter;
    });
    root.querySelector('button')!.click();
    await waitFor(
      () => expect(root.querySelector('[role="alert"]')?.textContent).toBe('The thing could not load.Try again'),
      { timeout: 5000 },
    );
    fail = false;
    root.querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    await waitFor(() => expect(text(root)).toBe('Pressed 0'), { timeout: 5000 });
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('renders the latest attributes once React is there, and follows later changes', async () => {
    const root = define(async () => Counter);
    const host = root.host as HTMLElement;
    host.setAttribute('label', 'Early');
    root.dispatchEvent(new Event('focusin'));
    await waitFor(() => expect(text(root)).toBe('Early 0'), { timeout: 5000 });
    host.setAttribute('label', 'Late');
    await waitFor(() => expect(text(root)).toBe('Late 0'), { timeout: 5000 });
  });

  it('leaves nothing behind when removed while loading', async () => {
    let resolve!: (c: typeof Counter) => void;
    const root = define(() => new Promise((r) => (resolve = r)));
    root.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    (root.host as HTMLElement).remove();
    await waitFor(() => expect(resolve).toBeTypeOf('function'));
    resolve(Counter);
    await settle();
    expect(root.childNodes).toHaveLength(0);
  });

  it('requests React and the component only once what a press set going has left (holdReact)', async () => {
    let release!: () => void;
    const hold = vi.fn((_host: Element) => new Promise<void>((r) => (release = r)));
    const load = vi.fn(async () => Counter);
    const root = define(load, true, {}, hold);
    root.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await waitFor(() => expect(hold).toHaveBeenCalledWith(root.host));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(text(root)).toBe('Press');
    release();
    await waitFor(() => expect(text(root)).toBe('Pressed 0'), { timeout: 5000 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks holdReact only once a press under way is made: a finger still down waits for its click', async () => {
    const hold = vi.fn(() => undefined);
    const load = vi.fn(async () => Counter);
    const root = define(load, true, {}, hold);
    const button = root.querySelector('button')!;
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hold).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    button.click();
    await waitFor(() => expect(hold).toHaveBeenCalledWith(root.host));
    await waitFor(() => expect(text(root)).toBe('Pressed 1'), { timeout: 5000 });
  });
});
