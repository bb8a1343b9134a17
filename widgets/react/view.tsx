import { createElement, type ReactNode } from 'react';
import type { ViewNode } from '../elements/view';

/** Extra React props (handlers, refs) for an element of a view, chosen by its attributes. */
export type Wire = (attrs: Record<string, string>) => Record<string, unknown> | undefined;

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  novalidate: 'noValidate',
};

/** Boolean attributes: present as "" in a view, `true` for React (which drops an empty string). */
const BOOLEAN = new Set(['disabled', 'readonly', 'novalidate', 'checked', 'required', 'hidden']);

/** SVG presentation attributes are camelCase in React; aria-*, data-* and custom properties are not. */
const reactName = (name: string) =>
  REACT_NAMES[name] ??
  (/^(aria|data)-/.test(name) ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));

/** `"--level:0.5;transform:scaleX(0.5)"` as React's style object. */
function styleObject(cssText: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of cssText.split(';')) {
    const at = declaration.indexOf(':');
    if (at < 0) continue;
    const name = declaration.slice(0, at).trim();
    style[name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = declaration
      .slice(at + 1)
      .trim();
  }
  return style;
}

/**
 * Renders a view description (the same data the element draws before React) as React elements,
 * so a widget's markup is written once and the two can never drift.
 */
export function renderView(node: ViewNode, wire?: Wire, key?: number): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, attrs, ...children] = node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(attrs))
    props[reactName(name)] = name === 'style' ? styleObject(value) : value === '' && BOOLEAN.has(name) ? true : value;
  Object.assign(props, wire?.(attrs));
  const kids = children.map((child, i) => renderView(child, wire, i));
  return createElement(tag, props, ...(kids.length ? kids : []));
}
