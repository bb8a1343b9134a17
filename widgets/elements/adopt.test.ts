// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderElementInner } from '../entries/ssr';
import { defineFeedback } from '../feedback/element';
import { defineDemoRequest } from '../demo-request/element';

afterEach(() => document.body.replaceChildren());

/** What a browser with declarative shadow DOM makes of printed HTML: the host with its shadow root filled in. */
function parsed(tag: string, inner: string): HTMLElement {
  const host = document.createElement(tag);
  const template = document.createElement('template');
  template.innerHTML = /^<template shadowrootmode="open">([\s\S]*)<\/template>$/.exec(inner)![1]!;
  host.attachShadow({ mode: 'open' }).append(template.content);
  document.body.append(host);
  return host;
}

describe('a first paint printed by renderElement', () => {
  it('is adopted as it is: the same nodes, typed text kept', () => {
    const host = parsed('x-demo-adopt', renderElementInner('ai-demo-request', { 'default-country': 'IN' }));
    const name = host.shadowRoot!.querySelector<HTMLInputElement>('#name')!;
    name.value = 'Asha';
    defineDemoRequest('x-demo-adopt');
    expect(host.shadowRoot!.querySelector('#name')).toBe(name);
    expect(name.value).toBe('Asha');
    expect(host.shadowRoot!.querySelectorAll('form')).toHaveLength(1);
  });

  it('printed by another version is drawn again', () => {
    const host = parsed(
      'x-feedback-old',
      renderElementInner('ai-feedback', {}).replace('data-ai-widgets-ssr="test"', 'data-ai-widgets-ssr="0.0.1"'),
    );
    const old = host.shadowRoot!.querySelector('button');
    defineFeedback('x-feedback-old');
    expect(host.shadowRoot!.querySelectorAll('button')).toHaveLength(1);
    expect(host.shadowRoot!.querySelector('button')).not.toBe(old);
    expect(host.shadowRoot!.querySelector('style[data-ai-widgets-ssr]')).toBeNull();
  });

  it('left as a template by a browser without declarative shadow DOM is taken out, and the element draws itself', () => {
    const host = document.createElement('x-feedback-nodsd');
    host.innerHTML = renderElementInner('ai-feedback', {});
    document.body.append(host);
    expect(host.querySelector('template')).not.toBeNull();
    defineFeedback('x-feedback-nodsd');
    expect(host.querySelector('template')).toBeNull();
    expect(host.shadowRoot!.querySelector('button')!.textContent).toBe('Share Feedback');
  });
});
