import { useEffect, useState, type ChangeEvent } from 'react';
import { DEMO_MODES } from '../../model/demos';
import { api, queryOf, type DemoList, type ListedDemo } from '../api';
import { useRouter } from '../router';
import { dayEnd, dayStart } from './LeadsPage';
import { DemoRows } from './DemoRows';
import { TitleRow } from './TitleRow';
import { AgentField, EmbedField, FiltersToggle, PeriodFields } from './ListFilters';
import { modeWords } from './demo-words';

type Filters = { from: string; to: string; agent: string; origin: string; mode: string; embed: string };
const PAGE = 50;

const filtersOf = (search: string): Filters => {
  const q = new URLSearchParams(search);
  const get = (name: keyof Filters) => q.get(name) ?? '';
  return {
    from: get('from'),
    to: get('to'),
    agent: get('agent'),
    origin: get('origin'),
    mode: get('mode'),
    embed: get('embed'),
  };
};

/** The web demos, newest first: who talked to which agent, on which page, how long, and whether they asked for a call. */
export function DemosPage({ search }: { search: string }) {
  const { navigate } = useRouter();
  const filters = filtersOf(search);
  // Days are the viewer's own, sent as the instants they begin and end (as the leads list does).
  const query = queryOf({
    from: dayStart(filters.from),
    to: dayEnd(filters.to),
    agent: filters.agent,
    origin: filters.origin,
    mode: filters.mode,
    embed: filters.embed,
  });
  const [attempt, setAttempt] = useState(0);
  // What was loaded, and for which filters and attempt: a new filter shows "Loading" until its answer.
  const key = `${query}|${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; rows: ListedDemo[]; next: string | null } | null>(null);
  const [origins, setOrigins] = useState<string[]>([]);
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const rows = loaded?.key === key ? loaded.rows : null;
  const next = loaded?.key === key ? loaded.next : null;
  const error = failed?.key === key ? failed.message : '';

  useEffect(() => {
    document.title = 'Demos · Sales desk';
  }, []);

  useEffect(() => {
    let current = true;
    api<DemoList>(`/desk/demos${query}${query ? '&' : '?'}limit=${PAGE}`).then(
      (answer) => {
        if (!current) return;
        setLoaded({ key, rows: answer.demos, next: answer.nextCursor });
        setOrigins(answer.origins);
      },
      (err: Error) => current && setFailed({ key, message: err.message }),
    );
    return () => {
      current = false;
    };
  }, [query, key]);

  async function more() {
    if (!next || !rows) return;
    setBusy(true);
    setFailed(null);
    try {
      const cursor = encodeURIComponent(next);
      const answer = await api<DemoList>(`/desk/demos${query}${query ? '&' : '?'}limit=${PAGE}&cursor=${cursor}`);
      setLoaded({ key, rows: [...rows, ...answer.demos], next: answer.nextCursor });
      setAnnouncement(`${answer.demos.length} more shown.`);
    } catch (err) {
      setFailed({ key, message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const change = (name: keyof Filters) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    navigate(`/desk/demos${queryOf({ ...filters, [name]: e.target.value })}`, { replace: true });
  const set = Object.values(filters).filter(Boolean).length;
  const filtered = set > 0;
  const [unfolded, setUnfolded] = useState(false);
  // An origin asked for in the address stays a choice even when the service no longer serves it.
  const originChoices = filters.origin && !origins.includes(filters.origin) ? [...origins, filters.origin] : origins;

  return (
    <>
      <TitleRow title="Demos" what="demos" />
      <p className="desk-muted desk-intro">
        Every conversation a visitor had with an agent on our pages: calls and chats, newest first.
      </p>
      <form
        className="desk-filters desk-filters-fold desk-demo-filters"
        aria-label="Filter demos"
        onSubmit={(e) => e.preventDefault()}
      >
        {/* On a phone the filters fold behind one button that counts those set, as the leads' do. */}
        <FiltersToggle
          controls="d-more"
          active={set}
          unfolded={unfolded}
          onToggle={() => setUnfolded((open) => !open)}
        />
        <div id="d-more" className="desk-filters-more" data-open={unfolded}>
          <PeriodFields prefix="d" from={filters.from} to={filters.to} onFrom={change('from')} onTo={change('to')} />
          <AgentField prefix="d" value={filters.agent} onChange={change('agent')} />
          <EmbedField prefix="d" value={filters.embed} onChange={change('embed')} />
          <div>
            <label htmlFor="d-origin">Site</label>
            <select id="d-origin" value={filters.origin} onChange={change('origin')}>
              <option value="">All sites</option>
              {originChoices.map((o) => (
                <option key={o} value={o}>
                  {o.replace(/^https?:\/\//, '')}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="d-mode">Kind</label>
            <select id="d-mode" value={filters.mode} onChange={change('mode')}>
              <option value="">Calls and chats</option>
              {DEMO_MODES.map((m) => (
                <option key={m} value={m}>
                  {modeWords(m)}
                </option>
              ))}
            </select>
          </div>
          {filtered && (
            <button
              type="button"
              className="button button-ghost desk-small-button"
              onClick={() => navigate('/desk/demos', { replace: true })}
            >
              Clear filters
            </button>
          )}
        </div>
      </form>
      <p role="status" className="desk-live">
        {announcement}
      </p>
      {error && (
        <div role="alert" className="desk-error">
          <p>{error}</p>
          {rows === null && (
            <button
              type="button"
              className="button button-ghost desk-small-button"
              onClick={() => setAttempt((n) => n + 1)}
            >
              Try again
            </button>
          )}
        </div>
      )}
      {rows === null ? (
        !error && <p className="desk-muted">Loading demos…</p>
      ) : rows.length === 0 ? (
        <p className="desk-empty">
          {filtered
            ? 'No demo matches these filters.'
            : 'No demos yet. They appear here as soon as a visitor talks or types to an agent on our pages.'}
        </p>
      ) : (
        <>
          <p className="desk-muted desk-count">
            {rows.length} demo{rows.length === 1 ? '' : 's'}
            {next ? ' shown' : ''}, newest first.
          </p>
          <DemoRows demos={rows} />
          {next && (
            <p className="desk-more">
              <button type="button" className="button button-ghost desk-small-button" onClick={more} disabled={busy}>
                {busy ? 'Loading…' : `Show ${PAGE} more`}
              </button>
            </p>
          )}
        </>
      )}
    </>
  );
}
