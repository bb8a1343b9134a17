/**
 * JSX typing for React 19 users: the tags with their kebab-case attributes, JS-only properties and
 * `on<event>` listeners (`jsx/tags.ts`, derived from the element classes). React 19 sets known
 * properties, passes other props as attributes, and treats `on<event-name>` as a listener. React 18
 * does neither for custom elements: use `ai-agent-widgets/react` there. Preact and Solid have their
 * own: `ai-agent-widgets/jsx/preact`, `ai-agent-widgets/jsx/solid`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TagProps, WidgetTag } from './jsx/tags';

export type { Attributes, Kebab } from './jsx/tags';

type Base = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string };

type ReactTags = { [Tag in WidgetTag]: Base & TagProps<Tag> };

// registry: aliases (one per widget, written by `npm run build:registry` from widgets/registry.ts)
export type VoiceDemoJsx = ReactTags['ai-voice-demo'];
export type FeedbackJsx = ReactTags['ai-feedback'];
export type DemoRequestJsx = ReactTags['ai-demo-request'];
// registry: end

declare module 'react' {
  // React's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends ReactTags {}
  }
}
