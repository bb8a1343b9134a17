/**
 * `ai-agent-widgets/react`: the three widgets as React components, the same under React 18 and 19.
 * Attributes are passed as attributes, JS-only properties (`client`) are set on the element, and each
 * event reaches an `on…` callback (`onAiDemoRequestSubmit`): React 18 does neither for custom
 * elements on its own. Rendering a component registers its default tag.
 */
import { createElement, forwardRef, useEffect, useImperativeHandle, useRef, type CSSProperties, type ForwardRefExoticComponent, type ReactNode, type RefAttributes } from 'react';
import { defineDemoRequest, type AIDemoRequestElement, type DemoRequestProps } from './demo-request.js';
import { defineFeedback, type AIFeedbackElement, type FeedbackProps } from './feedback.js';
import { defineVoiceDemo, type AIVoiceDemoElement, type VoiceDemoProps } from './voice-demo.js';

/** `ai-demo-request-submit` → `AiDemoRequestSubmit`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** `onAiDemoRequestSubmit` and friends, one per event the tag fires, typed by `GlobalEventHandlersEventMap`. */
export type EventCallbacks<Tag extends string> = {
  [E in keyof GlobalEventHandlersEventMap as E extends `${Tag}-${string}` ? `on${Pascal<E>}` : never]?: (event: GlobalEventHandlersEventMap[E]) => void;
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

export type VoiceDemoComponentProps = VoiceDemoProps & CommonProps & EventCallbacks<'ai-voice-demo'>;
export type FeedbackComponentProps = FeedbackProps & CommonProps & EventCallbacks<'ai-feedback'>;
export type DemoRequestComponentProps = DemoRequestProps & CommonProps & EventCallbacks<'ai-demo-request'>;

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function wrap<El extends HTMLElement, P extends CommonProps>(tag: string, define: () => unknown, events: string[], properties: string[], displayName: string) {
  const Component = forwardRef<El, P>(function Widget(props, forwarded) {
    const ref = useRef<El>(null);
    useImperativeHandle(forwarded, () => ref.current as El);
    const { id, className, style, lang, hidden, children, ...rest } = props as CommonProps & Record<string, unknown>;
    const attributes: Record<string, unknown> = { ref, id, className, style, lang, hidden };
    const live: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (properties.includes(name) || (name.startsWith('on') && events.some((e) => name === `on${e}`))) live[name] = value;
      else if (value !== undefined && value !== null && value !== false) attributes[kebab(name)] = String(value);
    }
    // JS-only properties are set on the element itself, after React has committed it.
    useEffect(() => {
      for (const name of properties) (ref.current as unknown as Record<string, unknown>)[name] = live[name];
    });
    // Listeners through addEventListener, the latest callback each time: React 18 would drop `on…` props.
    const callbacks = useRef(live);
    callbacks.current = live;
    useEffect(() => {
      const el = ref.current;
      if (!el) return;
      const off = events.map((pascal) => {
        const type = kebab(pascal).replace(/^-/, '');
        const listener = (event: Event) => (callbacks.current[`on${pascal}`] as ((e: Event) => void) | undefined)?.(event);
        el.addEventListener(type, listener);
        return () => el.removeEventListener(type, listener);
      });
      return () => off.forEach((remove) => remove());
    }, []);
    define();
    return createElement(tag, attributes, children);
  });
  Component.displayName = displayName;
  return Component as unknown as ForwardRefExoticComponent<P & RefAttributes<El>>;
}

/** `<ai-voice-demo>` as a React component. */
export const VoiceDemo = wrap<AIVoiceDemoElement, VoiceDemoComponentProps>('ai-voice-demo', defineVoiceDemo, ['AiVoiceDemoStart', 'AiVoiceDemoEnd', 'AiVoiceDemoError'], ['client'], 'VoiceDemo');
/** `<ai-feedback>` as a React component. */
export const Feedback = wrap<AIFeedbackElement, FeedbackComponentProps>('ai-feedback', defineFeedback, ['AiFeedbackSubmit', 'AiFeedbackSuccess', 'AiFeedbackError'], [], 'Feedback');
/** `<ai-demo-request>` as a React component. */
export const DemoRequest = wrap<AIDemoRequestElement, DemoRequestComponentProps>('ai-demo-request', defineDemoRequest, ['AiDemoRequestSubmit', 'AiDemoRequestSuccess', 'AiDemoRequestError'], [], 'DemoRequest');
