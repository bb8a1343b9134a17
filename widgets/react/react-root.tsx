import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MountedRoot, WidgetComponent } from '../elements/renderer';

function Committed({ onCommit, children }: { onCommit(): void; children: ReactNode }) {
  // Runs once, after React's first DOM is in place and before the browser paints it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => onCommit(), []);
  return children;
}

/**
 * React and react-dom live in this chunk, which a widget loads when a visitor reaches for
 * it (or at once, for widgets without a first state drawn by hand).
 */
export function mountReact<P extends object>(
  container: ShadowRoot,
  widget: WidgetComponent<P>,
  props: P,
  onCommit: () => void,
): MountedRoot<P> {
  // Each widget's component is a React function component; the element layer only hands it on.
  const Component = widget as ComponentType<P>;
  const root = createRoot(container);
  let generation = 0;
  let current = props;
  const render = (next: P) => {
    current = next;
    root.render(
      <Committed onCommit={onCommit}>
        <Component key={generation} {...next} />
      </Committed>,
    );
  };
  // The first render commits at once rather than in a later task: a press made on the shell is
  // waiting for it (a tap on a phone reaches the provider about 20 ms sooner).
  flushSync(() => render(props));
  return {
    render,
    remount: () => {
      generation++;
      flushSync(() => render(current));
    },
    unmount: () => root.unmount(),
  };
}
