/**
 * The tags' JSX props with no framework in them: every JSX typing the package ships (React's in
 * `jsx.ts`, Preact's and Solid's beside this file) is built from these, and these from each element
 * class's declared props and the typed event map, so no framework's copy can drift from the elements.
 */
import type { AttributePropsOf, PropertyPropsOf, PropSpecs } from '../elements/props';
import type { CLASSES } from '../entries/classes';
import type { WidgetTag } from '../registry';

/** Each tag's element class, as widgets/registry.ts lists them. */
type Classes = typeof CLASSES;

export type { WidgetTag };

/** The element a tag makes, for a framework's `ref` typing. */
export type WidgetElement<Tag extends WidgetTag> = InstanceType<Classes[Tag]>;

/** `publicKey` → `public-key`, as the elements observe their attributes. */
export type Kebab<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : S;

/** Attribute props under their attribute names; JS-only props under their property names. */
export type Attributes<S extends PropSpecs> = {
  [K in keyof AttributePropsOf<S> as K extends string ? Kebab<K> : never]?: AttributePropsOf<S>[K];
} & PropertyPropsOf<S>;

/**
 * A listener for each event the element fires, typed by `GlobalEventHandlersEventMap`, under the
 * name a framework listens by: `on` + the event's name (React 19, Preact) or `on:` + it (Solid).
 */
export type Listeners<Tag extends string, Prefix extends string = 'on'> = {
  [E in keyof GlobalEventHandlersEventMap as E extends `${Tag}-${string}` ? `${Prefix}${E}` : never]?: (
    event: GlobalEventHandlersEventMap[E],
  ) => void;
};

/** A tag's own props: its attributes, its JS-only properties and its listeners. */
export type TagProps<Tag extends WidgetTag, Prefix extends string = 'on'> = Attributes<Classes[Tag]['props']> &
  Listeners<Tag, Prefix>;
