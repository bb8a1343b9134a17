import { currentZoneName } from '../../model/time-zones';
import { useEffect, useState } from 'react';
import { api, type LeadDetail, type Marked } from '../api';
import { agentName, FAILURE_WORDS, minutesSeconds, OUTCOMES, outcomeIdOf, phone, successWords, when } from '../format';
import { useLoad } from '../useLoad';
import { focusHeading, Link } from '../router';
import { OutcomeBadge } from './LeadRows';
import { httpsUrl } from '../links';
import { EraseLead } from './EraseLead';
import { demoWords } from './demo-words';
import { Row } from './Fact';

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

/** An attempt's result in words (stored as `placed <call id>`, `retry`, `unknown` or `failed`). */
function attemptWords(outcome: string | null) {
  if (!outcome) return 'Unknown so far';
  if (outcome.startsWith('placed')) return 'Call placed';
  return (
    { retry: 'Will try again', unknown: 'Unknown: checked with the provider', failed: 'Not placed' }[outcome] ?? outcome
  );
}

/** Why there is no transcript: one is promised only where a call is still to come or under way. */
function transcriptNote(outcome: ReturnType<typeof outcomeIdOf>) {
  if (!outcome) return 'No call was planned, so there is no transcript.';
  if (!OUTCOMES[outcome].final) return 'No transcript yet: it arrives when the call has ended.';
  if (outcome === 'answered') return 'The voice provider sent no transcript for this call.';
  return 'No transcript: no conversation took place.';
}

/** One lead: who, their call and every attempt, the transcript, the consent proof and where they came from. */
export function LeadPage({ id, version, admin = false }: { id: number; version: string; admin?: boolean }) {
  const { data: detail, error, setData: setDetail } = useLoad<LeadDetail>(`/desk/leads/${id}`, version);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState('');
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (detail) document.title = `${detail.lead.name} · Sales desk`;
  }, [detail]);

  /** Marks the lead contacted, or undoes the mark; the page's heading takes the focus back either way. */
  async function mark(method: 'POST' | 'DELETE') {
    setMarking(true);
    setMarkError('');
    try {
      const marked = await api<Marked>(`/desk/leads/${id}/contacted`, { method });
      setDetail((d) => d && { ...d, ...marked });
      setSaid(method === 'POST' ? 'Marked as contacted.' : 'Mark undone: the lead is not contacted.');
    } catch (err) {
      setMarkError((err as Error).message);
    } finally {
      setMarking(false);
      focusHeading();
    }
  }

  // One heading element from loading to loaded, so the focus it gets on arrival stays on it.
  const lead = detail?.lead;
  const contacted = detail?.contacted;
  const outcome = outcomeIdOf(detail?.call ? { ...detail.call, outcome: detail.outcome } : null);
  const doNotCall = outcome === 'do-not-call';
  const head = (
    <>
      <p className="desk-back">
        <Link to="/desk">← All leads</Link>
      </p>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>
          {lead ? lead.name || 'Personal data erased' : error ? 'Lead not shown' : 'Loading the lead…'}
        </h1>
        {lead && (
          <div className="desk-contacted">
            {contacted ? (
              <>
                <p className="desk-contacted-note">
                  Contacted by {contacted.by}, {when(contacted.at)}
                </p>
                <button
                  type="button"
                  className="button button-ghost desk-small-button"
                  onClick={() => mark('DELETE')}
                  disabled={marking}
                >
                  Undo<span className="visually-hidden"> the contacted mark</span>
                </button>
              </>
            ) : (
              !doNotCall && (
                <button
                  type="button"
                  className="button button-primary desk-small-button"
                  onClick={() => mark('POST')}
                  disabled={marking}
                >
                  Mark as contacted
                </button>
              )
            )}
          </div>
        )}
      </div>
      <p role="status" className="desk-live">
        {said}
      </p>
      {doNotCall && (
        <p className="desk-warning" role="note">
          <strong>Do not call.</strong> This number is on the do-not-call list: no call was made, and no one should call
          it.
        </p>
      )}
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
              {doNotCall ? (
                <span className="desk-nowrap">{phone(lead.phone)}</span>
              ) : (
                <a href={`tel:${lead.phone}`} className="desk-nowrap">
                  {phone(lead.phone)}
                </a>
              )}
            </Row>
            <Row label="Agent">{agentName(lead.agentId)}</Row>
            <Row label="Received">{when(lead.createdAt)}</Row>
            <Row label="Web demo">
              {detail.demo?.mode ? (
                <Link to={`/desk/demos/${encodeURIComponent(detail.demo.sessionId)}`}>{demoWords(detail.demo)}</Link>
              ) : (
                demoWords(detail.demo)
              )}
            </Row>
            <Row label="Lead number">{lead.id}</Row>
            <Row label="Contact history">
              {detail.marks.length ? (
                <ul className="desk-pairs">
                  {detail.marks.map((m) => (
                    <li key={`${m.at}${m.action}`}>
                      {m.action === 'marked' ? 'Marked contacted' : 'Mark undone'} by {m.by}, {when(m.at)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Row>
          </dl>
        </section>
        <section className="desk-card" aria-labelledby="h-call">
          <h2 id="h-call">Call</h2>
          {call ? (
            <dl>
              <Row label="Outcome">
                <OutcomeBadge call={{ ...call, outcome: detail.outcome }} />
              </Row>
              <Row label="Attempts">{call.attempts}</Row>
              <Row label="Calls at">{call.callAt && when(call.callAt)}</Row>
              <Row label="Started">{call.startedAt && when(call.startedAt)}</Row>
              <Row label="Ended">{call.endedAt && when(call.endedAt)}</Row>
              <Row label="Duration">{call.durationSeconds !== null ? minutesSeconds(call.durationSeconds) : null}</Row>
              <Row label="Why not called">
                {call.failureReason && (FAILURE_WORDS[call.failureReason] ?? call.failureReason)}
              </Row>
              <Row label="Last error">{call.lastError}</Row>
              <Row label="Summary">{call.summary}</Row>
              <Row label="Success">{successWords(call.successEvaluation)}</Row>
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
                  <td data-label="Outcome">{attemptWords(a.outcome)}</td>
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
        {call?.transcript ? <pre className="desk-transcript">{call.transcript}</pre> : <p>{transcriptNote(outcome)}</p>}
      </section>

      <div className="desk-grid">
        <section className="desk-card" aria-labelledby="h-consent">
          <h2 id="h-consent">Consent proof</h2>
          <blockquote className="desk-consent">{lead.consent.text}</blockquote>
          <dl>
            <Row label="Version">{lead.consent.version}</Row>
            <Row label="Ticked at">{lead.consent.consentedAt && when(lead.consent.consentedAt)}</Row>
            <Row label="Phone verified at">{lead.consent.verifiedAt && when(lead.consent.verifiedAt)}</Row>
            <Row label="SHA-256 of the text">
              {lead.consent.sha256 && <code className="desk-hash">{lead.consent.sha256}</code>}
            </Row>
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
            <Row label="Time zone">{s.timeZone && currentZoneName(s.timeZone)}</Row>
            <Row label="Address">{s.ip}</Row>
            <Row label="Browser">{s.userAgent}</Row>
          </dl>
        </section>
        {admin && lead.phone && <EraseLead id={id} />}
      </div>
    </>
  );
}
