import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export interface MountedRoot<P> {
  render(props: P): void;
  unmount(): void;
}

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
export function mountReact<P extends object>(container: ShadowRoot, Component: ComponentType<P>, props: P, onCommit: () => void): MountedRoot<P> {
  const root = createRoot(container);
  const render = (next: P) =>
    root.render(
      <Committed onCommit={onCommit}>
        <Component {...next} />
      </Committed>,
    );
  render(props);
  return { render, unmount: () => root.unmount() };
}
