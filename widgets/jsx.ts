/**
 * JSX typing for React 19 users: the tags with their kebab-case attributes, JS-only properties and
 * `on<event>` listeners, derived from the props contracts and the typed event map, so they cannot
 * drift. React 19 sets known properties, passes other props as attributes, and treats
 * `on<event-name>` as a listener. React 18 does neither for custom elements: use
 * `ai-agent-widgets/react` there.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { DemoRequestProps } from './demo-request/contract';
import type { FeedbackProps } from './feedback/contract';
import type { VoiceDemoProps } from './voice-demo/contract';
import './demo-request/element';
import './feedback/element';
import './voice-demo/element';

/** `publicKey` → `public-key`, as the elements observe their attributes. */
export type Kebab<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}` : S;

type Base = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string };

/** Attribute props under their attribute names; JS-only props under their property names. */
type Attributes<P, JsOnly extends keyof P> = { [K in Exclude<keyof P, JsOnly> as K extends string ? Kebab<K> : never]?: P[K] } & { [K in JsOnly]?: P[K] };

/** `on<tag>-<verb>` for each event the element fires, typed by `GlobalEventHandlersEventMap`. */
type Listeners<Tag extends string> = {
  [E in keyof GlobalEventHandlersEventMap as E extends `${Tag}-${string}` ? `on${E}` : never]?: (event: GlobalEventHandlersEventMap[E]) => void;
};

export type VoiceDemoJsx = Base & Attributes<VoiceDemoProps, 'client'> & Listeners<'ai-voice-demo'>;
export type FeedbackJsx = Base & Attributes<FeedbackProps, never> & Listeners<'ai-feedback'>;
export type DemoRequestJsx = Base & Attributes<DemoRequestProps, 'metadata'> & Listeners<'ai-demo-request'>;

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
