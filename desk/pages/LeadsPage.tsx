import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { api, queryOf, type ListedLead } from '../api';
import { Link, navigate } from '../App';
import { agentName, AGENTS, CALL_STATES, outcome, phone, when } from '../format';
import { TitleRow } from './TitleRow';

type Filters = { from: string; to: string; agent: string; status: string };

const filtersOf = (search: string): Filters => {
  const q = new URLSearchParams(search);
  return { from: q.get('from') ?? '', to: q.get('to') ?? '', agent: q.get('agent') ?? '', status: q.get('status') ?? '' };
};

/** The page's dates are the viewer's days: sent as the instants those days begin and end. */
export const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
export const dayEnd = (day: string) => {
  if (!day) return undefined;
  const end = new Date(`${day}T00:00:00`);
  end.setDate(end.getDate() + 1);
  return end.toISOString();
};

export const apiQuery = (f: Filters) => queryOf({ from: dayStart(f.from), to: dayEnd(f.to), agent: f.agent, status: f.status });

export function LeadsPage({ search, version }: { search: string; version: string }) {
  const filters = filtersOf(search);
  const query = apiQuery(filters);
  const [leads, setLeads] = useState<ListedLead[] | null>(null);
  const [limit, setLimit] = useState(500);
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const known = useRef<{ query: string; ids: Set<number>; calls: Map<number, string> } | null>(null);

  useEffect(() => {
    document.title = 'Leads · Sales desk';
  }, []);

  useEffect(() => {
    let current = true;
    api<{ leads: ListedLead[]; limit: number }>(`/desk/leads${query}`).then(
      (answer) => {
        if (!current) return;
        const before = known.current?.query === query ? known.current : null;
        if (before) {
          const added = answer.leads.filter((l) => !before.ids.has(l.id));
          const updated = answer.leads.filter((l) => before.ids.has(l.id) && before.calls.get(l.id) !== callKey(l));
          const words = [
            added.length === 1 ? `New lead: ${added[0].name}, ${agentName(added[0].agentId)}.` : added.length > 1 ? `${added.length} new leads.` : '',
            updated.length === 1 ? `${updated[0].name}: ${CALL_STATES[updated[0].call!.status] ?? 'updated'}.` : updated.length > 1 ? `${updated.length} calls updated.` : '',
          ].filter(Boolean);
          if (words.length) setAnnouncement(words.join(' '));
          if (added.length) setFresh(new Set(added.map((l) => l.id)));
        }
        known.current = { query, ids: new Set(answer.leads.map((l) => l.id)), calls: new Map(answer.leads.map((l) => [l.id, callKey(l)])) };
        setLeads(answer.leads);
        setLimit(answer.limit);
        setError('');
      },
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [query, version]);

  const change = (name: keyof Filters) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...filters, [name]: e.target.value };
    navigate(`/desk${queryOf(next)}`, { replace: true });
  };
  const filtered = Boolean(filters.from || filters.to || filters.agent || filters.status);

  return (
    <>
      <TitleRow title="Leads" csv={`/api/desk/leads.csv${query}`} what="leads" />
      <form className="desk-filters" aria-label="Filter leads" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="f-from">From</label>
          <input id="f-from" type="date" value={filters.from} max={filters.to || undefined} onChange={change('from')} />
        </div>
        <div>
          <label htmlFor="f-to">To</label>
          <input id="f-to" type="date" value={filters.to} min={filters.from || undefined} onChange={change('to')} />
        </div>
        <div>
          <label htmlFor="f-agent">Agent</label>
          <select id="f-agent" value={filters.agent} onChange={change('agent')}>
            <option value="">All agents</option>
            {Object.entries(AGENTS).map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-status">Call status</label>
          <select id="f-status" value={filters.status} onChange={change('status')}>
            <option value="">Any status</option>
            {Object.entries(CALL_STATES).map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <button type="button" className="button button-ghost desk-small-button" onClick={() => navigate('/desk', { replace: true })}>
            Clear filters
          </button>
        )}
      </form>
      <p role="status" className="desk-live">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="desk-error">
          {error}
        </p>
      )}
      {leads === null ? (
        <p className="desk-muted">Loading leads…</p>
      ) : leads.length === 0 ? (
        <p className="desk-empty">{filtered ? 'No lead matches these filters.' : 'No leads yet. They appear here as soon as a visitor asks for a demo.'}</p>
      ) : (
        <>
          <p className="desk-muted desk-count">
            {leads.length === limit ? `The newest ${limit} leads` : `${leads.length} lead${leads.length === 1 ? '' : 's'}`}, newest first. The list updates by itself.
          </p>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Agent</th>
                <th scope="col">Call</th>
                <th scope="col">Outcome</th>
                <th scope="col">Contacted</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((l) => (
                <tr key={l.id} className={fresh.has(l.id) ? 'desk-fresh' : undefined}>
                  <td data-label="Received">{when(l.createdAt)}</td>
                  <th scope="row" data-label="Name">
                    <Link to={`/desk/leads/${l.id}`}>{l.name}</Link>
                  </th>
                  <td data-label="Phone">
                    <a href={`tel:${l.phone}`}>{phone(l.phone)}</a>
                  </td>
                  <td data-label="Agent">{agentName(l.agentId)}</td>
                  <td data-label="Call">
                    <span className={`desk-status desk-status-${l.call?.status ?? 'none'}`}>{l.call ? CALL_STATES[l.call.status] : 'No call'}</span>
                  </td>
                  <td data-label="Outcome" className="desk-outcome">
                    {outcome(l.call)}
                  </td>
                  <td data-label="Contacted">{l.contacted ? `Yes, ${when(l.contacted.at)}` : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

const callKey = (l: ListedLead) => `${l.call?.status}|${l.call?.summary ?? ''}`;
