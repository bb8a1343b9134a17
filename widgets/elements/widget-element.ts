import { resolveLang, type Lang, type Localized } from '../lib/lang';
import { attributeOf, type Prop, type PropSpecs } from './props';
import { lazyRenderer, type LazyWidget, type Rendered, type WidgetComponent } from './renderer';
import { adoptStyles } from './styles';
import { printedByUs } from './ssr-mark';
import { takeEarlyPresses } from './page-script';

/** How an element draws and loads its component, besides its public API. */
export interface WidgetSpec<P extends object> extends Omit<LazyWidget<P & Localized>, 'load'> {
  /** The React component, from its own chunk. */
  load: () => Promise<WidgetComponent<P & Localized>>;
  /** CSS adopted into each instance's shadow root before anything is drawn. */
  css: string[];
}

/** Without a DOM (server rendering, Node tests) the classes still exist; they are never constructed there. */
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

type AnySpec = WidgetSpec<object>;
const renderers = new WeakMap<AnySpec, ReturnType<typeof lazyRenderer<object>>>();
const prepared = new WeakSet<object>();

/** The class that declares `props` (a re-tagged subclass inherits them). */
function declaring(cls: typeof WidgetElement): typeof WidgetElement {
  let current = cls;
  while (!Object.prototype.hasOwnProperty.call(current, 'props') && Object.getPrototypeOf(current) !== WidgetElement)
    current = Object.getPrototypeOf(current);
  return current;
}

/**
 * The base of our elements, each a class in its widget's `element.ts` that declares its public
 * properties (`static props`), its methods and, in JSDoc, its events, parts and CSS properties.
 * Our own small base rather than r2wc's core: r2wc drops an attribute that is removed or set to
 * "", skips the render when a property is set to a falsy value, and unmounts on every
 * disconnect, so a move in the page would hang up a call.
 *
 * - An attribute removed (or a text one set to "") gives the prop back its default (`undefined`).
 * - Every property set renders; attribute props reflect to their attribute.
 * - A property set before the tag was defined is taken over at upgrade.
 * - A move keeps the instance's state: the atomic move (`moveBefore`) does not disconnect at all;
 *   elsewhere React unmounts only when the element is still out of the document a task after it left.
 */
