/** @jsxImportSource solid-js */
/*
 * Compiled by `npm run typecheck`: Solid's JSX gets the tags as React's does (`tags.ts`), with
 * Solid's `on:` listeners, checked through Solid's own JSX runtime, as a Solid project compiles them.
 */
import type {} from './solid';
import type { AIFeedbackElement } from '../feedback/element';

export function Page(props: {
  brand: string;
  onSent: (length: number) => void;
  onFeedback: (element: AIFeedbackElement) => void;
}) {
  return (
    <main>
      <ai-voice-demo
        public-key="pk"
        assistant-id="a"
        captions
        connect-timeout={10}
        on:ai-voice-demo-error={(event) => void event.detail.code.startsWith('microphone')}
      />
      <ai-feedback
        ref={(element) => props.onFeedback(element)}
        backend-url="/api"
        class="wide"
        on:ai-feedback-success={(event) => props.onSent(event.detail.name.length)}
      >
        Tell us
      </ai-feedback>
      <ai-demo-request
        brand-name={props.brand}
        metadata={{ campaign: 'spring' }}
        on:ai-demo-request-submit={(event) => void event.detail.agentId}
      />
      {/* @ts-expect-error a detail property the event does not have */}
      <ai-voice-demo on:ai-voice-demo-error={(event) => event.detail.reason} />
      {/* @ts-expect-error connect-timeout is a number */}
      <ai-voice-demo connect-timeout="10" />
      {/* @ts-expect-error camelCase is a property name, not an attribute */}
      <ai-feedback backendUrl="/api" />
      {/* @ts-expect-error not one of the tags' attributes */}
      <ai-demo-request brand="Acme" />
    </main>
  );
}
