/**
 * How each public property of an element is declared: the one place that says whether it has an
 * attribute and how the attribute's text becomes the value. The element class, its JSX and React
 * types and the manifest all read these declarations.
 */
export interface Prop<T> {
  readonly kind: 'string' | 'boolean' | 'number' | 'property';
  /** Text to value; `undefined` gives the component its default. Absent for JS-only properties. */
  readonly fromAttribute?: (text: string | null, attribute: string) => T | undefined;
  /** Value to text; `null` removes the attribute. */
  readonly toAttribute?: (value: unknown) => string | null;
  /** Only carries `T` for the types. */
  readonly type?: T;
}

export type PropSpecs = Record<string, Prop<unknown>>;

/** The props a declaration gives the component (and the element's properties). */
export type PropsOf<S extends PropSpecs> = { [K in keyof S]?: S[K] extends Prop<infer T> ? T : never };

/** The props that have an attribute, and their value types. */
export type AttributePropsOf<S extends PropSpecs> = {
  [K in keyof S as S[K]['kind'] extends 'property' ? never : K]?: S[K] extends Prop<infer T> ? T : never;
};

/** The JS-only props. */
export type PropertyPropsOf<S extends PropSpecs> = {
  [K in keyof S as S[K]['kind'] extends 'property' ? K : never]?: S[K] extends Prop<infer T> ? T : never;
};

const empty = (value: unknown) => value === undefined || value === null || value === '';

/** A text attribute; "" is the same as absent. */
export const string = <T extends string = string>(): Prop<T> => ({
  kind: 'string',
  fromAttribute: (text) => (text || undefined) as T | undefined,
  toAttribute: (value) => (empty(value) ? null : String(value)),
});

/** A number attribute; text that is not a finite number is the same as absent. */
export const number = (): Prop<number> => ({
  kind: 'number',
  fromAttribute: (text) => {
    if (text === null || text.trim() === '') return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  },
  toAttribute: (value) => (empty(value) || !Number.isFinite(Number(value)) ? null : String(Number(value))),
});

const warned = new Set<string>();

/**
 * A boolean attribute: present is true, as in HTML. Until the next release the older text forms
 * still work (`captions="on"` on, `captions="off"` off), with a console warning.
 */
export const boolean = (): Prop<boolean> => ({
  kind: 'boolean',
  fromAttribute: (text, attribute) => {
    if (text === null) return undefined;
    const value = text.trim().toLowerCase();
    if (value === '' || value === attribute) return true;
    const on = value !== 'off' && value !== 'false';
    if (!warned.has(`${attribute}=${value}`)) {
      warned.add(`${attribute}=${value}`);
      console.warn(
        `[ai-widgets] ${attribute}="${text}" is deprecated: ${attribute} is a boolean attribute, write ${on ? `\`${attribute}\`` : `no ${attribute} attribute`} instead.`,
      );
    }
    return on;
  },
  // A string is the attribute's text: "" is a present attribute, so true. React 19 and Preact hand an element the
  // attribute's value as the property (`el.simulate = ""`) once the tag is defined: read as false, the setting vanished.
  toAttribute: (value) =>
    value === true || (typeof value === 'string' && value !== 'off' && value !== 'false') ? '' : null,
});

/**
 * A list of words: the attribute's text split at `|` (each trimmed, the empty ones left out); the property
 * takes an array too (or the same text), and reflects it as that text.
 */
export const list = (): Prop<string[]> => ({
  kind: 'string',
  fromAttribute: (text) => {
    const items = (text ?? '')
      .split('|')
      .map((item) => item.trim())
      .filter(Boolean);
    return items.length ? items : undefined;
  },
  toAttribute: (value) => {
    const text = Array.isArray(value) ? value.map((item) => String(item).trim()).join('|') : value;
    return empty(text) ? null : String(text);
  },
});

/** A JS property with no attribute (an object, a function): never reflected. */
export const property = <T>(): Prop<T> => ({ kind: 'property' });

const kebabCache = new Map<string, string>();
/** `publicKey` is the attribute `public-key`. */
export function attributeOf(prop: string): string {
  let name = kebabCache.get(prop);
  if (!name)
    kebabCache.set(
      prop,
      (name = prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`)),
    );
  return name;
}
