import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { searchPrefixes } from '../../model/search';
import { api, queryOf, type LeadList, type ListedLead } from '../api';
import { agentName, OUTCOMES, outcomeIdOf, type Outcome } from '../format';
import { useRouter } from '../router';
import { LeadRows } from './LeadRows';
import { TitleRow } from './TitleRow';
import { AgentField, EmbedField, FiltersToggle, PeriodFields } from './ListFilters';

type Filters = { q: string; from: string; to: string; agent: string; outcome: string; embed: string };
const PAGE = 50;

const filtersOf = (search: string): Filters => {
  const q = new URLSearchParams(search);
  return {
    q: q.get('q') ?? '',
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
    agent: q.get('agent') ?? '',
    outcome: q.get('outcome') ?? '',
    embed: q.get('embed') ?? '',
  };
};

/** The page's dates are the viewer's days: sent as the instants those days begin and end. */
export const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
export const dayEnd = (day: string) => {
  if (!day) return undefined;
  const end = new Date(`${day}T00:00:00`);
  end.setDate(end.getDate() + 1);
  return end.toISOString();
};

/** A search too short to send (two digits match nearly every number) is left out, and said so. */
const searchable = (q: string) => (q.trim() && searchPrefixes(q) ? q.trim() : undefined);

const apiQuery = (f: Filters, toCall: boolean) =>
  queryOf({
    q: searchable(f.q),
    from: dayStart(f.from),
    to: dayEnd(f.to),
    agent: f.agent,
    outcome: f.outcome,
    embed: f.embed,
    queue: toCall ? 'to-call' : undefined,
  });

const callKey = (l: ListedLead) => `${l.call?.outcome}|${l.call?.summary ?? ''}`;

