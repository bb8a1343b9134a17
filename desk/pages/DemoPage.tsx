import { useEffect, useState } from 'react';
import { transcriptTurns } from '../../model/demos';
import type { DemoDetail } from '../api';
import { when } from '../format';
import { useLoad } from '../useLoad';
import { Link } from '../router';
import { Row } from './Fact';
import { demoAgent, demoLength, endedWords, modeWords } from './demo-words';

const WHO = { agent: 'Agent', visitor: 'Visitor', tool: 'Page action' } as const;

/** One demo: where and with whom, how it ended, the summary, the conversation turn by turn, and the lead that followed. */
export function DemoPage({ id }: { id: string }) {
  const [attempt, setAttempt] = useState(0);
  const { data: demo, error } = useLoad<DemoDetail>(`/desk/demos/${encodeURIComponent(id)}`, `try-${attempt}`);

  useEffect(() => {
    if (demo) document.title = `Demo of ${when(demo.createdAt)} · Sales desk`;
  }, [demo]);

  const head = (
    <>
      <p className="desk-back">
        <Link to="/desk/demos">← All demos</Link>
      </p>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>
          {demo ? `Demo of ${when(demo.createdAt)}` : error ? 'Demo not shown' : 'Loading the demo…'}
        </h1>
      </div>
      {error && !demo && (
        <div role="alert" className="desk-error">
          <p>{error}</p>
          <button
            type="button"
            className="button button-ghost desk-small-button"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      )}
    </>
  );
  if (!demo) return <>{head}</>;

  const turns = demo.transcript ? transcriptTurns(demo.transcript) : [];
  return (
    <>
      {head}
      <div className="desk-grid">
        <section className="desk-card" aria-labelledby="h-demo">
          <h2 id="h-demo">Demo</h2>
          <dl>
            <Row label="Agent">{demoAgent(demo.agentId)}</Row>
            <Row label="Kind">{modeWords(demo.mode)}</Row>
            <Row label="Started">{when(demo.createdAt)}</Row>
            <Row label="Ended">{demo.endedAt ? when(demo.endedAt) : 'No report yet'}</Row>
            <Row label="Length">{demo.durationSeconds !== null ? demoLength(demo.durationSeconds) : null}</Row>
            <Row label="How it ended">{endedWords(demo.endedReason)}</Row>
            <Row label="Page">{demo.pageUrl && <span className="desk-url">{demo.pageUrl}</span>}</Row>
            <Row label="Site">{demo.origin}</Row>
          </dl>
        </section>
        <section className="desk-card" aria-labelledby="h-then">
          <h2 id="h-then">Afterwards</h2>
          {demo.lead ? (
            <p>
              <Link to={`/desk/leads/${demo.lead.id}`}>{demo.lead.name || 'The visitor'}</Link> asked for a call,{' '}
              {when(demo.lead.createdAt)}.
            </p>
          ) : (
            <p>No lead followed this demo from the same tab.</p>
          )}
          <h3 className="desk-subhead">Summary</h3>
          <p>{demo.summary ?? 'The voice provider sent no summary for this demo.'}</p>
        </section>
      </div>
      <section className="desk-card" aria-labelledby="h-transcript">
        <h2 id="h-transcript">Transcript</h2>
        {turns.length ? (
          <ol className="desk-turns">
            {turns.map((t, i) => (
              <li key={i} className={t.who ? `desk-turn desk-turn-${t.who}` : 'desk-turn'}>
                {t.who && <span className="desk-turn-who">{WHO[t.who]}</span>}
                <span className="desk-turn-text">{t.text}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p>
            {demo.endedAt
              ? 'The voice provider sent no transcript for this demo.'
              : 'No transcript yet: it arrives when the demo has ended.'}
          </p>
        )}
      </section>
    </>
  );
}
