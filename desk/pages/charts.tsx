// The overview's charts in plain SVG and CSS: each drawn for the eye (hidden from screen readers) with
// the same figures in a table that screen readers read instead.
import type { ReactNode } from 'react';
import type { OutcomeRow } from '../../model/desk';
import { OUTCOMES, type Outcome } from '../format';

const number = new Intl.NumberFormat();
const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayWords = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** A chart under its title; `note` is said above it to every reader (a period with nothing to draw). */
export function Figure({
  title,
  table,
  note,
  children,
}: {
  title: string;
  table: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="desk-card desk-chart" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p className="desk-muted">{note}</p>}
      <div aria-hidden="true">{children}</div>
      {/* A table does not clip its overflow: the box around it is the one hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </div>
    </section>
  );
}

/** Each step of the funnel as a bar of the first step's length, with its share of the step before. */
export function FunnelChart({ steps }: { steps: [label: string, value: number][] }) {
  const top = Math.max(1, ...steps.map(([, v]) => v));
  const share = (i: number) =>
    i === 0 || !steps[i - 1][1] ? '' : `${Math.round((100 * steps[i][1]) / steps[i - 1][1])} %`;
  return (
    <Figure
      title="Funnel"
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Count</th>
              <th scope="col">Of the step before</th>
            </tr>
          </thead>
          <tbody>
            {steps.map(([label, value], i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{number.format(value)}</td>
                <td>{share(i) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <ol className="desk-funnel">
        {steps.map(([label, value], i) => (
          <li key={label}>
            <span className="desk-funnel-label">{label}</span>
            <span className="desk-funnel-bar" style={{ width: `${Math.max(0.5, (100 * value) / top)}%` }} />
            <span className="desk-funnel-value">
              {number.format(value)} {share(i) && <span className="desk-muted">({share(i)})</span>}
            </span>
          </li>
        ))}
      </ol>
    </Figure>
  );
}

/**
 * Leads (or demos) per day as columns (days without any drawn as nothing), the first, middle and last day
 * named. A period with none says so, in words a screen reader reads too, and names no "most in a day".
 */
export function PerDayChart({
  days,
  title = 'Leads per day',
  noun = 'Leads',
}: {
  days: { day: string; leads: number }[];
  title?: string;
  noun?: string;
}) {
  const most = Math.max(0, ...days.map((d) => d.leads));
  const top = Math.max(1, most);
  const w = 100 / Math.max(1, days.length);
  const named = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  return (
    <Figure
      title={title}
      note={most > 0 ? undefined : `No ${noun.toLowerCase()} in these days.`}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">{noun}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayWords(d.day)}</th>
                <td>{number.format(d.leads)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      {most > 0 && <p className="desk-chart-scale">Most in a day: {number.format(most)}</p>}
      <svg className="desk-columns" viewBox="0 0 100 40" preserveAspectRatio="none">
        <line x1="0" y1="40" x2="100" y2="40" className="desk-axis" />
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={i * w + w * 0.15}
            width={w * 0.7}
            y={40 - (40 * d.leads) / top}
            height={(40 * d.leads) / top}
            className="desk-column"
          />
        ))}
      </svg>
      <div className="desk-columns-days">
        {days.map((d, i) => (
          <span key={d.day} style={{ left: `${(i + 0.5) * w}%` }}>
            {named.has(i) ? dayWords(d.day) : ''}
          </span>
        ))}
      </div>
    </Figure>
  );
}

/** Outcomes per agent or campaign: one bar a row, split by outcome in the outcomes' own colours. */
export function OutcomesChart({
  title,
  rows,
  keyLabel,
  name,
}: {
  title: string;
  rows: OutcomeRow[];
  keyLabel: string;
  name: (key: string) => string;
}) {
  const used = (Object.keys(OUTCOMES) as Outcome[]).filter((o) => rows.some((r) => r.outcomes[o]));
  const total = (r: OutcomeRow) => used.reduce((a, o) => a + (r.outcomes[o] ?? 0), 0);
  const top = Math.max(1, ...rows.map(total));
  return (
    <Figure
      title={title}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              {used.map((o) => (
                <th scope="col" key={o}>
                  {OUTCOMES[o].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{name(r.key)}</th>
                {used.map((o) => (
                  <td key={o}>{number.format(r.outcomes[o] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      {rows.length === 0 ? (
        <p className="desk-muted">No call had an outcome in these days.</p>
      ) : (
        <>
          <ul className="desk-legend">
            {used.map((o) => (
              <li key={o}>
                <span className={`desk-swatch desk-fill-${o}`} />
                {OUTCOMES[o].label}
              </li>
            ))}
          </ul>
          <ul className="desk-stacks">
            {rows.map((r) => (
              <li key={r.key}>
                <span className="desk-stack-label">
                  {name(r.key)} <span className="desk-muted">{number.format(total(r))}</span>
                </span>
                <span className="desk-stack" style={{ width: `${(100 * total(r)) / top}%` }}>
                  {used.map((o) =>
                    r.outcomes[o] ? (
                      <span key={o} className={`desk-fill-${o}`} style={{ flexGrow: r.outcomes[o] }} />
                    ) : null,
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
