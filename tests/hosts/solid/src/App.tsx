import { createSignal } from 'solid-js';
import type { AIFeedbackElement } from 'ai-agent-widgets';
// The tags, their attributes and `on:` events in Solid's JSX (the type checker fails the build on a wrong one).
import type {} from 'ai-agent-widgets/jsx/solid';

export function App() {
  const [brand] = createSignal('Acme');
  const [sent, setSent] = createSignal(0);
  let feedback!: AIFeedbackElement;
  return (
    <>
      <h1>Solid host</h1>
      <ai-voice-demo public-key="test-public-key" assistant-id="test-assistant" />
      {/* Attribute names as written: Solid lower-cases a camelCase one (brandName= would be brandname). */}
      <ai-feedback
        ref={feedback}
        backend-url="/api"
        on:ai-feedback-success={(event) => event.detail.email && setSent((n) => n + 1)}
      />
      <button type="button" onClick={() => void feedback.open()}>
        Contact us
      </button>
      <p>Feedback sent: {sent()}</p>
      <ai-demo-request brand-name={brand()} />
    </>
  );
}
