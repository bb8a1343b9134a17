import type { ReactNode } from 'react';

interface SectionProps {
  /** The anchor a header or footer link scrolls to, if any. */
  id?: string;
  titleId: string;
  eyebrow: string;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}

/** A landing-page section: an eyebrow, a heading that names the section, and its content. */
export function Section({ id, titleId, eyebrow, title, tinted = false, children }: SectionProps) {
  return (
    <section id={id} className={tinted ? 'section section-tinted' : 'section'} aria-labelledby={titleId}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
