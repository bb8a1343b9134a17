import type { ReactNode } from 'react';
import { config } from '../config';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Terms and Privacy share one shape: numbered sections and a way to reach us. */
export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <article className="section page-top legal">
      <div className="container container-narrow">
        <h1>{title}</h1>
        <p className="legal-updated">Last updated: {updated}</p>
        {sections.map((section, i) => (
          <section key={section.title} aria-labelledby={`legal-${i + 1}`}>
            <h2 id={`legal-${i + 1}`}>
              {i + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        <h2>Contact us</h2>
        <p>
          Questions about this page? Write to us at <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>.
        </p>
      </div>
    </article>
  );
}
