// The overview's web demos (issue 46): how many demos were followed by a request for a call, and the
// demos per page, each bar split into those followed by a lead and the rest.
import type { DemoFigures } from '../../model/demos';
import { Figure } from './charts';

const number = new Intl.NumberFormat();
const percent = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)} %` : '—');

export function DemosByPageChart({ demos }: { demos: DemoFigures }) {
  const top = Math.max(1, ...demos.byPage.map((p) => p.demos));
  return (
    <Figure
      title="Demos by page"
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Demos</th>
              <th scope="col">Then asked for a call</th>
            </tr>
          </thead>
          <tbody>
            {demos.byPage.map((p) => (
              <tr key={p.page}>
                <th scope="row">{p.page}</th>
                <td>{number.format(p.demos)}</td>
                <td>{number.format(p.followed)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <p className="desk-demo-conversion">
        <strong>Tried a demo → asked for a call:</strong> {number.format(demos.followed)} of{' '}
        {number.format(demos.total)} ({percent(demos.followed, demos.total)})
      </p>
      {demos.byPage.length === 0 ? (
        <p className="desk-muted">No demo was held in these days.</p>
      ) : (
        <>
          <ul className="desk-legend">
            <li>
              <span className="desk-swatch desk-demo-followed" />
              Then asked for a call
            </li>
            <li>
              <span className="desk-swatch desk-demo-only" />
              Demo only
            </li>
          </ul>
          <ul className="desk-stacks">
            {demos.byPage.map((p) => (
              <li key={p.page}>
                <span className="desk-stack-label">
                  {p.page.replace(/^https?:\/\//, '')} <span className="desk-muted">{number.format(p.demos)}</span>
                </span>
                <span className="desk-stack" style={{ width: `${(100 * p.demos) / top}%` }}>
                  {p.followed > 0 && <span className="desk-demo-followed" style={{ flexGrow: p.followed }} />}
                  {p.demos > p.followed && (
                    <span className="desk-demo-only" style={{ flexGrow: p.demos - p.followed }} />
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Figure>
  );
}
