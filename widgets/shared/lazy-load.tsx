import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { reportError } from './report';

interface BoundaryProps {
  /** What failed to load, for the visitor: "The phone field could not load." */
  message: string;
  context: Record<string, string>;
  onRetry(): void;
  children: ReactNode;
}

/** A failed chunk load leaves a clear message and a retry, never a vanished widget. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, this.props.context);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="load-error" role="alert">
        <span>{this.props.message}</span>
        <button type="button" className="inline-action" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
}

export interface LazyOptions {
  message: string;
  context: Record<string, string>;
  fallback?: ReactNode;
}

/**
 * A component from its own chunk: a placeholder while it loads, a message and a retry if
 * the load fails. React caches a failed lazy component for good, so a retry makes a new one;
 * it lives outside component state, which React drops when a first render suspends.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, { message, context, fallback = null }: LazyOptions): ComponentType<P> {
  const create = () => lazy(() => load().then((component) => ({ default: component })));
  let Loaded = create();
  return function LazyComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = create();
      setAttempt((n) => n + 1);
    };
    return (
      <LoadBoundary key={attempt} message={message} context={context} onRetry={retry}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
