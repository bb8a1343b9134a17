/**
 * JSX typing for Preact users (10.2x and 11): `import type {} from 'ai-agent-widgets/jsx/preact'` once.
 * The same props as React's (`tags.ts`): Preact sets a prop as the element's property when the
 * element has it and as an attribute otherwise, and `on<event-name>` listens to the event as named.
 */
import type { HTMLAttributes } from 'preact';
import type { TagProps, WidgetElement, WidgetTag } from './tags';

type PreactTags = { [Tag in WidgetTag]: HTMLAttributes<WidgetElement<Tag>> & TagProps<Tag> };

export type VoiceDemoPreactJsx = PreactTags['ai-voice-demo'];
export type FeedbackPreactJsx = PreactTags['ai-feedback'];
export type DemoRequestPreactJsx = PreactTags['ai-demo-request'];

declare module 'preact' {
  // Preact's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends PreactTags {}
  }
}
