import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { when } from '../format';
import { DeskNotices } from './DeskNotices';

type Account = {
  id: number;
  email: string;
  role: 'admin' | 'agent';
  createdAt: string;
  sessions: number;
  twoStep: 'on' | 'off' | 'required';
};
const TWO_STEP_WORDS = { on: 'On', off: 'Off', required: 'Required, not set up' };

/** The desk's accounts and their roles (admins only): an admin makes another admin, or an agent. */
export function AccountsPage({ me }: { me: string }) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(0);

  const [loads, setLoads] = useState(0);

  useEffect(() => {
    document.title = 'Accounts · Sales desk';
    let current = true;
    api<{ accounts: Account[] }>('/desk/accounts').then(
      (answer) => current && setAccounts(answer.accounts),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [loads]);

  const giveRole = async (account: Account, role: Account['role']) => {
    setBusy(account.id);
    setError('');
    setDone('');
    try {
      await api(`/desk/accounts/${account.id}/role`, { method: 'PUT', body: { role } });
      // An admin who made themself an agent may no longer be here: the desk opens again as an agent's.
      if (account.email === me && role === 'agent') return window.location.assign('/desk');
      setDone(`${account.email} is now an ${role}.`);
      setLoads((n) => n + 1);
    } catch (err) {
      setError((err as ApiError).message);
    }
    setBusy(0);
  };

  return (
    <>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>Accounts</h1>
      </div>
      <p className="desk-muted">
        Agents see and mark leads and download lists. Admins also erase a person’s data, read the audit and give roles
        here. Accounts are added and removed with <code>npm run desk-user</code> on the server.
      </p>
      <DeskNotices error={error} done={done} loading={accounts === null && 'Loading the accounts…'} />
      {accounts === null ? null : (
        <table className="desk-table">
          <caption className="visually-hidden">The desk’s accounts</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Two-step</th>
              <th scope="col">Live sessions</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => {
              const other = a.role === 'admin' ? 'agent' : 'admin';
              return (
                <tr key={a.id}>
                  <th scope="row" data-label="Email">
                    <span className="desk-wrap">
                      {a.email}
                      {a.email === me && <span className="desk-muted"> (you)</span>}
                    </span>
                  </th>
                  <td data-label="Role">{a.role === 'admin' ? 'Admin' : 'Agent'}</td>
                  <td data-label="Two-step">
                    {a.twoStep === 'required' ? <strong>{TWO_STEP_WORDS.required}</strong> : TWO_STEP_WORDS[a.twoStep]}
                  </td>
                  <td data-label="Live sessions">{a.sessions}</td>
                  <td data-label="Added">
                    <time dateTime={a.createdAt}>{when(a.createdAt)}</time>
                  </td>
                  <td data-label="Change">
                    <button
                      type="button"
                      className="button button-ghost desk-small-button"
                      disabled={busy === a.id}
                      aria-label={`Make ${a.email} an ${other}`}
                      onClick={() => void giveRole(a, other)}
                    >
                      Make {other}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