export function LeadsPage({ search, version, toCall }: { search: string; version: string; toCall: boolean }) {
  const { navigate } = useRouter();
  const filters = filtersOf(search);
  const query = apiQuery(filters, toCall);
  const base = toCall ? '/desk/to-call' : '/desk';
  const [typed, setTyped] = useState(filters.q);
  const [rows, setRows] = useState<ListedLead[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const loaded = useRef<{ query: string; version: string; ids: Set<number>; calls: Map<number, string> } | null>(null);
  const shown = useRef(PAGE);

  useEffect(() => {
    document.title = `${toCall ? 'To call' : 'Leads'} · Sales desk`;
  }, [toCall]);

  // A new filter loads its first page; a moved version reloads as many rows as are shown, once.
  useEffect(() => {
    const before = loaded.current;
    const sameQuery = before?.query === query;
    if (sameQuery && (before.version === version || !version)) return;
    if (sameQuery && before.version === '') {
      before.version = version;
      return;
    }
    if (!sameQuery) shown.current = PAGE;
    let current = true;
    api<LeadList>(`/desk/leads${query}${query ? '&' : '?'}limit=${Math.min(1000, shown.current)}`).then(
      (answer) => {
        if (!current) return;
        if (sameQuery) {
          const added = answer.leads.filter((l) => !before.ids.has(l.id));
          const updated = answer.leads.filter((l) => before.ids.has(l.id) && before.calls.get(l.id) !== callKey(l));
          const outcomeWord = (l: ListedLead) => OUTCOMES[outcomeIdOf(l.call) as Outcome]?.label ?? 'updated';
          const words = [
            added.length === 1
              ? `New lead: ${added[0].name}, ${agentName(added[0].agentId)}.`
              : added.length > 1
                ? `${added.length} new leads.`
                : '',
            updated.length === 1
              ? `${updated[0].name}: ${outcomeWord(updated[0])}.`
              : updated.length > 1
                ? `${updated.length} calls updated.`
                : '',
          ].filter(Boolean);
          if (words.length) setAnnouncement(words.join(' '));
          if (added.length) setFresh(new Set(added.map((l) => l.id)));
        }
        loaded.current = {
          query,
          version: answer.version,
          ids: new Set(answer.leads.map((l) => l.id)),
          calls: new Map(answer.leads.map((l) => [l.id, callKey(l)])),
        };
        setRows(answer.leads);
        setNext(answer.nextCursor);
        setError('');
      },
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [query, version]);

  // Typing searches after a pause, replacing the address (a search is not a new page in the history).
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = window.setTimeout(
      () => navigate(`${base}${queryOf({ ...filters, q: typed })}`, { replace: true }),
      250,
    );
    return () => window.clearTimeout(timer);
  });

  async function more() {
    if (!next || !rows) return;
    setBusy(true);
    try {
      const answer = await api<LeadList>(`/desk/leads${query}${query ? '&' : '?'}limit=${PAGE}&cursor=${next}`);
      const all = [...rows, ...answer.leads];
      shown.current = all.length;
      loaded.current = loaded.current && {
        ...loaded.current,
        ids: new Set(all.map((l) => l.id)),
        calls: new Map(all.map((l) => [l.id, callKey(l)])),
      };
      setRows(all);
      setNext(answer.nextCursor);
      setAnnouncement(`${answer.leads.length} more shown.`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const change = (name: keyof Filters) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    navigate(`${base}${queryOf({ ...filters, q: typed, [name]: e.target.value })}`, { replace: true });
  const filtered = Boolean(
    filters.q || filters.from || filters.to || filters.agent || filters.outcome || filters.embed,
  );
  // On a phone all but the search fold behind one button, which counts those set.
  const [unfolded, setUnfolded] = useState(false);
  const folded = [filters.from, filters.to, filters.agent, filters.embed, toCall ? '' : filters.outcome].filter(
    Boolean,
  ).length;
  const tooShort = Boolean(typed.trim()) && !searchPrefixes(typed);

  return (
    <>
      <TitleRow title={toCall ? 'To call' : 'Leads'} csv={`/api/desk/leads.csv${query}`} what="leads" />
      {toCall && (
        <p className="desk-muted desk-intro">
          Leads no one has contacted yet whose call failed, was not set up, went unanswered, was busy or reached
          voicemail.
        </p>
      )}
      <form
        className="desk-filters desk-filters-fold"
        role="search"
        aria-label={`Search and filter ${toCall ? 'the To call list' : 'leads'}`}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="desk-search">
          <label htmlFor="f-q">Search by name or number</label>
          <input
            id="f-q"
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            aria-describedby={tooShort ? 'f-q-hint' : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          {tooShort && (
            <p id="f-q-hint" className="desk-hint">
              Type at least 3 digits of a number.
            </p>
          )}
        </div>
        <FiltersToggle
          controls="f-more"
          active={folded}
          unfolded={unfolded}
          onToggle={() => setUnfolded((open) => !open)}
        />
        <div id="f-more" className="desk-filters-more" data-open={unfolded}>
          <PeriodFields prefix="f" from={filters.from} to={filters.to} onFrom={change('from')} onTo={change('to')} />
          <AgentField prefix="f" value={filters.agent} onChange={change('agent')} />
          <EmbedField prefix="f" value={filters.embed} onChange={change('embed')} />
          {!toCall && (
            <div>
              <label htmlFor="f-outcome">Outcome</label>
              <select id="f-outcome" value={filters.outcome} onChange={change('outcome')}>
                <option value="">Any outcome</option>
                {Object.entries(OUTCOMES).map(([id, o]) => (
                  <option key={id} value={id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {filtered && (
            <button
              type="button"
              className="button button-ghost desk-small-button"
              onClick={() => {
                setTyped('');
                navigate(base, { replace: true });
              }}
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
        <p role="alert" className="desk-error">
          {error}
        </p>
      )}
      {rows === null ? (
        <p className="desk-muted">Loading leads…</p>
      ) : rows.length === 0 ? (
        <p className="desk-empty">
          {filtered
            ? 'No lead matches these filters.'
            : toCall
              ? 'No one is waiting for a call from us.'
              : 'No leads yet. They appear here as soon as a visitor asks for a demo.'}
        </p>
      ) : (
        <>
          <p className="desk-muted desk-count">
            {rows.length} lead{rows.length === 1 ? '' : 's'}
            {next ? ' shown' : ''}, newest first. The list updates by itself.
          </p>
          <LeadRows leads={rows} fresh={fresh} />
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
