import { useEffect, useState } from 'react';
import { api } from '../api';
import { Link } from '../router';
import { when } from '../format';

type Entry = {
  id: number;
  at: string;
  actor: string;
  action: string;
  leadId: number | null;
  detail: Record<string, unknown> | null;
};

const WORDS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Failed to sign in',
  'session.end': 'Ended a session',
  'account.add': 'Added an account',
  'account.remove': 'Removed an account',
  'account.role': 'Changed a role',
  'account.password': 'Changed a password',
  'lead.view': 'Viewed a lead',
  'leads.download': 'Downloaded leads',
  'feedback.download': 'Downloaded feedback',
  'lead.mark': 'Marked contacted',
  'lead.unmark': 'Unmarked contacted',
  'lead.erase': 'Erased personal data',
};

function details(e: Entry): string {
  if (!e.detail) return '';
  if (e.action.endsWith('.download')) {
    const filters = Object.entries((e.detail.filters ?? {}) as Record<string, string>).map(([k, v]) => `${k} ${v}`);
    return `${String(e.detail.rows)} rows${filters.length ? `; ${filters.join(', ')}` : ''}`;
  }
  if (e.action === 'lead.erase') return `${(e.detail.leads as number[]).length} lead(s)`;
  const d = e.detail as Record<string, string | number | undefined>;
  if (e.action === 'account.role') return `${d.account}: ${d.from} → ${d.to}`;
  if (e.action === 'account.password')
    return `${d.account}${d.sessionsEnded ? `; ${d.sessionsEnded} other session(s) ended` : ''}`;
  if (e.action === 'account.add') return `${d.account} (${d.role})`;
  if (e.action === 'account.remove') return String(d.account);
  if (e.action === 'sign-in.failed') return d.reason === 'locked' ? 'locked out' : 'wrong email or password';
  if (e.action === 'session.end') return String(d.how ?? '');
  return '';
}

/** Who did what on the desk, newest first (admins only). */
export function AuditPage() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');

  const older = async (before: string) => {
    try {
      const page = await api<{ entries: Entry[]; next: string | null }>(`/desk/audit?before=${before}`);
      setEntries((current) => [...(current ?? []), ...page.entries]);
      setNext(page.next);
      setError('');
    } catch (err) {
      setError((err as Error).message);
    }
  };

  useEffect(() => {
    document.title = 'Audit · Sales desk';
    let current = true;
    api<{ entries: Entry[]; next: string | null }>('/desk/audit').then(
      (page) => current && (setEntries(page.entries), setNext(page.next)),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>Audit</h1>
      </div>
      {error && (
        <p role="alert" className="desk-error">
          {error}
        </p>
      )}
      {entries === null ? (
        !error && <p className="desk-muted">Loading the audit…</p>
      ) : entries.length === 0 ? (
        <p className="desk-empty">Nothing has been done on the desk yet.</p>
      ) : (
        <>
          <table className="desk-table">
            <caption className="visually-hidden">Who did what on the desk, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Lead</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </td>
                  <td data-label="Who">{e.actor}</td>
                  <td data-label="What">{WORDS[e.action] ?? e.action}</td>
                  <td data-label="Lead">{e.leadId && <Link to={`/desk/leads/${e.leadId}`}>#{e.leadId}</Link>}</td>
                  <td data-label="Details">{details(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {next && (
        <p>
          <button type="button" className="button button-ghost desk-small-button" onClick={() => void older(next)}>
            Show older entries
          </button>
        </p>
      )}
    </>
  );
}
