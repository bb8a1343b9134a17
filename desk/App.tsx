import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Wordmark } from '../ui/Wordmark';
import { api, whenSignedOut, type Session } from './api';
import { AccountPage } from './pages/AccountPage';
import { AccountsPage } from './pages/AccountsPage';
import { AuditPage } from './pages/AuditPage';
import { DemoPage } from './pages/DemoPage';
import { DemosPage } from './pages/DemosPage';
import { EmbedPage } from './pages/EmbedPage';
import { EmbedsPage } from './pages/EmbedsPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { LeadPage } from './pages/LeadPage';
import { LeadsPage } from './pages/LeadsPage';
import { OverviewPage } from './pages/OverviewPage';
import { SignIn } from './pages/SignIn';
import { focusHeading, Link, useRouter } from './router';
import { deskRouteOf, type DeskRoute } from '../model/desk-pages';

export type Route = DeskRoute;

/** How often an open desk asks whether anything changed (a cheap query: a few maxima). */
export const POLL_MS = 2500;

/** The "changed since" figure, polled while the page is visible: pages reload their data when it moves. */
function useVersion(enabled: boolean) {
  const [version, setVersion] = useState('');
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer = 0;
    const ask = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const { version: next } = await api<{ version: string }>('/desk/changes');
          if (!stopped) setVersion(next);
        } catch {
          // Offline or signed out: the next tick tries again, or the sign-in shows.
        }
      }
      if (!stopped) timer = window.setTimeout(ask, POLL_MS);
    };
    timer = window.setTimeout(ask, POLL_MS);
    const visible = () => document.visibilityState === 'visible' && (window.clearTimeout(timer), void ask());
    document.addEventListener('visibilitychange', visible);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [enabled]);
  return version;
}

const NAV: [to: string, label: string, names: Route['name'][]][] = [
  ['/desk', 'Leads', ['leads', 'lead']],
  ['/desk/to-call', 'To call', ['to-call']],
  ['/desk/overview', 'Overview', ['overview']],
  ['/desk/demos', 'Demos', ['demos', 'demo']],
  ['/desk/feedback', 'Feedback', ['feedback']],
  ['/desk/embeds', 'Embeds', ['embeds', 'embed']],
];

export function App() {
  const { location, navigate } = useRouter();
  const [session, setSession] = useState<Session | null | 'unknown'>('unknown');
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    whenSignedOut(() => setSession(null));
    api<Session | undefined>('/session').then(
      (s) => setSession(s ?? null),
      () => setSession(null),
    );
  }, []);

  const signedIn = session !== 'unknown' && session !== null;
  // After moving to another page, signing in or out, focus goes to the page's heading, so a screen
  // reader starts there (pages that change in place focus it themselves: see focusHeading).
  const pathname = location.pathname;
  const focusKey = `${pathname}|${signedIn}|${session === 'unknown'}`;
  useEffect(() => {
    if (session === 'unknown') return;
    if (first.current) {
      first.current = false;
      return;
    }
    focusHeading();
  }, [focusKey, session]);

  const version = useVersion(signedIn);
  const route = deskRouteOf(pathname);

  const signOut = useCallback(async () => {
    try {
      await api('/session', { method: 'DELETE' });
    } catch {
      // Already gone: the sign-in shows all the same.
    }
    setSession(null);
    navigate('/desk');
  }, [navigate]);

  let page: ReactNode;
  if (session === 'unknown') page = <p className="desk-muted">Loading…</p>;
  else if (!session) page = <SignIn onSignedIn={setSession} />;
  else if (route.name === 'leads' || route.name === 'to-call')
    page = <LeadsPage key={route.name} toCall={route.name === 'to-call'} search={location.search} version={version} />;
  else if (route.name === 'lead') page = <LeadPage id={route.id} version={version} admin={session.role === 'admin'} />;
  else if (route.name === 'overview') page = <OverviewPage search={location.search} />;
  else if (route.name === 'demos') page = <DemosPage search={location.search} />;
  else if (route.name === 'demo') page = <DemoPage id={route.demoId} />;
  else if (route.name === 'feedback') page = <FeedbackPage search={location.search} version={version} />;
  else if (route.name === 'embeds') page = <EmbedsPage admin={session.role === 'admin'} version={version} />;
  else if (route.name === 'embed')
    page = <EmbedPage key={route.embedId} id={route.embedId} admin={session.role === 'admin'} version={version} />;
  else if (route.name === 'audit' && session.role === 'admin') page = <AuditPage />;
  else if (route.name === 'accounts' && session.role === 'admin') page = <AccountsPage me={session.email} />;
  else if (route.name === 'account') page = <AccountPage email={session.email} />;
  else
    page = (
      <>
        <h1 tabIndex={-1}>Nothing is here</h1>
        <p>
          <Link to="/desk">Back to the leads</Link>
        </p>
      </>
    );

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="desk-header">
        <div className="desk-header-inner">
          <span className="desk-brand">
            <Wordmark />
            <span className="desk-brand-label">Sales desk</span>
          </span>
          {signedIn && (
            <>
              <nav aria-label="Desk" className="desk-nav">
                {NAV.map(([to, label, names]) => (
                  <Link key={to} to={to} aria-current={names.includes(route.name) ? 'page' : undefined}>
                    {label}
                  </Link>
                ))}
                {session.role === 'admin' && (
                  <>
                    <Link to="/desk/audit" aria-current={route.name === 'audit' ? 'page' : undefined}>
                      Audit
                    </Link>
                    <Link to="/desk/accounts" aria-current={route.name === 'accounts' ? 'page' : undefined}>
                      Accounts
                    </Link>
                  </>
                )}
              </nav>
              <div className="desk-account">
                <Link
                  to="/desk/account"
                  className="desk-email"
                  aria-current={route.name === 'account' ? 'page' : undefined}
                  title="Your account: password and sessions"
                >
                  {session.email.split('@').map((part, i) => (i ? [<wbr key={i} />, `@${part}`] : part))}
                </Link>
                <button type="button" className="button button-ghost desk-small-button" onClick={signOut}>
                  Sign out
                </button>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" ref={main} className="desk-main">
        {page}
      </main>
    </>
  );
}
