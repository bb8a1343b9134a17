import { config } from '../config';

/** The demo page: choose an agent and ask for a demo call. */
export default function Experience() {
  return (
    <section className="section page-top">
      <div className="container">
        <p className="eyebrow">Live demo</p>
        <h1>Experience the power of AI</h1>
        <p className="lead">Choose a demo agent, tell us where to reach you, and hear it handle a real conversation.</p>
        {/* A size container: the form's height is kept by its width from the first paint (see ui/styles.css). */}
        <div className="demo-slot">
          <ai-demo-request default-country="IN" brand-name={config.brand.name} backend-url={config.backendUrl} privacy-href="/privacy"></ai-demo-request>
        </div>
      </div>
    </section>
  );
}
