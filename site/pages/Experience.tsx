import { config } from '../config';
// The wrappers print each widget's first paint into the prerendered HTML (see widgets/entries/react.ts).
import { DemoRequest } from '../../widgets/entries/react';

/** The demo page: choose an agent and ask for a demo call. */
export default function Experience() {
  return (
    <section className="section page-top">
      <div className="container">
        <p className="eyebrow">Live demo</p>
        <h1>Experience the power of AI</h1>
        <p className="lead">Choose a demo agent, tell us where to reach you, and hear it handle a real conversation.</p>
        {/* A size container: the form's height is kept by its width from the first paint (see styles.css). */}
        <div className="demo-slot">
          <DemoRequest
            defaultCountry="IN"
            brandName={config.brand.name}
            backendUrl={config.backendUrl}
            privacyHref="/privacy"
          />
        </div>
      </div>
    </section>
  );
}
