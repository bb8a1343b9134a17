import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Wordmark } from '../site/components/Wordmark';
import { api, whenSignedOut, type Session } from './api';
import { AuditPage } from './pages/AuditPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { LeadPage } from './pages/LeadPage';
import { LeadsPage } from './pages/LeadsPage';
import { SignIn } from './pages/SignIn';

export type Route = { name: 'leads' } | { name: 'lead'; id: number } | { name: 'feedback' } | { name: 'audit' } | { name: 'missing' };

function routeOf(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/desk') return { name: 'leads' };
  if (path === '/desk/feedback') return { name: 'feedback' };
  if (path === '/desk/audit') return { name: 'audit' };
  const lead = /^\/desk\/leads\/([1-9]\d{0,9})$/.exec(path);
  return lead ? { name: 'lead', id: Number(lead[1]) } : { name: 'missing' };
}

/** How often an open desk asks whether anything changed (a cheap query: a few maxima). */
export const POLL_MS = 2500;

let go: (to: string, replace: boolean) => void = () => {};
/** Moves within the desk without a reload (`replace`: a filter's change, not a new page in the history). */
export const navigate = (to: string, { replace = false }: { replace?: boolean } = {}) => go(to, replace);

export function Link({ to, children, className, ...rest }: { to: string; children: ReactNode; className?: string; 'aria-current'?: 'page' }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} className={className} {...rest}>
      {children}
    </a>
  );
}

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
    void ask();
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

export function App() {
  const [location, setLocation] = useState(() => window.location.pathname + window.location.search);
  const [session, setSession] = useState<Session | null | 'unknown'>('unknown');
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    go = (to, replace) => {
      window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
      setLocation(to);
    };
    const back = () => setLocation(window.location.pathname + window.location.search);
    window.addEventListener('popstate', back);
    whenSignedOut(() => setSession(null));
    api<Session>('/session').then(setSession, () => setSession(null));
    return () => window.removeEventListener('popstate', back);
  }, []);

  // After moving to another page, focus goes to its heading, so a screen reader starts there.
  const pathname = location.split('?')[0];
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname]);

  const signedIn = session !== 'unknown' && session !== null;
  const version = useVersion(signedIn);
  const url = new URL(location, window.location.origin);
  const route = routeOf(url.pathname);

  const signOut = useCallback(async () => {
    try {
      await api('/session', { method: 'DELETE' });
    } catch {
      // Already gone: the sign-in shows all the same.
    }
    setSession(null);
    navigate('/desk');
  }, []);

  let page: ReactNode;
  if (session === 'unknown') page = <p className="desk-loading">Loading…</p>;
  else if (!session) page = <SignIn onSignedIn={setSession} />;
  else if (route.name === 'leads') page = <LeadsPage search={url.search} version={version} />;
  else if (route.name === 'lead') page = <LeadPage id={route.id} version={version} admin={session.role === 'admin'} />;
  else if (route.name === 'feedback') page = <FeedbackPage search={url.search} version={version} />;
  else if (route.name === 'audit' && session.role === 'admin') page = <AuditPage />;
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
                <Link to="/desk" aria-current={route.name === 'leads' || route.name === 'lead' ? 'page' : undefined}>
                  Leads
                </Link>
                <Link to="/desk/feedback" aria-current={route.name === 'feedback' ? 'page' : undefined}>
                  Feedback
                </Link>
                {session.role === 'admin' && (
                  <Link to="/desk/audit" aria-current={route.name === 'audit' ? 'page' : undefined}>
                    Audit
                  </Link>
                )}
              </nav>
              <div className="desk-account">
                <span className="desk-email">{session.email}</span>
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
