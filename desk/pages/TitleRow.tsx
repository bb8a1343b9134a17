// A list page's heading (focused on arrival) with the CSV of exactly what its filters show, named with
// the viewer's own date.
import { localDay } from '../format';

export function TitleRow({ title, csv, what }: { title: string; csv?: string; what: string }) {
  const href = csv && `${csv}${csv.includes('?') ? '&' : '?'}day=${localDay()}`;
  return (
    <div className="desk-title-row">
      <h1 tabIndex={-1}>{title}</h1>
      {href && (
        <a className="button button-ghost desk-small-button" href={href} download>
          Download CSV<span className="visually-hidden"> of the {what} shown</span>
        </a>
      )}
    </div>
  );
}
