import { useEffect, type ChangeEvent } from 'react';
import { queryOf, type Feedback } from '../api';
import { when } from '../format';
import { mailto } from '../links';
import { useLoad } from '../useLoad';
import { useRouter } from '../router';
import { dayEnd, dayStart } from './LeadsPage';
import { EmbedField } from './ListFilters';
import { TitleRow } from './TitleRow';

/** What visitors wrote in the feedback form, newest first. */
export function FeedbackPage({ search, version }: { search: string; version: string }) {
  const q = new URLSearchParams(search);
  const filters = { from: q.get('from') ?? '', to: q.get('to') ?? '', embed: q.get('embed') ?? '' };
  const query = queryOf({ from: dayStart(filters.from), to: dayEnd(filters.to), embed: filters.embed });
  const { navigate } = useRouter();
  const { data, error } = useLoad<{ feedback: Feedback[] }>(`/desk/feedback${query}`, version);
  const rows = data?.feedback ?? null;

  useEffect(() => {
    document.title = 'Feedback · Sales desk';
  }, []);

  const change = (name: 'from' | 'to' | 'embed') => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    navigate(`/desk/feedback${queryOf({ ...filters, [name]: e.target.value })}`, { replace: true });

  return (
    <>
      <TitleRow title="Feedback" csv={`/api/desk/feedback.csv${query}`} what="feedback" />
      <form className="desk-filters" aria-label="Filter feedback" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="ff-from">From</label>
          <input id="ff-from" type="date" value={filters.from} onChange={change('from')} />
        </div>
        <div>
          <label htmlFor="ff-to">To</label>
          <input id="ff-to" type="date" value={filters.to} onChange={change('to')} />
        </div>
        <EmbedField prefix="ff" value={filters.embed} onChange={change('embed')} />
      </form>
      {error && (
        <p role="alert" className="desk-error">
          {error}
        </p>
      )}
      {rows === null ? (
        <p className="desk-muted">Loading feedback…</p>
      ) : rows.length === 0 ? (
        <p className="desk-empty">
          {['No feedback', filters.embed && 'through this embed', filters.from || filters.to ? 'in these days' : '']
            .filter(Boolean)
            .join(' ') || 'No feedback'}
          {filters.embed || filters.from || filters.to ? '.' : ' yet.'}
        </p>
      ) : (
        <ul className="desk-feedback" aria-label="Feedback, newest first">
          {rows.map((f) => (
            <li key={f.id} className="desk-card">
              <p className="desk-feedback-meta">
                <strong>{f.name}</strong> · <a href={mailto(f.email)}>{f.email}</a> ·{' '}
                <time dateTime={f.createdAt}>{when(f.createdAt)}</time>
              </p>
              <p className="desk-feedback-message">{f.message}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
