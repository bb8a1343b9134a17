/**
 * JSX typing for React 19 users: the tags with their kebab-case attributes, JS-only properties and
 * `on<event>` listeners, derived from each element class's declared props and the typed event map,
 * so they cannot drift. React 19 sets known properties, passes other props as attributes, and
 * treats `on<event-name>` as a listener. React 18 does neither for custom elements: use
 * `ai-agent-widgets/react` there.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AttributePropsOf, PropertyPropsOf, PropSpecs } from './elements/props';
import type { AIDemoRequestElement } from './demo-request/element';
import type { AIFeedbackElement } from './feedback/element';
import type { AIVoiceDemoElement } from './voice-demo/element';

/** `publicKey` → `public-key`, as the elements observe their attributes. */
export type Kebab<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}` : S;

type Base = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string };

/** Attribute props under their attribute names; JS-only props under their property names. */
export type Attributes<S extends PropSpecs> = { [K in keyof AttributePropsOf<S> as K extends string ? Kebab<K> : never]?: AttributePropsOf<S>[K] } & PropertyPropsOf<S>;

/** `on<tag>-<verb>` for each event the element fires, typed by `GlobalEventHandlersEventMap`. */
type Listeners<Tag extends string> = {
  [E in keyof GlobalEventHandlersEventMap as E extends `${Tag}-${string}` ? `on${E}` : never]?: (event: GlobalEventHandlersEventMap[E]) => void;
};

export type VoiceDemoJsx = Base & Attributes<typeof AIVoiceDemoElement.props> & Listeners<'ai-voice-demo'>;
export type FeedbackJsx = Base & Attributes<typeof AIFeedbackElement.props> & Listeners<'ai-feedback'>;
export type DemoRequestJsx = Base & Attributes<typeof AIDemoRequestElement.props> & Listeners<'ai-demo-request'>;

declare module 'react' {
  // React's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ai-voice-demo': VoiceDemoJsx;
      'ai-feedback': FeedbackJsx;
      'ai-demo-request': DemoRequestJsx;
    }
  }
}
