// A list page's heading (focused on arrival) with the CSV of exactly what its filters show.

export function TitleRow({ title, csv, what }: { title: string; csv: string; what: string }) {
  return (
    <div className="desk-title-row">
      <h1 tabIndex={-1}>{title}</h1>
      <a className="button button-ghost desk-small-button" href={csv} download>
        Download CSV<span className="visually-hidden"> of the {what} shown</span>
      </a>
    </div>
  );
}
