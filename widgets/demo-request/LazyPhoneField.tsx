import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { reportError } from '../shared/report';
import type { PhoneFieldProps } from './PhoneField';

const load = () => import('./PhoneField');

interface BoundaryProps {
  onRetry(): void;
  children: ReactNode;
}

/** A failed chunk load leaves a clear message and a retry, never a vanished form. */
class PhoneLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(error, { widget: 'demo-request', stage: 'phone-field-load' });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="load-error" role="alert">
        <span>The phone field could not load.</span>
        <button type="button" className="inline-action" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    );
  }
}

/** The phone input from its own chunk, with a placeholder while it loads. */
export function LazyPhoneField(props: PhoneFieldProps) {
  // A new lazy component per attempt: React caches a failed one for good.
  const [{ attempt, Field }, setLoader] = useState(() => ({ attempt: 0, Field: lazy(load) }));
  const retry = () => setLoader((current) => ({ attempt: current.attempt + 1, Field: lazy(load) }));
  return (
    <PhoneLoadBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<input className="text-input" disabled aria-label="Phone Number (loading)" placeholder="Loading phone input…" />}>
        <Field {...props} />
      </Suspense>
    </PhoneLoadBoundary>
  );
}
