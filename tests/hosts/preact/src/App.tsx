import { useRef, useState } from 'preact/hooks';
import type { AIFeedbackElement } from 'ai-agent-widgets';
// The tags, their attributes and events in Preact's JSX (the type checker fails the build on a wrong one).
import type {} from 'ai-agent-widgets/jsx/preact';

export function App() {
  const [brand] = useState('Acme');
  const [sent, setSent] = useState(0);
  const feedback = useRef<AIFeedbackElement>(null);
  return (
    <>
      <h1>Preact host</h1>
      <ai-voice-demo public-key="test-public-key" assistant-id="test-assistant" />
      <ai-feedback
        ref={feedback}
        backend-url="/api"
        onai-feedback-success={(event) => event.detail.email && setSent((n) => n + 1)}
      />
      <button type="button" onClick={() => void feedback.current?.open()}>
        Contact us
      </button>
      <p>Feedback sent: {sent}</p>
      <ai-demo-request brand-name={brand} />
    </>
  );
}
