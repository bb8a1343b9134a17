// The overview's figures per embed (issue 54): a table rather than a chart, since each embed's figures
// are read across (its codes, phones, leads, calls and demos) as much as against the other embeds'.
import type { EmbedFigures } from '../../model/desk';
import { Link } from '../router';

const number = new Intl.NumberFormat();

const COLUMNS: [keyof Omit<EmbedFigures, 'id' | 'name'>, string][] = [
  ['codesSent', 'Codes sent'],
  ['verified', 'Phones verified'],
  ['leads', 'Leads'],
  ['callsPlaced', 'Calls placed'],
  ['demos', 'Demos'],
];

export function ByEmbedTable({ rows }: { rows: EmbedFigures[] }) {
  return (
    <section className="desk-card desk-chart-wide" aria-labelledby="chart-by-embed">
      <h2 id="chart-by-embed">By embed</h2>
      <p className="desk-muted">
        What came from the pages that name each embed, counted in UTC days. Pages with no embed are in the funnel only.
      </p>
      <table className="desk-table desk-figures">
        <caption className="visually-hidden">By embed</caption>
        <thead>
          <tr>
            <th scope="col">Embed</th>
            {COLUMNS.map(([key, label]) => (
              <th scope="col" key={key}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" data-label="Embed">
                <Link to={`/desk/embeds/${r.id}`}>{r.name}</Link>
              </th>
              {COLUMNS.map(([key, label]) => (
                <td key={key} data-label={label}>
                  {number.format(r[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
