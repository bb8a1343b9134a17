'use client';
/**
 * `ai-agent-widgets/react`: the widgets as React components (one per line of widgets/registry.ts),
 * the same under React 18 and 19. Each wrapper is made from its element class's declared props: attributes are passed as
 * attributes, JS-only properties (`client`, `metadata`) are set on the element, and each event
 * reaches an `on…` callback (`onAiDemoRequestSubmit`): React 18 does neither for custom elements
 * on its own. A ref is the element itself, with its methods (`start()`, `open()`, `reset()`…).
 * Rendering a component registers its default tag. Client components: a Server Component may
 * render them. On the server they print the element with its first paint drawn in (a declarative
 * shadow root, as `renderElement` does), which the browser shows before any script; the client
 * never reconciles that markup (React 19 does not know `<template shadowrootmode>`), so hydration
 * neither warns nor redraws.
 */
import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  type CSSProperties,
  type ForwardRefExoticComponent,
  type ReactNode,
  type RefAttributes,
} from 'react';
// registry: imports (each widget's stable entry, written by `npm run build:registry` from widgets/registry.ts)
import { AIVoiceDemoElement, defineVoiceDemo, type VoiceDemoProps } from './voice-demo.js';
import { AIFeedbackElement, defineFeedback, type FeedbackProps } from './feedback.js';
import { AIDemoRequestElement, defineDemoRequest, type DemoRequestProps } from './demo-request.js';
// registry: end
import { renderElementInner, type WidgetTag } from './ssr.js';
import type { PropSpecs } from '../elements/props.js';

/** `ai-demo-request-submit` → `AiDemoRequestSubmit`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** `onAiDemoRequestSubmit` and friends, one per event the tag fires, typed by `GlobalEventHandlersEventMap`. */
export type EventCallbacks<Tag extends string> = {
  [E in keyof GlobalEventHandlersEventMap as E extends `${Tag}-${string}` ? `on${Pascal<E>}` : never]?: (
    event: GlobalEventHandlersEventMap[E],
  ) => void;
};

/** What every wrapper takes besides the widget's own props. */
export interface CommonProps {
  id?: string;
  className?: string;
  style?: CSSProperties;
  lang?: string;
  hidden?: boolean;
  /** Light DOM content: the feedback trigger's label. */
  children?: ReactNode;
}

// This file ships unbundled beside the entries (its `react` is the host's): no imports of our internals at run time.
const attributeOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** The attributes the first paint depends on: the element's own, as text (not React's ref, class or style). */
function shadowAttributes(attributes: Record<string, unknown>): Record<string, string> {
  const own: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes))
    if (typeof value === 'string' && /^[a-z][a-z0-9-]*$/.test(name)) own[name] = value;
  return own;
}

/** `onAiVoiceDemoStart` listens to `ai-voice-demo-start`. */
const eventOf = (prop: string) =>
  /^on[A-Z]/.test(prop) ? attributeOf(prop.slice(2)).replace(/^./, (c) => c.toLowerCase()) : null;

function wrap<El extends HTMLElement, P extends CommonProps>(
  tag: string,
  element: { props: PropSpecs },
  define: () => unknown,
  displayName: string,
) {
  const declared = element.props;
  const Component = forwardRef<El, P>(function Widget(props, forwarded) {
    const ref = useRef<El>(null);
    useImperativeHandle(forwarded, () => ref.current as El);
    const { id, className, style, lang, hidden, children, ...rest } = props as CommonProps & Record<string, unknown>;
    const attributes: Record<string, unknown> = { ref, id, className, style, lang, hidden };
    const live: Record<string, unknown> = {};
    const events: string[] = [];
    for (const [name, value] of Object.entries(rest)) {
      const spec = declared[name];
      const event = spec ? null : eventOf(name);
      if (event) events.push(event);
      if (!spec || !spec.toAttribute) live[name] = value;
      else {
        const text = spec.toAttribute(value);
        if (text !== null) attributes[attributeOf(name)] = text;
      }
    }
    // JS-only properties are set on the element itself, after React has committed it.
    useEffect(() => {
      for (const [name, spec] of Object.entries(declared))
        if (!spec.toAttribute) (ref.current as unknown as Record<string, unknown>)[name] = live[name];
    });
    // Listeners through addEventListener, the latest callback each time: React 18 would drop `on…` props.
    const callbacks = useRef(live);
    callbacks.current = live;
    const types = events.sort().join(' ');
    useEffect(() => {
      const el = ref.current;
      if (!el || !types) return;
      const stop = new AbortController();
      for (const type of types.split(' ')) {
        const prop = `on${type.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`;
        el.addEventListener(type, (event) => (callbacks.current[prop] as ((e: Event) => void) | undefined)?.(event), {
          signal: stop.signal,
        });
      }
      return () => stop.abort();
    }, [types]);
    define();
    // Text (or nothing) as the light DOM: the shadow root's markup can go beside it on the server.
    // Other children are React's to render: then the element draws itself in the browser.
    if (children !== undefined && children !== null && typeof children !== 'string' && typeof children !== 'number')
      return createElement(tag, attributes, children);
    const text = children === undefined || children === null ? '' : escapeText(String(children));
    const server = typeof window === 'undefined';
    const shadow = server ? renderElementInner(tag as WidgetTag, shadowAttributes(attributes), { lang }) : '';
    return createElement(tag, {
      ...attributes,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: shadow + text },
    });
  });
  Component.displayName = displayName;
  return Component as unknown as ForwardRefExoticComponent<P & RefAttributes<El>>;
}

// registry: wrappers (one per widget, written by `npm run build:registry` from widgets/registry.ts)
export type VoiceDemoComponentProps = VoiceDemoProps & CommonProps & EventCallbacks<'ai-voice-demo'>;
/** `<ai-voice-demo>` as a React component; its ref is the element, with its methods. */
export const VoiceDemo = wrap<AIVoiceDemoElement, VoiceDemoComponentProps>(
  'ai-voice-demo',
  AIVoiceDemoElement,
  defineVoiceDemo,
  'VoiceDemo',
);
export type FeedbackComponentProps = FeedbackProps & CommonProps & EventCallbacks<'ai-feedback'>;
/** `<ai-feedback>` as a React component; its ref is the element, with its methods. */
export const Feedback = wrap<AIFeedbackElement, FeedbackComponentProps>(
  'ai-feedback',
  AIFeedbackElement,
  defineFeedback,
  'Feedback',
);
export type DemoRequestComponentProps = DemoRequestProps & CommonProps & EventCallbacks<'ai-demo-request'>;
/** `<ai-demo-request>` as a React component; its ref is the element, with its methods. */
export const DemoRequest = wrap<AIDemoRequestElement, DemoRequestComponentProps>(
  'ai-demo-request',
  AIDemoRequestElement,
  defineDemoRequest,
  'DemoRequest',
);
// registry: end
