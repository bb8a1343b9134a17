import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { reportError } from '../lib/report';
import { retryImport } from '../lib/retry-import';
import { loadErrorView } from '../elements/load-error';
import { renderView } from './view';

interface BoundaryProps {
  /** What failed to load, for the visitor: "The phone field could not load." */
  message: string;
  tryAgain?: string;
  context: Record<string, string>;
  onRetry(): void;
  onError(error: unknown): void;
  children: ReactNode;
}

/** A failed chunk load leaves a clear message and a retry, never a vanished widget. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
    reportError(error, this.props.context);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { onRetry } = this.props;
    return renderView(loadErrorView(this.props.message, this.props.tryAgain), (attrs) =>
      attrs['data-control'] === 'retry' ? { onClick: onRetry } : undefined,
    );
  }
}

export interface LazyOptions<P> {
  message: (props: P) => string;
  tryAgain?: (props: P) => string;
  context: Record<string, string>;
  fallback?: (props: P) => ReactNode;
}

/**
 * A component from its own chunk: a placeholder while it loads, a message and a retry if
 * the load fails. React caches a failed lazy component for good, so a retry makes a new one;
 * it lives outside component state, which React drops when a first render suspends.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { message, tryAgain, context, fallback }: LazyOptions<P>,
): ComponentType<P> {
  let failure: unknown;
  const create = (retry = false) =>
    lazy(() =>
      (retry ? retryImport(failure, load, (m) => m.default as ComponentType<P>) : load()).then((component) => ({
        default: component,
      })),
    );
  let Loaded = create();
  return function LazyComponent(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = create(true);
      setAttempt((n) => n + 1);
    };
    return (
      <LoadBoundary
        key={attempt}
        message={message(props)}
        tryAgain={tryAgain?.(props)}
        context={context}
        onRetry={retry}
        onError={(error) => (failure = error)}
      >
        <Suspense fallback={fallback?.(props) ?? null}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
