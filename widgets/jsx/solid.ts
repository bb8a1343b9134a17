/**
 * JSX typing for Solid users: `import type {} from 'ai-agent-widgets/jsx/solid'` once. The same
 * attributes and properties as React's (`tags.ts`), written as attributes (`brand-name="Acme"`:
 * Solid would lower-case `brandName=`), and each event under `on:<event-name>`, Solid's own
 * listener for an event as named.
 */
import type { JSX } from 'solid-js';
import type { TagProps, WidgetElement, WidgetTag } from './tags';

/** Each tag's props in Solid's JSX. */
export type SolidTags = { [Tag in WidgetTag]: JSX.HTMLAttributes<WidgetElement<Tag>> & TagProps<Tag, 'on:'> };

declare module 'solid-js' {
  // Solid's JSX typing lives in a namespace; augmenting it needs one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends SolidTags {}
  }
}
