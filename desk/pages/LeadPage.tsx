import { useEffect, useState, type ReactNode } from 'react';
import { api, type Contacted, type LeadDetail } from '../api';
import { Link } from '../App';
import { agentName, CALL_STATES, phone, when } from '../format';
import { httpsUrl } from '../links';

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="desk-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const pairs = (o: Record<string, string>) =>
  Object.keys(o).length ? (
    <ul className="desk-pairs">
      {Object.entries(o).map(([k, v]) => (
        <li key={k}>
          <span className="desk-key">{k}</span> {v}
        </li>
      ))}
    </ul>
  ) : null;

/** One lead: who, their call and every attempt, the transcript, the consent proof and where they came from. */
export function LeadPage({ id, version }: { id: number; version: string }) {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [error, setError] = useState('');
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState('');

  useEffect(() => {
    let current = true;
    api<LeadDetail>(`/desk/leads/${id}`).then(
      (d) => {
        if (!current) return;
        setDetail(d);
        setError('');
        document.title = `${d.lead.name} · Sales desk`;
      },
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [id, version]);

  async function markContacted() {
    setMarking(true);
    setMarkError('');
    try {
      const { contacted } = await api<{ contacted: Contacted }>(`/desk/leads/${id}/contacted`, { method: 'POST' });
      setDetail((d) => d && { ...d, contacted });
    } catch (err) {
      setMarkError((err as Error).message);
    } finally {
      setMarking(false);
    }
  }

  // One heading element from loading to loaded, so the focus it gets on arrival stays on it.
  const lead = detail?.lead;
  const contacted = detail?.contacted;
  const head = (
    <>
      <p className="desk-back">
        <Link to="/desk">← All leads</Link>
      </p>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>{lead ? lead.name : error ? 'Lead not shown' : 'Loading the lead…'}</h1>
        {lead && (
          <div className="desk-contacted" aria-live="polite">
            {contacted ? (
              <p className="desk-contacted-note">
                Contacted by {contacted.by}, {when(contacted.at)}
              </p>
            ) : (
              <button type="button" className="button button-primary desk-small-button" onClick={markContacted} disabled={marking}>
                Mark as contacted
              </button>
            )}
          </div>
        )}
      </div>
      {(markError || (error && !lead)) && (
        <p role="alert" className="desk-error">
          {markError || error}
        </p>
      )}
    </>
  );
  if (!detail || !lead) return <>{head}</>;

  const { call, attempts } = detail;
  const s = lead.source;
  return (
    <>
      {head}
      <div className="desk-grid">
        <section className="desk-card" aria-labelledby="h-lead">
          <h2 id="h-lead">Lead</h2>
          <dl>
            <Row label="Phone">
              <a href={`tel:${lead.phone}`}>{phone(lead.phone)}</a>
            </Row>
            <Row label="Agent">{agentName(lead.agentId)}</Row>
            <Row label="Received">{when(lead.createdAt)}</Row>
            <Row label="Lead number">{lead.id}</Row>
          </dl>
        </section>
        <section className="desk-card" aria-labelledby="h-call">
          <h2 id="h-call">Call</h2>
          {call ? (
            <dl>
              <Row label="Status">
                <span className={`desk-status desk-status-${call.status}`}>{CALL_STATES[call.status] ?? call.status}</span>
              </Row>
              <Row label="Attempts">{call.attempts}</Row>
              <Row label="Calls at">{call.callAt && when(call.callAt)}</Row>
              <Row label="Started">{call.startedAt && when(call.startedAt)}</Row>
              <Row label="Ended">{call.endedAt && when(call.endedAt)}</Row>
              <Row label="Duration">{call.durationSeconds !== null ? `${Math.round(call.durationSeconds)} s` : null}</Row>
              <Row label="How it ended">{call.endedReason}</Row>
              <Row label="Why not called">{call.failureReason}</Row>
              <Row label="Last error">{call.lastError}</Row>
              <Row label="Summary">{call.summary}</Row>
              <Row label="Success evaluation">{call.successEvaluation}</Row>
              <Row label="Recording">
                {httpsUrl(call.recordingUrl) && (
                  <a href={httpsUrl(call.recordingUrl)!} rel="noreferrer noopener" target="_blank">
                    Listen to the recording
                  </a>
                )}
              </Row>
            </dl>
          ) : (
            <p>No call was planned for this lead.</p>
          )}
        </section>
      </div>

      <section className="desk-card" aria-labelledby="h-attempts">
        <h2 id="h-attempts">Call attempts</h2>
        {attempts.length ? (
          <table className="desk-table desk-table-compact">
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col">Outcome</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a.attempt}>
                  <th scope="row" data-label="Attempt">
                    {a.attempt}
                  </th>
                  <td data-label="Started">{when(a.startedAt)}</td>
                  <td data-label="Finished">{when(a.finishedAt)}</td>
                  <td data-label="Outcome">{a.outcome ?? 'Unknown so far'}</td>
                  <td data-label="Error">{a.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No attempt yet.</p>
        )}
      </section>

      <section className="desk-card" aria-labelledby="h-transcript">
        <h2 id="h-transcript">Transcript</h2>
        {call?.transcript ? <pre className="desk-transcript">{call.transcript}</pre> : <p>No transcript yet: it arrives when the call has ended.</p>}
      </section>

      <div className="desk-grid">
        <section className="desk-card" aria-labelledby="h-consent">
          <h2 id="h-consent">Consent proof</h2>
          <blockquote className="desk-consent">{lead.consent.text}</blockquote>
          <dl>
            <Row label="Version">{lead.consent.version}</Row>
            <Row label="Ticked at">{lead.consent.consentedAt && when(lead.consent.consentedAt)}</Row>
            <Row label="Phone verified at">{lead.consent.verifiedAt && when(lead.consent.verifiedAt)}</Row>
            <Row label="SHA-256 of the text">{lead.consent.sha256 && <code className="desk-hash">{lead.consent.sha256}</code>}</Row>
          </dl>
        </section>
        <section className="desk-card" aria-labelledby="h-source">
          <h2 id="h-source">Where they came from</h2>
          <dl>
            <Row label="Page">{s.pageUrl && <span className="desk-url">{s.pageUrl}</span>}</Row>
            <Row label="Referrer">{s.referrer && <span className="desk-url">{s.referrer}</span>}</Row>
            <Row label="Campaign (UTM)">{pairs(s.utm)}</Row>
            <Row label="Click ids">{pairs(s.clickIds)}</Row>
            <Row label="Page metadata">{pairs(s.metadata)}</Row>
            <Row label="Time zone">{s.timeZone}</Row>
            <Row label="Address">{s.ip}</Row>
            <Row label="Browser">{s.userAgent}</Row>
          </dl>
        </section>
      </div>
    </>
  );
}
