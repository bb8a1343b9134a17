// The desk's router: the location in a context, links and `navigate` from it, so pages import this
// module and never the app (no import circle). `replace` is for a filter's change, not a new page.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

type Navigate = (to: string, options?: { replace?: boolean }) => void;
type RouterValue = { location: URL; navigate: Navigate };

const RouterContext = createContext<RouterValue | null>(null);

export function Router({ children }: { children: ReactNode }) {
  const [href, setHref] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    const back = () => setHref(window.location.pathname + window.location.search);
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
    setHref(to);
    if (!replace) window.scrollTo({ top: 0 });
  }, []);
  const value = useMemo(() => ({ location: new URL(href, window.location.origin), navigate }), [href, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter needs <Router>');
  return value;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link within the desk; modified clicks (new tab, new window) keep the browser's own behaviour. */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} {...rest}>
      {children}
    </a>
  );
}

/** Moves focus to the page's heading (after a navigation, or a change that redraws the page). */
export function focusHeading() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('#main h1')?.focus());
}
