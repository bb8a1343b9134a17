/**
 * JSX typing for Preact users (10.2x and 11): `import type {} from 'ai-agent-widgets/jsx/preact'` once.
 * The same props as React's (`tags.ts`): Preact sets a prop as the element's property when the
 * element has it and as an attribute otherwise, and `on<event-name>` listens to the event as named.
 */
import type { HTMLAttributes } from 'preact';
import type { TagProps, WidgetElement, WidgetTag } from './tags';

/** Each tag's props in Preact's JSX. */
export type PreactTags = { [Tag in WidgetTag]: HTMLAttributes<WidgetElement<Tag>> & TagProps<Tag> };

declare module 'preact' {
  // Preact's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends PreactTags {}
  }
}
