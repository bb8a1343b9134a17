import type { ReactNode } from 'react';

/** One fact of a lead's or a demo's page, left out when there is nothing to say. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="desk-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
