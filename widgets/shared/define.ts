import r2wc from '@r2wc/core';
import type { ComponentType } from 'react';
import { lazyRenderer, type LazyWidget } from './renderer';
import { adoptStyles } from './styles';

/** The attribute types we use from r2wc (no `function`: it reads `window[name]`). */
export type AttrType = 'string' | 'number' | 'json';

/** Every prop of the contract must be mapped, so the element and its docs cannot drift. */
export type AttrMap<P> = { [K in keyof P]-?: AttrType };

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

type R2wcInternals = { [PROPS]: Record<string, unknown>; [RENDER](): void };

export interface WidgetOptions<P, JsOnly extends keyof P> extends Omit<LazyWidget<P>, 'load'> {
  /** Props set as attributes (kebab-case) and properties. */
  attrs: AttrMap<Omit<P, JsOnly>>;
  /** CSS adopted into each instance's shadow root before anything is drawn. */
  css: string[];
  /** Props that only exist as JS properties (objects with methods): never reflected. */
  properties?: JsOnly[];
}

/**
 * Describes the custom element class for a plain React component loaded on demand (see
 * `lazyRenderer`): open shadow root, shared constructable stylesheets, and JS-only
 * properties handed to React as-is. The class is built on first use, so importing a
 * widget in Node (no DOM) is safe.
 */
export function widgetElement<P extends object, JsOnly extends keyof P = never>(
  load: () => Promise<ComponentType<P>>,
  options: WidgetOptions<P, JsOnly>,
): () => CustomElementConstructor {
  let built: CustomElementConstructor | undefined;
  return () => (built ??= buildElement(load, options));
}

function buildElement<P extends object, JsOnly extends keyof P>(load: () => Promise<ComponentType<P>>, options: WidgetOptions<P, JsOnly>): CustomElementConstructor {
  // r2wc's core maps attributes and properties; our renderer decides when React comes in.
  const renderer = lazyRenderer<P>({ ...options, load });
  const Base = r2wc<P & { container?: HTMLElement }, unknown>(load as unknown as ComponentType<P>, { shadow: 'open', props: options.attrs as Record<string, AttrType> }, renderer as never);
  class Widget extends Base {
    constructor() {
      super();
      adoptStyles(this.shadowRoot!, ...options.css);
      // A framework may set a property before the script defined the tag; that value sits
      // on the instance and would hide our accessor. Take it over (the first render follows).
      for (const name of (options.properties ?? []) as string[]) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as R2wcInternals)[PROPS][name] = value;
      }
    }
  }
  for (const name of (options.properties ?? []) as string[]) {
    Object.defineProperty(Widget.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[PROPS][name];
      },
      set(this: R2wcInternals, value: unknown) {
        this[PROPS][name] = value;
        this[RENDER]();
      },
    });
  }
  return Widget;
}

/**
 * Registers the element under `tag` unless that tag is already taken: loading the script
 * twice is harmless. Without a DOM (server-side rendering) it does nothing.
 */
export function defineOnce(tag: string, element: () => CustomElementConstructor): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tag);
  if (existing) return existing;
  const created = element();
  // A second tag name needs a class of its own: the registry takes each class once.
  const registered = registeredClasses.has(created) ? class extends created {} : created;
  customElements.define(tag, registered);
  registeredClasses.add(registered);
  return registered;
}

const registeredClasses = new Set<CustomElementConstructor>();
