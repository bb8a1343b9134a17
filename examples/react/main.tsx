import { StrictMode, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import type {} from '../../widgets/jsx';
import type { DemoRequestSubmitDetail } from '../../widgets/index';

/** A host app with its own React 19 copy, using the widgets through their typed tags. */
function App() {
  const [brand, setBrand] = useState('Acme');
  const [lead, setLead] = useState<DemoRequestSubmitDetail | null>(null);
  const [calls, setCalls] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <>
      <h1>Widgets in a React {version} app</h1>
      <p>This app bundles its own React; the widgets bring theirs inside the script tag.</p>
      <section className="stage">
        <label>
          Brand <input id="brand" value={brand} onChange={(e) => setBrand(e.target.value)} />
        </label>
      </section>
      <section className="stage">
        <ai-voice-demo
          id="voice"
          public-key="demo-key"
          api-url="http://127.0.0.1:9/unreachable"
          onai-voice-demo-start={() => setCalls((n) => n + 1)}
          onai-voice-demo-error={(e) => setErrors((list) => [...list, e.detail.message])}
        />
        <ai-feedback id="feedback" backend-url="/api" />
        <ai-voice-demo
          variant="launcher"
          placement="bottom-left"
          label="Acme"
          launcher-label="Ask us anything"
          simulate
        />
      </section>
      <section className="stage">
        <ai-demo-request id="demo" brand-name={brand} onai-demo-request-submit={(e) => setLead(e.detail)} />
      </section>
      <h2>Captured lead</h2>
      <div id="lead" className="log">
        {lead ? `${lead.agentId} / ${lead.name} / ${lead.phone}` : 'No lead yet.'}
      </div>
      <h2>Voice</h2>
      <div id="voice-log" className="log">
        {calls} call(s); errors: {errors.join(' | ') || 'none'}
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