export abstract class WidgetElement extends ElementBase {
  /** The element's public properties; each subclass declares its own. */
  static props: PropSpecs = {};
  /** How the element loads and draws its component (for its own props, which this base does not know). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  static widget: WidgetSpec<any>;

  static get observedAttributes(): string[] {
    WidgetElement.#prepare(this);
    const attributes = Object.entries(this.props)
      .filter(([, spec]) => spec.fromAttribute)
      .map(([name]) => attributeOf(name));
    // `lang` picks the widget's language; it stays the native property.
    return [...attributes, 'lang'];
  }

  /** Puts an accessor on the prototype for each declared prop, once per declaring class. */
  static #prepare(cls: typeof WidgetElement) {
    const owner = declaring(cls);
    if (prepared.has(owner)) return;
    prepared.add(owner);
    for (const [name, spec] of Object.entries(owner.props)) {
      Object.defineProperty(owner.prototype, name, {
        configurable: true,
        enumerable: true,
        get(this: WidgetElement) {
          const value = this.#props[name];
          return spec.kind === 'boolean' ? !!value : value;
        },
        set(this: WidgetElement, value: unknown) {
          this.#write(name, spec, value);
        },
      });
    }
  }

  #props: Record<string, unknown> = {};
  #rendered: Rendered<object> | undefined;
  #leaving: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    const cls = this.constructor as typeof WidgetElement;
    WidgetElement.#prepare(cls);
    // A declarative shadow root from the page's HTML is there already (attachShadow would empty it):
    // adopted when our own version printed it, else drawn again.
    const drawn = this.shadowRoot;
    if (drawn && !printedByUs(drawn)) drawn.replaceChildren();
    adoptStyles(drawn ?? this.attachShadow({ mode: 'open' }), ...cls.widget.css);
    const own = this as unknown as Record<string, unknown>;
    for (const [name, spec] of Object.entries(cls.props)) {
      if (spec.fromAttribute)
        this.#props[name] = spec.fromAttribute(this.getAttribute(attributeOf(name)), attributeOf(name));
      // A framework may set a property before the script defined the tag; that value sits
      // on the instance and would hide our accessor. Take it over (the first render follows).
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = own[name];
      delete own[name];
      own[name] = value;
    }
  }

  connectedCallback() {
    clearTimeout(this.#leaving);
    // A browser without declarative shadow DOM leaves the printed first paint as a template child,
    // which a default slot would take: the element draws itself instead.
    for (const child of [...this.children])
      if (child.localName === 'template' && child.hasAttribute('shadowrootmode')) child.remove();
    this.#render();
  }

  /** The atomic move: nothing was torn down, but the language around the element may differ. */
  connectedMoveCallback() {
    this.#render();
  }

  disconnectedCallback() {
    // A move is a disconnect followed at once by a connect: wait a task before letting go.
    clearTimeout(this.#leaving);
    this.#leaving = setTimeout(() => {
      if (this.isConnected || !this.#rendered) return;
      this.#renderer().unmount(this.#rendered);
      this.#rendered = undefined;
    });
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null) {
    if (name === 'lang') return this.#render();
    const props = (this.constructor as typeof WidgetElement).props;
    const prop = Object.keys(props).find((key) => attributeOf(key) === name);
    if (prop) this.#take(prop, props[prop]!.fromAttribute!(value, name));
  }

  /** Attribute props reflect, so the attribute stays the one truth for them. */
  #write(name: string, spec: Prop<unknown>, value: unknown) {
    if (!spec.toAttribute || !spec.fromAttribute) return this.#take(name, value);
    const attribute = attributeOf(name);
    const text = spec.toAttribute(value);
    if (text === null) this.removeAttribute(attribute);
    else this.setAttribute(attribute, text);
    // Inside the constructor of an upgrade no attribute callback follows: take the value here too.
    this.#take(name, spec.fromAttribute(text, attribute));
  }

  #take(name: string, value: unknown) {
    if (Object.is(this.#props[name], value)) return;
    this.#props = { ...this.#props, [name]: value };
    this.#render();
  }

  #renderer() {
    const spec = (this.constructor as typeof WidgetElement).widget as unknown as AnySpec;
    let renderer = renderers.get(spec);
    if (!renderer) renderers.set(spec, (renderer = lazyRenderer<object>(spec as unknown as LazyWidget<object>)));
    return renderer;
  }

  #render() {
    if (!this.isConnected) return;
    // The language is the element's own `lang` or the nearest one around it, looked up at each render.
    const props = { ...this.renderProps(this.#props), lang: resolveLang(this) } as { lang: Lang };
    if (this.#rendered) this.#renderer().update(this.#rendered, props);
    else {
      this.#rendered = this.#renderer().mount(this.shadowRoot!, props);
      // Clicks made on the server-drawn widget before this code arrived, handled as presses now.
      for (const control of takeEarlyPresses(this)) this.#renderer().press(this.#rendered, control);
    }
  }

  /** What the first paint and the component are given: the props, and what a widget derives from its place in the page. */
  protected renderProps(props: Record<string, unknown>): Record<string, unknown> {
    return props;
  }

  /**
   * The hooks below are the renderer's (through `WidgetHost`), for a widget with needs of its own (the
   * voice demo's call): every other widget leaves them as they are.
   *
   * A press on the shell (the shell's controls pressed so far, `data-control` names, in order):
   * what it sets going at once, before React is there. The shell's answer stays `onShellPress`'s.
   */
  protected shellPressed(_controls: string[], _props: object): void {}

  /** The code could not load: let go of what a shell press started. */
  protected loadFailed(): void {}

  /**
   * A visitor first reaches for the widget (hover, touch, focus): it may start fetching what a press
   * needs. React's chunk (about 70 KB gzip, 30 ms to evaluate on a slow phone) loads once what this
   * returns has settled, so the two do not compete for the main thread.
   */
  protected intent(_props: object): Promise<unknown> | void {}

  /**
   * Where a class has it: asked once `intent`'s promise has settled and a press under way has been
   * made. React's chunk and the component's are requested only when what this returns has settled
   * too (at most `HOLD_MS`), so what the press set going (the voice call's request to the provider)
   * is not queued behind evaluating React. Without it, nothing waits for a press.
   */
  protected holdReact?(): Promise<unknown> | void;

  /** Resolves once the component is drawn (loading it now if needed); `false` when the element is not in a document. */
  protected async ready(): Promise<boolean> {
    if (!this.isConnected || !this.#rendered) return false;
    const rendered = this.#rendered;
    await this.#renderer().whenMounted(rendered);
    return this.isConnected && rendered === this.#rendered && rendered.phase === 'mounted';
  }

  /** Presses one of the widget's controls (`data-control`), as a visitor would, before or after React. */
  protected press(control: string) {
    if (this.isConnected && this.#rendered) this.#renderer().press(this.#rendered, control);
  }

  /** Draws again with what `renderProps` derives now (a change that is not a prop's, such as time passing). */
  protected refresh() {
    this.#render();
  }

  /** Draws the component afresh, its state back at the start. */
  protected remount() {
    if (this.isConnected && this.#rendered) this.#renderer().remount(this.#rendered);
  }

  /** The widget's `status` as its view shows it (`data-status`), before or after React. */
  protected get status(): string | null {
    return this.shadowRoot?.querySelector('[data-status]')?.getAttribute('data-status') ?? null;
  }
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
  const cls = registered.has(element) ? class extends (element as unknown as typeof WidgetElement) {} : element;
  customElements.define(tag, cls as unknown as CustomElementConstructor);
  registered.add(cls as unknown as CustomElementConstructor);
  registered.add(element);
  return cls as unknown as C;
}
