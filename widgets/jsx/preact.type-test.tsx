/** @jsxImportSource preact */
/*
 * Compiled by `npm run typecheck`: Preact's JSX gets the tags as React's does (`tags.ts`), checked
 * through Preact's own JSX runtime, as a Preact project compiles them.
 */
import { useRef } from 'preact/hooks';
import type {} from './preact';
import type { AIFeedbackElement } from '../feedback/element';

export function Page({ brand, onSent }: { brand: string; onSent: (id: number) => void }) {
  const feedback = useRef<AIFeedbackElement>(null);
  return (
    <main>
      <ai-voice-demo
        public-key="pk"
        assistant-id="a"
        captions
        connect-timeout={10}
        onai-voice-demo-error={(event) => void event.detail.code.startsWith('microphone')}
      />
      <ai-feedback
        ref={feedback}
        backend-url="/api"
        class="wide"
        onai-feedback-success={(event) => onSent(event.detail.name.length)}
      >
        Tell us
      </ai-feedback>
      <button type="button" onClick={() => void feedback.current?.open()}>
        Contact us
      </button>
      <ai-demo-request
        brand-name={brand}
        metadata={{ campaign: 'spring' }}
        onai-demo-request-submit={(event) => void event.detail.agentId}
      />
      {/* @ts-expect-error a detail property the event does not have */}
      <ai-voice-demo onai-voice-demo-error={(event) => event.detail.reason} />
      {/* @ts-expect-error connect-timeout is a number */}
      <ai-voice-demo connect-timeout="10" />
      {/* @ts-expect-error camelCase is a property name, not an attribute */}
      <ai-feedback backendUrl="/api" />
      {/* @ts-expect-error not one of the tags' attributes */}
      <ai-demo-request brand="Acme" />
    </main>
  );
}
