'use client';
// The host's own button opens the widget's dialog through a ref; the widget's event updates the host's state.
import { useRef, useState } from 'react';
import { Feedback } from 'ai-agent-widgets/react';
import type { AIFeedbackElement } from 'ai-agent-widgets';

export function ContactUs() {
  const feedback = useRef<AIFeedbackElement>(null);
  const [sent, setSent] = useState(0);
  return (
    <section>
      <Feedback ref={feedback} backendUrl="/api" onAiFeedbackSuccess={() => setSent((n) => n + 1)} />
      <button type="button" onClick={() => void feedback.current?.open()}>
        Contact us
      </button>
      <p>Feedback sent: {sent}</p>
    </section>
  );
}
