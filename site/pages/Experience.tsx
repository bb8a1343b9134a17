import { config } from '../config';
import { useDocumentMeta } from '../useDocumentMeta';

/** The demo page: choose an agent and ask for a demo call. */
export default function Experience() {
  useDocumentMeta('Experience the power of AI', 'Pick an AI demo agent, verify your phone and get a live demo call: receptionist, real-estate caller or customer support.');
  return (
    <section className="section page-top">
      <div className="container">
        <p className="eyebrow">Live demo</p>
        <h1>Experience the power of AI</h1>
        <p className="lead">Choose a demo agent, tell us where to reach you, and hear it handle a real conversation.</p>
        <ai-demo-request default-country="IN" brand-name={config.brand.name} backend-url={config.backendUrl}></ai-demo-request>
      </div>
    </section>
  );
}
