import type { ComponentType } from 'react';
import { resolveLang, type Lang, type Localized } from '../lib/strings';
import { lazyRenderer, type LazyWidget, type Rendered } from './renderer';
import { adoptStyles } from './styles';

/** How an attribute's text becomes the prop: all of ours are strings today. */
export type AttrType = 'string';

/** Every prop of the contract must be mapped, so the element and its docs cannot drift. */
export type AttrMap<P> = { [K in keyof P]-?: AttrType };

export interface WidgetOptions<P, JsOnly extends keyof P> extends Omit<LazyWidget<P & Localized>, 'load'> {
  /** Props set as attributes (kebab-case) and properties. */
  attrs: AttrMap<Omit<P, JsOnly>>;
  /** CSS adopted into each instance's shadow root before anything is drawn. */
  css: string[];
  /** Props that only exist as JS properties (objects with methods): never reflected. */
  properties?: JsOnly[];
}

/** The class `widgetElement` returns: an HTMLElement with the widget's props as properties. */
export interface WidgetClass<P> {
  new (): HTMLElement & P;
  prototype: HTMLElement & P;
  readonly observedAttributes: string[];
}

/** Without a DOM (server rendering, Node tests) the classes still exist; they are never constructed there. */
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

const kebab = (prop: string) => prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/**
 * Builds the custom element class for a plain React component loaded on demand (see
 * `lazyRenderer`). Our own small base rather than r2wc's core: r2wc drops an attribute that is
 * removed or set to "", skips the render when a property is set to a falsy value, and unmounts
 * on every disconnect, so a move in the page would hang up a call; its public API offers no
 * place to change any of that.
 *
 * - An attribute removed or set to "" gives the prop back its default (`undefined`).
 * - Every property set renders; attribute props reflect to their attribute.
 * - A JS-only property set before the tag was defined is taken over at upgrade.
 * - A move keeps the instance's state: React unmounts only when the element is still out of
 *   the document a task after it left.
 */
export function widgetElement<P extends object, JsOnly extends keyof P = never>(
  load: () => Promise<ComponentType<P>>,
  options: WidgetOptions<P, JsOnly>,
): WidgetClass<P> {
  const byAttribute = new Map(Object.keys(options.attrs).map((prop) => [kebab(prop), prop]));
  const properties = (options.properties ?? []) as string[];
  let renderer: ReturnType<typeof lazyRenderer<P>> | undefined;

  class Widget extends ElementBase {
    static get observedAttributes() {
      // `lang` picks the widget's language; it stays the native property.
      return [...byAttribute.keys(), 'lang'];
    }

    #props: Record<string, unknown> = {};
    #rendered: Rendered<P & Localized> | undefined;
    #leaving: ReturnType<typeof setTimeout> | undefined;

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      adoptStyles(root, ...options.css);
      for (const [attribute, prop] of byAttribute) this.#props[prop] = this.getAttribute(attribute) || undefined;
      // A framework may set a property before the script defined the tag; that value sits
      // on the instance and would hide our accessor. Take it over (the first render follows).
      for (const name of [...byAttribute.values(), ...properties]) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
    }

    connectedCallback() {
      clearTimeout(this.#leaving);
      this.#render();
    }

    disconnectedCallback() {
      // A move is a disconnect followed at once by a connect: wait a task before letting go.
      clearTimeout(this.#leaving);
      this.#leaving = setTimeout(() => {
        if (this.isConnected || !this.#rendered) return;
        renderer!.unmount(this.#rendered);
        this.#rendered = undefined;
      });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      if (name === 'lang') return this.#render();
      const prop = byAttribute.get(name);
      if (!prop) return;
      const next = value || undefined;
      if (this.#props[prop] === next) return;
      this.#props = { ...this.#props, [prop]: next };
      this.#render();
    }

    static {
      for (const prop of [...byAttribute.values(), ...properties]) {
        Object.defineProperty(this.prototype, prop, {
          configurable: true,
          enumerable: true,
          get(this: Widget) {
            return this.#props[prop];
          },
          set(this: Widget, value: unknown) {
            this.#set(prop, value);
          },
        });
      }
    }

    /** Attribute props reflect, so the attribute stays the one truth for them. */
    #set(prop: string, value: unknown) {
      const attribute = kebab(prop);
      if (byAttribute.has(attribute)) {
        const text = value === undefined || value === null || value === '' ? null : String(value);
        if (text === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, text);
        // Inside the constructor of an upgrade no attribute callback follows: take the value here too.
        if (this.#props[prop] === (text ?? undefined)) return;
        this.#props = { ...this.#props, [prop]: text ?? undefined };
        this.#render();
        return;
      }
      this.#props = { ...this.#props, [prop]: value };
      this.#render();
    }

    #render() {
      if (!this.isConnected) return;
      renderer ??= lazyRenderer<P & Localized>({ ...options, load: load as () => Promise<ComponentType<P & Localized>> });
      // The language is the element's own `lang` or the nearest one around it, looked up at each render.
      const props = { ...this.#props, lang: resolveLang(this) } as P & { lang: Lang };
      if (this.#rendered) renderer.update(this.#rendered, props);
      else this.#rendered = renderer.mount(this.shadowRoot!, props);
    }
  }

  return Widget as unknown as WidgetClass<P>;
}

const registered = new Set<CustomElementConstructor>();

/**
 * Registers `element` under `tag` unless that tag is already taken: loading the script twice
 * is harmless. Without a DOM (server-side rendering) it does nothing.
 */
export function defineOnce<C extends CustomElementConstructor>(tag: string, element: C): C | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tag);
  if (existing) return existing as C;
  // A second tag name needs a class of its own: the registry takes each class once.
  const cls = registered.has(element) ? class extends element {} : element;
  customElements.define(tag, cls);
  registered.add(cls);
  registered.add(element);
  return cls;
}
