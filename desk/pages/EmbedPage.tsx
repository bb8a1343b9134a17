// An embed's page (issue 54): what a partner's developer pastes (the snippet and the React lines, each
// ready to copy), a link to its preview, the origins refused for it in the last 7 days (an admin allows
// one with a press), and, for admins, its form and a pause.
import { useEffect, useState } from 'react';
import { AGENT_TITLES } from '../../model/agents';
import { embedPreviewHref } from '../../model/desk-pages';
import { api, ApiError } from '../api';
import { reactLines, type EmbedAnswer, type EmbedDetail } from '../embed-words';
import { ago, when } from '../format';
import { Link } from '../router';
import { useLoad } from '../useLoad';
import { DeskNotices } from './DeskNotices';
import { EmbedForm } from './EmbedForm';
import { Row } from './Fact';

/** A block of code with a Copy button that says, for a moment and out loud, that it copied. */
function CopyBlock({ id, title, code }: { id: string; title: string; code: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const timer = window.setTimeout(() => setSaid(''), 4000);
    return () => window.clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setSaid('Copied');
    } catch {
      // A browser that keeps the clipboard from the page: the code is selectable all the same.
      setSaid('Could not copy: select the code and copy it yourself.');
    }
  };
  return (
    <section className="desk-panel desk-panel-code" aria-labelledby={`${id}-title`}>
      <div className="desk-title-row">
        <h2 id={`${id}-title`}>{title}</h2>
        <button
          type="button"
          className="button button-ghost desk-small-button"
          aria-describedby={`${id}-said`}
          onClick={() => void copy()}
        >
          Copy<span className="visually-hidden"> the {title.toLowerCase()}</span>
        </button>
      </div>
      <pre className="desk-code" tabIndex={0} aria-labelledby={`${id}-title`}>
        <code>{code}</code>
      </pre>
      <p id={`${id}-said`} role="status" className="desk-live">
        {said}
      </p>
    </section>
  );
}

export function EmbedPage({ id, admin, version }: { id: string; admin: boolean; version: string }) {
  const [loads, setLoads] = useState(0);
  const { data, error, setData } = useLoad<EmbedDetail>(`/desk/embeds/${id}`, `${version}.${loads}`);
  const [actionError, setActionError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState('');
  // The form starts again from the embed after a change made outside it (an origin allowed, a pause),
  // so saving it later never undoes that change; its own saves keep what was typed.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    document.title = `${data?.name ?? 'Embed'} · Sales desk`;
  }, [data?.name]);

  const saved = (embed: EmbedAnswer) => setData((now) => now && { ...now, ...embed });

  const change = async (what: string, body: Record<string, unknown>, words: string) => {
    setBusy(what);
    setActionError('');
    setDone('');
    try {
      saved(await api<EmbedAnswer>(`/desk/embeds/${id}`, { method: 'PATCH', body }));
      setDone(words);
      setFormKey((n) => n + 1);
      // The refused origins come with the embed's own read: read it again.
      setLoads((n) => n + 1);
    } catch (err) {
      setActionError((err as ApiError).message);
    }
    setBusy('');
  };

  // One heading from the first paint on, so the focus the app gives it on arrival stays when the embed loads.
  const title = (
    <>
      <p className="desk-back">
        <Link to="/desk/embeds">All embeds</Link>
      </p>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>{data?.name ?? 'Embed'}</h1>
        <div className="desk-title-actions">
          {data && admin && (
            <button
              type="button"
              className="button button-ghost desk-small-button"
              disabled={busy !== ''}
              onClick={() =>
                void change(
                  'active',
                  { active: !data.active },
                  data.active ? `${data.name} is paused.` : `${data.name} is active again.`,
                )
              }
            >
              {data.active ? 'Pause' : 'Resume'}
            </button>
          )}
          {data && (
            <a
              className="button button-ghost desk-small-button"
              href={embedPreviewHref(data.id)}
              target="_blank"
              rel="noopener"
            >
              Preview<span className="visually-hidden"> {data.name} (opens a new tab)</span>
            </a>
          )}
        </div>
      </div>
    </>
  );
  if (!data)
    return (
      <>
        {title}
        <DeskNotices error={error} loading="Loading the embed…" />
      </>
    );

  const allowed = new Set(data.origins);
  const refused = data.refusedOrigins.filter((r) => !allowed.has(r.origin));
  return (
    <>
      {title}
      <DeskNotices error={actionError || error} done={done} />
      <div className="desk-card desk-embed-facts">
        <dl>
          <Row label="Id">
            <code>{data.id}</code>
          </Row>
          <Row label="State">
            {data.active ? 'Active' : <strong>Paused: refuses new codes, leads and demos</strong>}
          </Row>
          <Row label="Origins">
            <ul className="desk-plain-list">
              {data.origins.map((origin) => (
                <li key={origin} className="desk-url">
                  {origin}
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Brand">{data.brandName}</Row>
          <Row label="Agents">{data.agents.map((a) => AGENT_TITLES[a]).join(', ')}</Row>
          <Row label="Countries">{data.countries.join(', ')}</Row>
          <Row label="Consent sentence">
            <p className="desk-consent desk-embed-consent">{data.consentText}</p>
          </Row>
          <Row label="Changed">
            <time dateTime={data.updatedAt}>{when(data.updatedAt)}</time>
          </Row>
        </dl>
      </div>

      <CopyBlock id="snippet" title="Snippet" code={data.snippet} />
      <CopyBlock id="react" title="React lines" code={reactLines(data)} />

      <section className="desk-panel desk-panel-wide" aria-labelledby="refused-title">
        <h2 id="refused-title">Refused origins, last 7 days</h2>
        {refused.length === 0 ? (
          <p className="desk-muted">No page outside the embed’s origins has tried to use it.</p>
        ) : (
          <table className="desk-table">
            <caption className="visually-hidden">Origins refused for this embed in the last 7 days</caption>
            <thead>
              <tr>
                <th scope="col">Origin</th>
                <th scope="col">Refused</th>
                <th scope="col">Last</th>
                {admin && (
                  <th scope="col">
                    <span className="visually-hidden">Allow</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {refused.map((r) => (
                <tr key={r.origin}>
                  <th scope="row" data-label="Origin" className="desk-url">
                    {r.origin}
                  </th>
                  <td data-label="Refused">{r.count === 1 ? 'once' : `${r.count} times`}</td>
                  <td data-label="Last">
                    <time dateTime={r.lastAt} title={when(r.lastAt)}>
                      {ago(r.lastAt)}
                    </time>
                  </td>
                  {admin && (
                    <td data-label="Allow">
                      <button
                        type="button"
                        className="button button-ghost desk-small-button"
                        disabled={busy !== ''}
                        aria-label={`Allow ${r.origin}`}
                        onClick={() =>
                          void change(r.origin, { origins: [...data.origins, r.origin] }, `${r.origin} is allowed.`)
                        }
                      >
                        Allow
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {admin && (
        <section className="desk-panel" aria-labelledby="change-embed-title">
          <h2 id="change-embed-title">Change the embed</h2>
          <EmbedForm key={formKey} embed={data} onSaved={saved} />
        </section>
      )}
    </>
  );
}
